// The code viewer's file endpoint (docs/api.md, GET /api/source): only text files inside the repository,
// never the git directory, never through a symbolic link that leads out of it. A path with `..`, an
// absolute path, a `.git` segment or a NUL is refused before the file system is asked.
import { realpath } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { confinedFile } from '../../sources/confined-file.js';
import { ApiError } from '../../http/api-error.js';
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
  if (!path) throw new ApiError(400, 'bad-request', '"path" is required');
  const refuse = (why: string) => new ApiError(403, 'outside-repository', `${path}: ${why}`);
  if (path.split(/[\\/]/).some((s) => s.toLowerCase() === '.git'))
    throw refuse('the git directory is not served');
  const found = await confinedFile(root, path, 'the repository');
  if (!found.ok) {
    if (found.why === 'outside') throw refuse(found.message);
    throw new ApiError(404, 'not-found', found.message);
  }
  if (found.rel.split('/').some((s) => s.toLowerCase() === '.git'))
    throw refuse('the git directory is not served');
  return found.real;
}
