// Which files are read as text: binary and oversized files are not.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY_PROBE_BYTES, MAX_SOURCE_BYTES, readSourceBytes } from '../../tools/sources/source-bytes.js';
import { sourceTree } from './temp-tree.js';

async function kindOf(content: string | Uint8Array): Promise<string> {
  const root = await sourceTree({ f: content });
  return (await readSourceBytes(join(root, 'f'))).kind;
}

describe('readSourceBytes', () => {
  it('reads a text file whole', async () => {
    const root = await sourceTree({ 'a.ts': '// @verifies REQ-1\n' });
    const read = await readSourceBytes(join(root, 'a.ts'));
    expect(read.kind === 'text' && read.bytes.toString()).toBe('// @verifies REQ-1\n');
  });

  it('reads an empty file as empty text', async () => {
    expect(await kindOf('')).toBe('text');
  });

  it('calls a file with a NUL byte in its first 8 KiB binary', async () => {
    expect(await kindOf(new Uint8Array([0x40, 0x00, 0x41]))).toBe('binary');
    const late = Buffer.alloc(BINARY_PROBE_BYTES, 'a');
    late[BINARY_PROBE_BYTES - 1] = 0;
    expect(await kindOf(late)).toBe('binary');
  });

  it('reads a file whose first NUL comes after 8 KiB as text', async () => {
    const content = Buffer.concat([
      Buffer.alloc(BINARY_PROBE_BYTES, 'a'),
      Buffer.from([0]),
      Buffer.from('tail'),
    ]);
    const root = await sourceTree({ f: content });
    const read = await readSourceBytes(join(root, 'f'));
    expect(read.kind).toBe('text');
    expect(read.kind === 'text' && read.bytes.length).toBe(content.length);
  });

  it('skips a file larger than 2 MiB, and reads one of exactly 2 MiB', async () => {
    expect(MAX_SOURCE_BYTES).toBe(2 * 1024 * 1024);
    expect(await kindOf(Buffer.alloc(MAX_SOURCE_BYTES, 'a'))).toBe('text');
    const root = await sourceTree({ f: Buffer.alloc(MAX_SOURCE_BYTES + 1, 'a') });
    expect(await readSourceBytes(join(root, 'f'))).toEqual({ kind: 'too-large', size: MAX_SOURCE_BYTES + 1 });
  });

  it('reports a path it cannot read, with a reason', async () => {
    const root = await sourceTree({ 'dir/a.ts': '' });
    expect(await readSourceBytes(join(root, 'missing.ts'))).toEqual({
      kind: 'unreadable',
      reason: 'no such file or directory',
    });
    expect(await readSourceBytes(join(root, 'dir'))).toEqual({
      kind: 'unreadable',
      reason: 'is a directory',
    });
  });
});
