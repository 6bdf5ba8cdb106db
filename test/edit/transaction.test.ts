// Saves, conflicts and crashes (docs/editing.md): all-or-nothing writes under the checkout lock, refused when
// a file the save read changed on disk; file modes, symbolic links and git checkouts are respected.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { recoverJournal } from '../../tools/edit/journal.js';
import { withCheckoutLock } from '../../tools/edit/checkout-lock.js';
import { editStateDir } from '../../tools/edit/state-dir.js';
import {
  dataOf,
  expectTree,
  fixtureCopy,
  gitStatus,
  rejection,
  save,
  tempDir,
  treeOf,
  update,
  versionOf,
} from './edit-fixture.js';

const retitle = (d: Record<string, unknown>) => ({ ...d, title: 'Rate entry in mL/h' });

describe('changed on disk', () => {
  test('a file the save read changes before the write: 409 changed-on-disk, the other writer’s bytes stay', async () => {
    const dir = await fixtureCopy('links');
    const risks = join(dir, 'risks.yaml');
    const theirs = (await readFile(risks, 'utf8')).replace('Overdose', 'Overdose of a drug');
    const error = await rejection(update(dir, 'REQ-001', retitle, { check: () => writeFile(risks, theirs) }));
    expect(error.code).toBe('changed-on-disk');
    expect(error.message).toBe(
      `${risks} changed on disk since the save read it; reload and apply your change again`,
    );
    expect(await readFile(risks, 'utf8')).toBe(theirs);
    expect((await dataOf(dir, 'REQ-001')).title).toBe('Rate entry');
  });

  test('a change that keeps the file’s size is caught; the same bytes written again are no change', async () => {
    const dir = await fixtureCopy('links');
    const risks = join(dir, 'risks.yaml');
    const before = await readFile(risks, 'utf8');
    const theirs = before.replace('Overdose', 'Overd0se');
    expect(theirs.length).toBe(before.length);
    const error = await rejection(update(dir, 'REQ-001', retitle, { check: () => writeFile(risks, theirs) }));
    expect(error.code).toBe('changed-on-disk');
    expect(await readFile(risks, 'utf8')).toBe(theirs);
    await update(dir, 'REQ-001', retitle, { check: () => writeFile(risks, theirs) });
    expect((await dataOf(dir, 'REQ-001')).title).toBe('Rate entry in mL/h');
  });

  test('the lock file counts as read', async () => {
    const dir = await fixtureCopy('links');
    const lock = join(dir, 'rr.lock.json');
    const error = await rejection(
      save(
        dir,
        { op: 'rename', id: 'REQ-001', newId: 'REQ-010', version: await versionOf(dir, 'REQ-001') },
        { check: () => writeFile(lock, '{"version": 1, "cases": []}\n') },
      ),
    );
    expect(error.code).toBe('changed-on-disk');
    expect(error.message).toMatch(/rr\.lock\.json changed on disk/);
    expect(await dataOf(dir, 'REQ-002')).toMatchObject({ refines: 'REQ-001' });
  });

  test('a change while the new contents are being written is caught before the commit point', async () => {
    const dir = await fixtureCopy('links', { git: true });
    const needs = join(dir, 'needs.yaml');
    const theirs = (await readFile(needs, 'utf8')).replace('infusion rate', 'rate');
    const error = await rejection(
      update(dir, 'REQ-001', retitle, {
        onStep: (step) => (step === 'prepared' ? writeFile(needs, theirs) : undefined),
      }),
    );
    expect(error.code).toBe('changed-on-disk');
    expect(gitStatus(dir)).toBe(' M needs.yaml\n'); // theirs; ours not written, no temp file left
  });

  test('a model file added meanwhile is a change on disk too', async () => {
    const dir = await fixtureCopy('links');
    const added = join(dir, 'more.yaml');
    const error = await rejection(
      update(dir, 'REQ-001', retitle, { check: () => writeFile(added, 'risks: []\n') }),
    );
    expect(error.code).toBe('changed-on-disk');
    expect(error.message).toMatch(/more\.yaml was added on disk since the save read the model/);
  });
});

