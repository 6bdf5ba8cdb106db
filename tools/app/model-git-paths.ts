// Which of a checkout's paths are the model's (docs/api.md, "Git"): the model path and the lock relative
// to the repository root, and the changed files that a directory load would read or that are the lock.
// The git routes list the commits that touched them, mark them in the status and commit them.
import { realpath } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import type { GitClient } from '../git/git-client.js';
import { isModelFileName } from '../model/model-files.js';
import { verificationLockPathOf } from '../verify/verification-lock-path.js';
import type { ModelSession } from './model-session.js';

/** The model path and the lock, relative to the repository root. */
export async function modelRoots(session: ModelSession, git: GitClient): Promise<string[]> {
  const root = await realpath(git.root);
  const out = [
    relative(root, await realpath(session.options.modelPath))
      .split(sep)
      .join('/') || '.',
  ];
  const lock = verificationLockPathOf(session.model);
  if (lock)
    out.push(
      relative(root, await realpath(lock).catch(() => lock))
        .split(sep)
        .join('/'),
    );
  return out;
}

/** Status paths that belong to the model (model files below the model path, as a load reads them, or the lock). */
export async function modelPaths(session: ModelSession, git: GitClient): Promise<string[]> {
  const [model, lock] = await modelRoots(session, git);
  const status = await git.status();
  const below = (p: string) =>
    model === '.' ? p : p.startsWith(`${model}/`) ? p.slice(model!.length + 1) : undefined;
  return status.files
    .map((f) => f.path)
    .filter((p) => {
      if (p === lock || p === model) return true;
      const rel = below(p);
      if (rel === undefined) return false;
      const segments = rel.split('/');
      return (
        isModelFileName(segments[segments.length - 1]!) &&
        segments.every((s) => !s.startsWith('.') && s !== 'node_modules' && !s.startsWith('bazel-'))
      );
    });
}
