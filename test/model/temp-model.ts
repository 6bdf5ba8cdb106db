// Temporary model directories for the loader tests: each test writes its own files into a fresh
// directory, removed when the test ends.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import type { Diagnostic } from '../../tools/model/diagnostic.js';
import { loadModel } from '../../tools/model/load-model.js';
import type { Model } from '../../tools/model/model.js';

/** File contents by path relative to the model directory ('/'-separated). */
export type Files = Record<string, string | Uint8Array>;

/** Writes files into a fresh temp directory (removed after the test) and returns its path. */
export async function modelDir(files: Files): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rr-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

/** Writes files and loads the directory (or `sub` inside it) as a model. */
export async function load(files: Files, sub = ''): Promise<{ dir: string; model: Model }> {
  const dir = await modelDir(files);
  return { dir, model: await loadModel(sub === '' ? dir : join(dir, sub)) };
}

/** The single diagnostic a model has; fails the test when there are none or several. */
export function onlyDiagnostic(model: Model): Diagnostic {
  expect(model.diagnostics).toHaveLength(1);
  return model.diagnostics[0]!;
}

/** The diagnostics of one rule. */
export function ofRule(model: Model, rule: string): Diagnostic[] {
  return model.diagnostics.filter((d) => d.rule === rule);
}

/** Ids of the model's entities in load order. */
export function ids(model: Model): string[] {
  return model.entities.map((e) => e.id);
}

/** Lines joined with LF and a final LF, so files read like the YAML they hold. */
export function lines(...text: string[]): string {
  return text.map((l) => `${l}\n`).join('');
}
