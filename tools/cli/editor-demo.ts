// `rr serve --demo`: the bundled infusion-pump example copied into a fresh git repository of its own, so
// the quick start's saves, commits and tags never touch the repository rr was started from.
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGit } from '../git/git-client.js';

/** The example as shipped beside the compiled CLI (dist/tools/cli → examples/infusion-pump). */
const EXAMPLE = fileURLToPath(new URL('../../../examples/infusion-pump/', import.meta.url));

/** Where a demo lives: the repository, its model and its evidence. */
export interface EditorDemo {
  repository: string;
  model: string;
  evidence: string;
}

// The first commit is rr's, not the user's: a fixed identity, so no git configuration is needed.
const DEMO_AUTHOR = {
  GIT_AUTHOR_NAME: 'rr demo',
  GIT_AUTHOR_EMAIL: 'demo@rr.invalid',
  GIT_COMMITTER_NAME: 'rr demo',
  GIT_COMMITTER_EMAIL: 'demo@rr.invalid',
};

/** Copies the example into a new temporary folder, makes it a git repository and commits it. */
export async function createEditorDemo(example = EXAMPLE): Promise<EditorDemo> {
  if (!existsSync(example)) throw new Error(`the bundled example is not at ${example}`);
  const repository = mkdtempSync(join(tmpdir(), 'rr-serve-demo-'));
  const model = join(repository, 'infusion-pump');
  cpSync(example, model, { recursive: true });
  await runGit(repository, ['init', '--quiet', '--initial-branch=main']);
  await runGit(repository, ['add', '--all']);
  await runGit(
    repository,
    ['commit', '--quiet', '--no-gpg-sign', '-m', 'The rr example: a volumetric infusion pump'],
    {
      env: DEMO_AUTHOR,
    },
  );
  return { repository, model, evidence: join(model, 'bazel-testlogs') };
}
