// The code viewer's file endpoint (docs/api.md, GET /api/source): only text files inside the repository,
// never the git directory, never through a symbolic link that leads out of it. A path with `..`, an
// absolute path, a `.git` segment or a NUL is refused before the file system is asked.
import { realpath } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repositoryPath } from '../../sources/repository-file.js';
import { EditorRouteError } from '../editor-route-error.js';
import { sourceFileLines } from '../../http/source-file-lines.js';
import type { EditorContext } from '../editor-context.js';
import { queryOf } from '../request-input.js';

/** GET /api/source: a text file of the repository, line by line. */
export interface SourceFile {
  path: string;
  lines: string[];
  line_count: number;
}

/** The source route. */
export function registerSourceRoutes(app: FastifyInstance, ctx: EditorContext): void {
  app.get('/api/source', async (request): Promise<SourceFile> => {
    const { path } = queryOf(request.query);
    const root = ctx.session.root;
    const file = await repositoryFile(root, path);
    const lines = await sourceFileLines(file, path ?? '', 'the code viewer');
    return {
      path: relative(await realpath(root), file)
        .split(sep)
        .join('/'),
      lines,
      line_count: lines.length,
    };
  });
}

/** The real path of a repository file a request names; 400/403/404 otherwise. */
export async function repositoryFile(root: string, path: string | undefined): Promise<string> {
  if (!path) throw new EditorRouteError('bad-request', '"path" is required');
  const where = await repositoryPath(root, path);
  if (where.kind === 'refused') throw new EditorRouteError('outside-repository', `${path}: ${where.reason}`);
  if (where.kind === 'missing') throw new EditorRouteError('not-found', where.reason);
  return where.real;
}
