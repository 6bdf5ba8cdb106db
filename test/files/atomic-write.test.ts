// rr's one atomic write (tools/files/atomic-write.ts): a write that fails leaves the old file as it was
// and no temporary file beside it, whichever way the file is written (whole contents, sync or not; from a
// stream or another program; a new file that must not replace one; a folder).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createFileAtomicSync,
  createFolderAtomic,
  replaceFileFrom,
  writeFileAtomic,
  writeFileAtomicSync,
} from '../../tools/files/atomic-write.js';
import { tempDir } from '../temp-dir.js';

/** A folder with `old.json` in it, and a folder `taken` (a name a file cannot replace). */
function folder(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'old.json'), 'old');
  mkdirSync(join(dir, 'taken'));
  writeFileSync(join(dir, 'taken', 'inside.txt'), 'kept');
  return dir;
}

/** What the folder holds after the write: no name but the ones it had. */
function expectUntouched(dir: string): void {
  expect(readdirSync(dir).sort()).toEqual(['old.json', 'taken']);
  expect(readFileSync(join(dir, 'old.json'), 'utf8')).toBe('old');
  expect(readdirSync(join(dir, 'taken'))).toEqual(['inside.txt']);
}

describe('a failed atomic write', () => {
  it('whole contents over a name a file cannot take: an error, and no temporary file', async () => {
    const dir = folder();
    await expect(writeFileAtomic(join(dir, 'taken'), 'new')).rejects.toThrow();
    expect(() => writeFileAtomicSync(join(dir, 'taken'), 'new')).toThrow();
    expectUntouched(dir);
  });

  it('from a producer that fails or gives up: the old file kept, the temporary one removed', async () => {
    const dir = folder();
    const target = join(dir, 'old.json');
    await expect(
      replaceFileFrom(target, async (temporary) => {
        await writeFile(temporary, 'half');
        throw new Error('the exporter crashed');
      }),
    ).rejects.toThrow('the exporter crashed');
    await expect(
      replaceFileFrom(target, async (temporary) => {
        await writeFile(temporary, 'half');
        return false;
      }),
    ).resolves.toBe(false);
    expectUntouched(dir);
  });

  it('a new file whose name is taken: false, the existing file kept, no temporary file', () => {
    const dir = folder();
    expect(createFileAtomicSync(join(dir, 'old.json'), 'new')).toBe(false);
    expectUntouched(dir);
  });

  it('a folder over one that is not empty: an error, the old folder kept, no temporary folder', async () => {
    const dir = folder();
    await expect(createFolderAtomic(join(dir, 'taken'), new Map([['a/b.txt', 'new']]))).rejects.toThrow();
    expectUntouched(dir);
  });

  it('and one that succeeds leaves only the new file', async () => {
    const dir = folder();
    await writeFileAtomic(join(dir, 'old.json'), 'new');
    writeFileAtomicSync(join(dir, 'new.json'), 'newer');
    expect(readdirSync(dir).sort()).toEqual(['new.json', 'old.json', 'taken']);
    expect(readFileSync(join(dir, 'old.json'), 'utf8')).toBe('new');
  });
});
