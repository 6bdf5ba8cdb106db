// Git: status, refs and log of the checkout, a semantic diff of the model between two revisions or a
// revision and the working tree, committing the model's changes and naming a baseline with an annotated
// tag. Everything goes through the real git binary (git-client.ts); revisions are checked first.
import type { FastifyInstance } from 'fastify';
import { confirmSnapshot, readSnapshot } from '../../edit/model-snapshot.js';
import type { GitClient, GitCommit, GitRef, GitStatus, StatusEntry } from '../../git/git-client.js';
import { checkNewRefName, checkRevision } from '../../git/ref-names.js';
import { EditorRouteError } from '../editor-route-error.js';
import { authorText } from '../../git/author-text.js';
import { requiredAuthor, type EditorContext } from '../editor-context.js';
import { modelPaths, modelRoots } from '../../app/model-git-paths.js';
import { modelAtRevision } from '../../app/model-at-revision.js';
import { queryOf, wholeNumber } from '../request-input.js';
import { COMMIT_BODY, TAG_BODY } from './body-schemas.js';
import { semanticDiff, type ModelDiff } from '../../app/semantic-diff.js';

/** GET /api/git/status: the checkout's branch and changes, marking the model's files. */
export type GitStatusAnswer =
  | { repository: false }
  | (Omit<GitStatus, 'files'> & {
      repository: true;
      files: (StatusEntry & { model: boolean })[];
      model_changes: number;
    });

/** GET /api/git/refs: branches, tags and HEAD. */
export interface RefList {
  refs: GitRef[];
}

/** GET /api/git/log: the commits that touched the model, newest first. */
export interface CommitLog {
  commits: GitCommit[];
}

/** GET /api/diff: the model compared between two revisions, or a revision and the working tree. */
export type DiffAnswer = ModelDiff & {
  from: { ref: string; commit: string };
  to: { ref: string; commit: string | null };
};

/** POST /api/git/commit: the commit made of the model's changes. */
export interface CommitAnswer {
  ok: true;
  commit: string;
  files: string[];
  author: string;
}

/** The git and diff routes. */
export function registerGitRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { session } = ctx;
  const repo = (): GitClient => {
    if (!ctx.git)
      throw new EditorRouteError(
        'not-a-repository',
        'the model is not in a git checkout; git features are off',
      );
    return ctx.git;
  };

  app.get('/api/git/status', async (): Promise<GitStatusAnswer> => {
    if (!ctx.git) return { repository: false };
    const status = await ctx.git.status();
    const model = await modelPaths(session, ctx.git);
    return {
      repository: true,
      ...status,
      files: status.files.map((f) => ({ ...f, model: model.includes(f.path) })),
      model_changes: status.files.filter((f) => model.includes(f.path)).length,
    };
  });

  app.get('/api/git/refs', async (): Promise<RefList> => ({ refs: await repo().refs() }));

  app.get('/api/git/log', async (request): Promise<CommitLog> => {
    const query = queryOf(request.query);
    const git = repo();
    const paths = query.path ? [query.path] : await modelRoots(session, git);
    const commits = await git.log({
      revision: query.ref ? checkRevision(query.ref) : 'HEAD',
      paths,
      limit: wholeNumber(query.limit, 'limit', 50, 1000),
    });
    return { commits };
  });

  app.get('/api/diff', async (request): Promise<DiffAnswer> => {
    const query = queryOf(request.query);
    const git = repo();
    const fromRef = checkRevision(query.from || 'HEAD');
    const fromCommit = await resolved(git, fromRef);
    const before = await modelAtRevision(git, fromCommit, session.options.modelPath);
    let after;
    let to: { ref: string; commit: string | null };
    if (query.to) {
      const toRef = checkRevision(query.to);
      const toCommit = await resolved(git, toRef);
      after = await modelAtRevision(git, toCommit, session.options.modelPath);
      to = { ref: toRef, commit: toCommit };
    } else {
      // The working tree: the loaded model when the files are still as loaded, else read afresh.
      const snapshot = await confirmSnapshot(session.snapshot).catch(() =>
        readSnapshot(session.options.modelPath),
      );
      after = snapshot.model;
      to = { ref: 'working tree', commit: null };
    }
    return {
      from: { ref: fromRef, commit: fromCommit },
      to,
      ...semanticDiff(before, after, (f) => session.repoPath(f)),
    };
  });

  app.post<{ Body: { message: string }; Reply: CommitAnswer }>(
    '/api/git/commit',
    { schema: { body: COMMIT_BODY } },
    async (request, reply) => {
      const git = repo();
      const { message } = request.body;
      const author = requiredAuthor(ctx, request);
      const changed = new Set(await modelPaths(session, git));
      const files = (await git.status()).files.filter((f) => changed.has(f.path)).map((f) => f.path);
      if (files.length === 0)
        throw new EditorRouteError('nothing-to-commit', 'no model file or lock has changes to commit');
      const commit = await git.commit(message, author, files);
      return reply.code(201).send({ ok: true, commit, files, author: authorText(author) });
    },
  );

  app.post<{ Body: { name: string; message: string; ref?: string | null } }>(
    '/api/git/tag',
    { schema: { body: TAG_BODY } },
    async (request, reply) => {
      const git = repo();
      const name = checkNewRefName(request.body.name);
      const message = request.body.message;
      const revision = checkRevision(request.body.ref || 'HEAD');
      const author = requiredAuthor(ctx, request);
      if (await git.hasTag(name))
        throw new EditorRouteError('tag-exists', `a tag named ${name} exists already`);
      await resolved(git, revision);
      const commit = await git.tag(name, message, author, revision);
      return reply.code(201).send({ ok: true, tag: name, commit, author: authorText(author) });
    },
  );
}

/** The commit a checked revision names, or 404. */
async function resolved(git: GitClient, revision: string): Promise<string> {
  try {
    return await git.resolve(revision);
  } catch {
    throw new EditorRouteError('unknown-ref', `no commit is named "${revision}"`);
  }
}
