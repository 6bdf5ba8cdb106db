// The model as a git revision holds it: the same files a directory load reads (model-files.ts rules),
// taken from the revision's tree with `git cat-file --batch` and composed like files on disk, so the
// semantic diff compares like with like.
import { realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { byCodePoint } from '../model/code-point-order.js';
import { composeModelText } from '../model/compose-file.js';
import { modelFromFiles } from '../model/load-model.js';
import { isModelFileName } from '../model/model-files.js';
import { decodeModelBytes } from '../model/model-text.js';
import type { Model } from '../model/model.js';
import type { GitClient } from '../git/git-client.js';

const SYMLINK_MODE = '120000';

/** Loads the model at `modelPath` (a file or directory of the working tree) as commit `commit` has it. */
export async function modelAtRevision(git: GitClient, commit: string, modelPath: string): Promise<Model> {
  const real = await realpath(modelPath);
  const isDirectory = (await stat(real)).isDirectory();
  const rel = relative(await realpath(git.root), real)
    .split(sep)
    .join('/');
  const tree = (await git.listTree(commit, rel)).filter((f) => f.mode !== SYMLINK_MODE);
  const inside = (path: string) => (rel === '' ? path : path.slice(rel.length + 1));
  const files = isDirectory
    ? tree.filter((f) => {
        const segments = inside(f.path).split('/');
        const name = segments[segments.length - 1]!;
        return (
          isModelFileName(name) &&
          segments.every((s) => !s.startsWith('.') && s !== 'node_modules' && !s.startsWith('bazel-'))
        );
      })
    : tree.filter((f) => f.path === rel);
  files.sort((a, b) => byCodePoint(inside(a.path), inside(b.path)));
  const blobs = await git.readBlobs(files.map((f) => f.object));
  // Paths as the working tree's, so a diff names the same files on both sides.
  const paths = files.map((f) => (isDirectory ? join(modelPath, inside(f.path)) : modelPath));
  const composed = files.map((f, i) =>
    composeModelText(paths[i]!, decodeModelBytes(paths[i]!, blobs.get(f.object)!)),
  );
  return modelFromFiles(modelPath, { files: paths, diagnostics: [], unreadable: false }, composed);
}
