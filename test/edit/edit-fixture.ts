// Edit fixtures: test/fixtures/edit/<scenario>/before is a model directory; each test copies it into a
// fresh temp directory, edits it, and compares the whole tree byte for byte with
// test/fixtures/edit/<scenario>/<case>.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, onTestFinished } from 'vitest';
import type { EditRequest } from '../../tools/edit/edit-request.js';
import { entityVersion } from '../../tools/edit/entity-version.js';
import { readSnapshot } from '../../tools/edit/model-snapshot.js';
import { saveEdit, type SaveOptions, type SaveResult } from '../../tools/edit/save-edit.js';

/** The edit fixtures folder. */
export const FIXTURES = fileURLToPath(new URL('../fixtures/edit/', import.meta.url));

/** A fresh temp directory, removed when the test ends. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rr-edit-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A copy of a scenario's `before` model in a fresh temp directory; with `git`, a repository with it committed. */
export async function fixtureCopy(scenario: string, options: { git?: boolean } = {}): Promise<string> {
  const dir = await tempDir();
  await cp(join(FIXTURES, scenario, 'before'), dir, { recursive: true });
  if (options.git) initRepo(dir);
  return dir;
}

/** Makes a directory a git repository with everything committed. */
export function initRepo(dir: string): void {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=rr test', '-c', 'user.email=rr@example.com', ...args], {
      cwd: dir,
      stdio: 'pipe',
    });
  git('init', '-q');
  git('config', 'core.autocrlf', 'false');
  git('add', '-A');
  git('commit', '-qm', 'model');
}

/** `git status --porcelain` of a repository. */
export function gitStatus(dir: string): string {
  return execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' });
}

/** Every file under a directory (relative '/'-paths → bytes), except git's and the editor's state. */
export async function treeOf(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(join(dir, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.name === '.git' || entry.name === '.rr-edit') continue;
      if (entry.isDirectory()) await walk(path);
      else out.set(path, await readFile(join(dir, path)));
    }
  };
  await walk('');
  return out;
}

/** Asserts that a directory holds exactly the files of a fixture case, byte for byte. */
export async function expectTree(dir: string, scenario: string, expected: string): Promise<void> {
  const got = await treeOf(dir);
  const want = await treeOf(join(FIXTURES, scenario, expected));
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [path, bytes] of want) {
    // Compared as text first so a failure shows the lines; then as bytes (line endings, BOM).
    expect(got.get(path)!.toString('utf8'), path).toBe(bytes.toString('utf8'));
    expect(got.get(path)!.equals(bytes), path).toBe(true);
  }
}

/** The current version of an entity of the model in a directory. */
export async function versionOf(dir: string, id: string): Promise<string> {
  const snapshot = await readSnapshot(dir);
  const entity = snapshot.model.byId.get(id);
  if (!entity) throw new Error(`no entity ${id} in ${dir}`);
  return entityVersion(entity);
}

/** The data of an entity as loaded now. */
export async function dataOf(dir: string, id: string): Promise<Record<string, unknown>> {
  const entity = (await readSnapshot(dir)).model.byId.get(id);
  if (!entity) throw new Error(`no entity ${id} in ${dir}`);
  return entity.data;
}

/** Saves an edit of the model in a directory (the directory is the checkout root too). */
export function save(dir: string, request: EditRequest, options: SaveOptions = {}): Promise<SaveResult> {
  return saveEdit({ root: dir, modelPath: dir }, request, options);
}

/** Updates an entity: `change` maps its current data to the new data. */
export async function update(
  dir: string,
  id: string,
  change: (data: Record<string, unknown>) => Record<string, unknown>,
  options: SaveOptions = {},
): Promise<SaveResult> {
  const data = await dataOf(dir, id);
  return save(
    dir,
    { op: 'update', id, data: change(structuredClone(data)), version: await versionOf(dir, id) },
    options,
  );
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the edit to be refused, but it succeeded');
}

/** A copy of data without some keys. */
export function omit(data: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const out = { ...data };
  for (const key of keys) delete out[key];
  return out;
}
