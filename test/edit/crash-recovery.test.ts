// All-or-nothing writes (docs/editing.md, "Saves, conflicts and crashes") under a crash: a child process
// saving a multi-file edit is killed (SIGKILL) at a fixed step of the commit; after recoverJournal every file
// is wholly old (killed before the commit point) or wholly new (killed after it), and no temp file is left.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import type { EditRequest } from '../../tools/edit/edit-request.js';
import { recoverJournal } from '../../tools/edit/journal.js';
import { readSnapshot } from '../../tools/edit/model-snapshot.js';
import type { CommitStep } from '../../tools/edit/transaction.js';
import { buildIfStale } from '../built-dist.js';
import { expectTree, fixtureCopy, gitStatus, save, treeOf, versionOf } from './edit-fixture.js';

const child = fileURLToPath(new URL('./commit-child.js', import.meta.url));

/** The child runs the built library. */
beforeAll(
  () => buildIfStale('dist/tools/edit/save-edit.js', ['tools/edit', 'tools/model', 'tools/verify']),
  120_000,
);

/** Runs a save in a child process, kills it with SIGKILL when it reports the step, and waits for it to die. */
async function killedAt(dir: string, request: EditRequest, step: CommitStep): Promise<void> {
  const proc = spawn(process.execPath, [child, dir, JSON.stringify(request)], {
    env: { ...process.env, RR_TEST_STOP_AT: step },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((done) =>
    proc.on('exit', (_code, signal) => done(signal)),
  );
  await new Promise<void>((done, fail) => {
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`stopped at ${step}`)) done();
    });
    proc.on('exit', () => fail(new Error(`the child ended without stopping at ${step}: ${out}${err}`)));
  });
  proc.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

/** Names of leftover temp files under a directory. */
async function tempFiles(dir: string): Promise<string[]> {
  return [...(await treeOf(dir)).keys()].filter((f) => /\.rr-[0-9a-f]+\.tmp$/.test(f));
}

async function renameRequest(dir: string): Promise<EditRequest> {
  return { op: 'rename', id: 'REQ-001', newId: 'REQ-010', version: await versionOf(dir, 'REQ-001') };
}

describe('a rename over three files (two model files and the lock), killed mid-commit', () => {
  test('after the temp files are written, before the commit point: rolled back, every file old', async () => {
    const dir = await fixtureCopy('links', { git: true });
    await killedAt(dir, await renameRequest(dir), 'prepared');
    expect(await tempFiles(dir)).toHaveLength(3); // the new contents were waiting beside their targets
    expect(await recoverJournal(dir)).toMatchObject({ outcome: 'rolled-back' });
    await expectTree(dir, 'links', 'before');
    expect(gitStatus(dir)).toBe('');
  });

  test('right after the commit point: rolled forward, every file new', async () => {
    const dir = await fixtureCopy('links', { git: true });
    await killedAt(dir, await renameRequest(dir), 'committed');
    expect(await recoverJournal(dir)).toMatchObject({ outcome: 'rolled-forward' });
    await expectTree(dir, 'links', 'rename');
  });

  test('after the first file was renamed into place: rolled forward, every file new', async () => {
    const dir = await fixtureCopy('links', { git: true });
    await killedAt(dir, await renameRequest(dir), 'renamed-first');
    // Killed halfway: one file is new, the others are old, and their new contents wait in temp files.
    expect(gitStatus(dir)).toMatch(
      /^ M requirements\.yaml\n\?\? \.risks\.yaml\.rr-[0-9a-f]+\.tmp\n\?\? \.rr\.lock\.json\.rr-[0-9a-f]+\.tmp\n$/,
    );
    const recovery = await recoverJournal(dir);
    expect(recovery.outcome).toBe('rolled-forward');
    expect(recovery.files.map((f) => f.slice(dir.length + 1))).toEqual([
      'requirements.yaml',
      'risks.yaml',
      'rr.lock.json',
    ]);
    await expectTree(dir, 'links', 'rename');
    expect(gitStatus(dir)).toBe(' M requirements.yaml\n M risks.yaml\n M rr.lock.json\n');
    expect(await recoverJournal(dir)).toEqual({ outcome: 'none', files: [] });
  });
});

test('a forced delete that removes a file and edits another, killed after the first step: wholly new', async () => {
  const dir = await fixtureCopy('one-object', { git: true });
  const request: EditRequest = {
    op: 'delete',
    id: 'REQ-001',
    force: true,
    version: await versionOf(dir, 'REQ-001'),
  };
  const reference = await fixtureCopy('one-object');
  await save(reference, request);
  await killedAt(dir, request, 'renamed-first');
  expect(await recoverJournal(dir)).toMatchObject({ outcome: 'rolled-forward' });
  expect(await treeOf(dir)).toEqual(await treeOf(reference));
  expect(await tempFiles(dir)).toEqual([]);
});

test('the next save recovers an interrupted commit before it reads the model', async () => {
  const dir = await fixtureCopy('links', { git: true });
  const version = await versionOf(dir, 'REQ-003');
  await killedAt(dir, await renameRequest(dir), 'renamed-first');
  const data = {
    ...(await readSnapshot(dir)).model.byId.get('REQ-003')!.data,
    title: 'Occlusion alarm, audible',
  };
  await save(dir, { op: 'update', id: 'REQ-003', data, version });
  const { model } = await readSnapshot(dir);
  expect(model.byId.get('REQ-010')).toBeDefined();
  expect(model.byId.get('REQ-002')?.data.refines).toBe('REQ-010');
  expect(model.byId.get('REQ-003')?.data.title).toBe('Occlusion alarm, audible');
  expect(gitStatus(dir)).toBe(' M requirements.yaml\n M risks.yaml\n M rr.lock.json\n');
});