describe('files', () => {
  test('the file mode is kept', async () => {
    const dir = await fixtureCopy('links');
    const file = join(dir, 'requirements.yaml');
    await chmod(file, 0o640);
    await update(dir, 'REQ-001', retitle);
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect((await dataOf(dir, 'REQ-001')).title).toBe('Rate entry in mL/h');
  });

  test('a model file that is a symbolic link stays a link; the file it names is edited', async () => {
    const root = await tempDir();
    const dir = join(root, 'model');
    await mkdir(dir);
    await mkdir(join(root, 'shared'));
    await writeFile(
      join(root, 'shared', 'reqs.yaml'),
      'requirements:\n  - id: REQ-001\n    title: Rate entry\n',
    );
    await symlink('../shared/reqs.yaml', join(dir, 'reqs.yaml'));
    await update(dir, 'REQ-001', retitle);
    expect(await readlink(join(dir, 'reqs.yaml'))).toBe('../shared/reqs.yaml');
    expect(await readFile(join(root, 'shared', 'reqs.yaml'), 'utf8')).toBe(
      'requirements:\n  - id: REQ-001\n    title: Rate entry in mL/h\n',
    );
  });

  test('a dry run plans and proves but writes nothing', async () => {
    const dir = await fixtureCopy('links');
    const result = await update(dir, 'REQ-001', retitle, { dryRun: true });
    expect(result.dryRun).toBe(true);
    expect(result.after.byId.get('REQ-001')?.data.title).toBe('Rate entry in mL/h');
    await expectTree(dir, 'links', 'before');
  });

  test('a refusing check (the one-owner checks) stops the save before anything is written', async () => {
    const dir = await fixtureCopy('links');
    const error = await rejection(
      update(dir, 'REQ-001', retitle, {
        check: ({ after }) => {
          if (after.byId.get('REQ-001')?.data.title !== 'Rate entry') throw new Error('shared-case: refused');
        },
      }),
    );
    expect(error.message).toBe('shared-case: refused');
    await expectTree(dir, 'links', 'before');
  });

  test('a failure before the commit point leaves every file old and no temp file behind', async () => {
    const dir = await fixtureCopy('links', { git: true });
    const error = await rejection(
      save(
        dir,
        { op: 'rename', id: 'REQ-001', newId: 'REQ-010', version: await versionOf(dir, 'REQ-001') },
        {
          onStep: (step) => {
            if (step === 'prepared') throw new Error('disk full');
          },
        },
      ),
    );
    expect(error).toMatchObject({ code: 'write-failed', message: 'nothing was written: disk full' });
    await expectTree(dir, 'links', 'before');
    expect(gitStatus(dir)).toBe('');
    expect(await recoverJournal(dir)).toEqual({ outcome: 'none', files: [] });
  });
});

describe('git checkouts', () => {
  test('the lock and journal live in .git, so git status shows only the edited model files', async () => {
    const dir = await fixtureCopy('links', { git: true });
    await save(dir, {
      op: 'rename',
      id: 'REQ-001',
      newId: 'REQ-010',
      version: await versionOf(dir, 'REQ-001'),
    });
    expect(await editStateDir(dir)).toBe(join(dir, '.git', 'rr-edit'));
    expect(gitStatus(dir)).toBe(' M requirements.yaml\n M risks.yaml\n M rr.lock.json\n');
    await expectTree(dir, 'links', 'rename');
  });

  test('in a linked worktree the state lives in that worktree’s own git directory', async () => {
    const dir = await fixtureCopy('links', { git: true });
    const linked = join(await tempDir(), 'wt');
    execFileSync('git', ['worktree', 'add', '-q', linked], { cwd: dir, stdio: 'pipe' });
    expect(await editStateDir(linked)).toBe(join(dir, '.git', 'worktrees', 'wt', 'rr-edit'));
    await update(linked, 'REQ-001', retitle);
    expect(gitStatus(linked)).toBe(' M requirements.yaml\n');
  });

  test('outside git the state lives in .rr-edit, which the model loader skips', async () => {
    const dir = await fixtureCopy('links');
    await update(dir, 'REQ-001', retitle);
    expect(await editStateDir(dir)).toBe(join(dir, '.rr-edit'));
    expect([...(await treeOf(dir)).keys()].sort()).toEqual([
      'needs.yaml',
      'requirements.yaml',
      'risks.yaml',
      'rr.lock.json',
      'rr.yaml',
    ]);
  });
});

describe('checkout lock', () => {
  test('a save waits for the lock and gives up with checkout-locked, naming the holder', async () => {
    const dir = await fixtureCopy('links');
    const error = await rejection(
      withCheckoutLock(dir, () => update(dir, 'REQ-001', retitle, { timeoutMs: 50 })),
    );
    expect(error.code).toBe('checkout-locked');
    expect(error.message).toMatch(
      new RegExp(`another save holds the checkout lock \\(process ${process.pid} on `),
    );
    await expectTree(dir, 'links', 'before');
  });

  test('recovery at start-up waits for the lock, so it never disturbs another process’s commit', async () => {
    const dir = await fixtureCopy('links');
    const error = await rejection(withCheckoutLock(dir, () => recoverJournal(dir, { timeoutMs: 50 })));
    expect(error.code).toBe('checkout-locked');
  });

  test('a lock left by a process that died is taken over', async () => {
    const dir = await fixtureCopy('links');
    const dead = Number(
      execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
        encoding: 'utf8',
      }),
    );
    const lock = join(await editStateDir(dir), 'edit.lock');
    await mkdir(lock);
    await writeFile(
      join(lock, 'holder.json'),
      JSON.stringify({ pid: dead, host: hostname(), token: 'gone', since: '2026-01-01T00:00:00Z' }),
    );
    await update(dir, 'REQ-001', retitle);
    expect((await dataOf(dir, 'REQ-001')).title).toBe('Rate entry in mL/h');
    await expect(stat(lock)).rejects.toThrow(/ENOENT/);
  });
});
