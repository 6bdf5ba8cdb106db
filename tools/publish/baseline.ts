// Where a pack comes from in git: the baseline commit (HEAD, or --baseline REF read from git with the
// working tree untouched), its tag and date, whether the working tree's model or lock differs from it,
// and readers of the model and lock as a revision holds them.
import { realpath } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { GitClient } from '../git/git-client.js';
import type { Model } from '../model/model.js';
import { modelAtRevision } from './model-history.js';
import type { Baseline } from './pack-data.js';
import { PublishError } from './publish-error.js';

/** A resolved revision: its commit and date. */
export interface Revision {
  ref: string;
  commit: string;
  date: string;
}

/** The repository of the model, or undefined outside git. */
export async function modelRepository(modelPath: string): Promise<GitClient | undefined> {
  const dir = resolve(modelPath);
  return (await GitClient.open(dir)) ?? (await GitClient.open(resolve(dir, '..')));
}

/** A revision the user named, or a PublishError saying it names no commit. */
export async function resolveRevision(git: GitClient, ref: string, flag: string): Promise<Revision> {
  const commit = await git.resolve(ref).catch(() => '');
  if (!commit)
    throw new PublishError(
      `${flag} ${ref}: no tag, branch or commit of that name in ${git.root}; name one that \`git log\` shows`,
    );
  const [entry] = await git.log({ revision: commit, limit: 1 });
  return { ref, commit, date: entry!.date };
}

/** The baseline of a publication: --baseline's revision, else HEAD and whether the tree differs. */
export async function baselineOf(
  git: GitClient | undefined,
  revision: Revision | undefined,
  paths: readonly string[],
): Promise<Baseline> {
  if (!git) return { tag: null, commit: null, date: null, modified: false };
  const at = revision ?? (await resolveRevision(git, 'HEAD', 'HEAD').catch(() => undefined));
  if (!at) return { tag: null, commit: null, date: null, modified: true };
  const tags = (await git.refs())
    .filter((r) => r.kind === 'tag' && r.commit === at.commit)
    .map((r) => r.name);
  const tag = revision && tags.includes(revision.ref) ? revision.ref : (tags.sort()[0] ?? null);
  let modified = false;
  if (!revision) {
    const root = await realpath(git.root);
    const rels = await Promise.all(paths.map(async (p) => repoPath(root, p)));
    const status = await git.status();
    modified = status.files.some((f) =>
      rels.some((rel) => rel === '' || f.path === rel || f.path.startsWith(`${rel}/`)),
    );
  }
  return { tag, commit: at.commit, date: at.date, modified };
}

async function repoPath(root: string, path: string): Promise<string> {
  const real = await realpath(path).catch(() => resolve(path));
  return relative(root, real).split(sep).join('/');
}

/** Readers of the model and the lock as `commit` has them, for loadInputs. */
export function readersAt(git: GitClient, commit: string) {
  return {
    readModel: (path: string): Promise<Model> => modelAtRevision(git, commit, path),
    readLock: async (path: string): Promise<string | undefined> => {
      const rel = await repoPath(await realpath(git.root), path);
      const [file] = (await git.listTree(commit, rel)).filter((f) => f.path === rel);
      if (!file) return undefined;
      return (await git.readBlobs([file.object])).get(file.object)!.toString('utf8');
    },
  };
}
