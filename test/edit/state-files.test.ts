// The files a save keeps in the checkout's edit state folder (docs/editing.md, "Saves, conflicts and
// crashes") are checked when read: a commit journal of the wrong shape is journal-conflict naming the file
// and what is wrong, and stays for a person to look at; a lock whose holder file is of the wrong shape
// names no holder.
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { withCheckoutLock } from '../../tools/edit/checkout-lock.js';
import { recoverJournal } from '../../tools/edit/journal.js';
import { editStateDir } from '../../tools/edit/state-dir.js';
import { rejection, tempDir } from './edit-fixture.js';

const REMEDY = 'remove it after checking the files it names';

async function journalFile(dir: string, text: string): Promise<string> {
  const path = join(await editStateDir(dir), 'edit-journal.json');
  await writeFile(path, text);
  return path;
}

describe('the commit journal', () => {
  test('one of the wrong shape is journal-conflict naming the file and the entry, and stays', async () => {
    const dir = await tempDir();
    const text = JSON.stringify({ version: 1, id: 'c1', state: 'committed', files: [{ temp: '/x.tmp' }] });
    const path = await journalFile(dir, text);
    const error = await rejection(recoverJournal(dir));
    expect(error.code).toBe('journal-conflict');
    expect(error.message).toBe(`${path}: files[0] has no string "path"; ${REMEDY}`);
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  test('one that is not JSON is journal-conflict naming its line', async () => {
    const dir = await tempDir();
    const path = await journalFile(dir, '{\n  "version": 1,\n  "files": [\n');
    const error = await rejection(recoverJournal(dir));
    expect(error.code).toBe('journal-conflict');
    expect(error.message).toMatch(new RegExp(`^${path}:4: is not valid JSON \\(.+\\); ${REMEDY}$`));
  });
});

describe('the checkout lock', () => {
  const lockOf = async (dir: string, text: string, ageMs: number) => {
    const path = join(await editStateDir(dir), 'edit.lock');
    await mkdir(path);
    await writeFile(join(path, 'holder.json'), text);
    const when = new Date(Date.now() - ageMs);
    await utimes(path, when, when);
    return path;
  };
  const WRONG = JSON.stringify({ pid: 'not a number', host: 'elsewhere' });

  test('a fresh lock of the wrong shape holds the lock; giving up names the lock', async () => {
    const dir = await tempDir();
    const path = await lockOf(dir, WRONG, 0);
    const error = await rejection(withCheckoutLock(dir, () => Promise.resolve(), { timeoutMs: 50 }));
    expect(error.code).toBe('checkout-locked');
    expect(error.message).toContain(`(another process); try again when it is done, or remove ${path}`);
  });

  test('one of the wrong shape older than a minute is stale and taken over', async () => {
    const dir = await tempDir();
    await lockOf(dir, WRONG, 120_000);
    expect(await withCheckoutLock(dir, () => Promise.resolve('saved'), { timeoutMs: 50 })).toBe('saved');
  });
});
