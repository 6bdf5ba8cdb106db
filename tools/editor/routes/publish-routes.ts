// POST /api/publish: the Changes page's Publish action (docs/editor.md, docs/publish.md). The audit pack
// of a tag or commit, published by the one publisher (tools/publish) from the model and lock as that
// revision holds them and the loaded evidence, into a folder inside the repository or a new temporary
// folder; the answer says where.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { checkRevision } from '../../git/ref-names.js';
import { EditorRouteError } from '../editor-route-error.js';
import { PublishError } from '../../publish/publish-error.js';
import { publishPack } from '../../publish/publish-pack.js';
import { repositoryWritePath } from '../../sources/repository-write-path.js';
import type { EditorContext } from '../editor-context.js';
import { PUBLISH_BODY } from './body-schemas.js';

/** POST /api/publish: where the pack went. */
export interface PublishAnswer {
  ok: true;
  ref: string;
  commit: string | null;
  /** the pack's folder: absolute, and relative to the repository when inside it */
  out: string;
  relative: string | null;
  index: string;
  files: number;
}

/** The publish route. */
export function registerPublishRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;
  app.post<{ Body: { ref: string; folder?: string | null } }>(
    '/api/publish',
    { schema: { body: PUBLISH_BODY } },
    async (request, reply) => {
      const git = ctx.git;
      if (!git)
        throw new EditorRouteError(
          'not-a-repository',
          'the model is not in a git checkout: there is no tag to publish',
        );
      const ref = checkRevision(request.body.ref);
      const folder = request.body.folder?.trim();
      let out: string;
      let rel: string | null = null;
      if (folder) {
        const place = await repositoryWritePath(git.root, folder, 'folder');
        if (place.kind === 'refused') throw new EditorRouteError('bad-request', place.reason);
        out = place.real;
        rel = place.relative;
      } else out = join(await mkdtemp(join(tmpdir(), 'rr-pack-')), 'pack');
      try {
        const result = await publishPack({
          model: session.options.modelPath,
          ...(session.options.evidenceDir ? { evidence: session.options.evidenceDir } : {}),
          baseline: ref,
          out,
        });
        return reply.code(201).send({
          ok: true,
          ref,
          commit: result.data.baseline.commit,
          out,
          relative: rel,
          index: join(out, 'index.html'),
          files: result.files.length,
        } satisfies PublishAnswer);
      } catch (error) {
        if (error instanceof PublishError) throw new EditorRouteError('publish-refused', error.message);
        throw error;
      }
    },
  );
}
