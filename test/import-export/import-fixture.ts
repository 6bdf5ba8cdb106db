// Writes a source tree for an import test and imports it into a fresh folder, as a user's shell would.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadModel } from '../../tools/model/load-model.js';
import type { Model } from '../../tools/model/model.js';
import { rr } from '../cli/run-cli.js';

/** Writes `files` (relative path → text) under a new temporary folder and returns it. */
export async function sourceTree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'rr-import-src-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

/** Runs `rr import FORMAT SOURCE --out <new folder> ...extra` and loads the model it wrote. */
export async function runImport(
  format: string,
  source: string,
  extra: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string; out: string; model: Model | undefined }> {
  const out = join(await mkdtemp(join(tmpdir(), 'rr-import-out-')), 'model');
  const run = await rr(['import', format, source, '--out', out, ...extra]);
  return { ...run, out, model: run.code === 0 ? await loadModel(out) : undefined };
}
