// Byte-level input: BOMs, line ends, bad encodings and files that cannot be read.
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../tools/model/load-model.js';
import { ids, lines, load, modelDir, onlyDiagnostic } from './temp-model.js';

const isRoot = process.getuid?.() === 0;

/** A requirement with an unknown key on line 4, column 5, to check where positions land. */
const REQUIREMENT = ['requirements:', '  - id: REQ-1', '    title: dose', '    colour: red'];

function bytes(...parts: (string | number[] | Uint8Array)[]): Uint8Array {
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
}

describe('UTF-8 with a BOM', () => {
  it('a YAML file loads and its positions ignore the BOM', async () => {
    const { dir, model } = await load({ 'bom.yaml': `\uFEFF${lines(...REQUIREMENT)}` });
    expect(ids(model)).toEqual(['REQ-1']);
    expect(model.byId.get('REQ-1')?.positions['']).toEqual([2, 5]);
    expect(onlyDiagnostic(model)).toMatchObject({
      rule: 'unknown-field',
      file: join(dir, 'bom.yaml'),
      line: 4,
      column: 5,
    });
  });

  it('a JSON file loads and its positions ignore the BOM', async () => {
    const { dir, model } = await load({
      'bom.json':
        '\uFEFF{\n  "kind": "requirement",\n  "id": "REQ-1",\n  "title": "t",\n  "colour": "red"\n}\n',
    });
    expect(ids(model)).toEqual(['REQ-1']);
    expect(onlyDiagnostic(model)).toMatchObject({
      rule: 'unknown-field',
      file: join(dir, 'bom.json'),
      line: 5,
      column: 3,
    });
  });

  it('the first key after a BOM sits at line 1, column 1', async () => {
    const { model } = await load({ 'bom.yaml': '\uFEFFkind: user_need\nid: UN-1\ntitle: t\n' });
    expect(model.diagnostics).toEqual([]);
    expect(model.byId.get('UN-1')?.positions).toMatchObject({ '': [1, 1], id: [2, 1] });
  });
});

describe('line ends', () => {
  it('a CRLF file loads with the right line numbers', async () => {
    const { dir, model } = await load({ 'crlf.yaml': REQUIREMENT.map((l) => `${l}\r\n`).join('') });
    expect(ids(model)).toEqual(['REQ-1']);
    expect(model.byId.get('REQ-1')?.data.title).toBe('dose');
    expect(model.byId.get('REQ-1')?.positions).toMatchObject({ '': [2, 5], title: [3, 5] });
    expect(onlyDiagnostic(model)).toMatchObject({
      rule: 'unknown-field',
      file: join(dir, 'crlf.yaml'),
      line: 4,
      column: 5,
    });
  });

  it('a file mixing CRLF and LF loads with the right line numbers', async () => {
    const text = `${REQUIREMENT[0]}\r\n${REQUIREMENT[1]}\n${REQUIREMENT[2]}\r\n${REQUIREMENT[3]}\n`;
    const { dir, model } = await load({ 'mixed.yaml': text });
    expect(model.byId.get('REQ-1')?.data.title).toBe('dose');
    expect(onlyDiagnostic(model)).toMatchObject({
      rule: 'unknown-field',
      file: join(dir, 'mixed.yaml'),
      line: 4,
      column: 5,
    });
  });

  it('a CRLF JSON file reports syntax errors at the right line', async () => {
    const text = '{\r\n  "kind": "requirement",\r\n  "id": "REQ-1",\r\n  "title": "t",\r\n}\r\n';
    const { dir, model } = await load({ 'crlf.json': text });
    expect(onlyDiagnostic(model)).toMatchObject({
      rule: 'syntax-error',
      file: join(dir, 'crlf.json'),
      line: 5,
      column: 1,
    });
  });
});

describe('text that is not UTF-8', () => {
  it('a Latin-1 é in a title is a read-error naming the line and column of the byte', async () => {
    const { dir, model } = await load({
      'latin1.yaml': bytes('requirements:\n  - id: REQ-1\n    title: caf', [0xe9], '\n'),
      'good.yaml': lines('kind: user_need', 'id: UN-1', 'title: t'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'read-error',
      severity: 'error',
      file: join(dir, 'latin1.yaml'),
      line: 3,
      column: 15,
    });
    expect(d.message).toBe('file is not valid UTF-8 (byte 0xe9 at line 3, column 15); re-save it as UTF-8');
    expect(model.unreadable).toBe(true);
    expect(model.files).toEqual([join(dir, 'good.yaml')]);
    expect(ids(model)).toEqual(['UN-1']);
  });

  it('counts the column in characters, not bytes, when UTF-8 text precedes the bad byte', async () => {
    // "café 😀 " is 7 characters (8 UTF-16 units, as editors and yaml count) but 11 bytes
    const { model } = await load({ 'mixed.yaml': bytes('title: café 😀 caf', [0xe9], '\n') });
    expect(onlyDiagnostic(model)).toMatchObject({ rule: 'read-error', line: 1, column: 19 });
  });

  it.each([
    ['UTF-16 LE with a BOM', bytes([0xff, 0xfe], Buffer.from('kind: user_need\n', 'utf16le'))],
    ['UTF-16 BE with a BOM', bytes([0xfe, 0xff], Buffer.from('kind: user_need\n', 'utf16le').swap16())],
  ])('%s is a read-error', async (_what, content) => {
    const { dir, model } = await load({ 'wide.yaml': content });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'read-error', file: join(dir, 'wide.yaml'), line: 1, column: 1 });
    expect(d.message).toBe('file is UTF-16 encoded; save it as UTF-8');
    expect(model.unreadable).toBe(true);
  });

  it('UTF-16 without a BOM is a read-error, not a document of NUL-laden text', async () => {
    const { dir, model } = await load({ 'wide.yaml': Buffer.from('kind: user_need\nid: UN-1\n', 'utf16le') });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'read-error', file: join(dir, 'wide.yaml'), line: 1, column: 2 });
    expect(d.message).toMatch(
      /^file is not valid UTF-8 \(byte 0x00 at line 1, column 2; UTF-16 without a BOM\?\)/,
    );
    expect(model.unreadable).toBe(true);
  });
});

describe('files that cannot be read', () => {
  it.skipIf(isRoot)('an unreadable file is a read-error and marks the model unreadable', async () => {
    const dir = await modelDir({ 'secret.yaml': lines('kind: user_need', 'id: UN-1', 'title: t') });
    await chmod(join(dir, 'secret.yaml'), 0o000);
    try {
      const model = await loadModel(dir);
      const d = onlyDiagnostic(model);
      expect(d).toMatchObject({ rule: 'read-error', file: join(dir, 'secret.yaml') });
      expect(d.message).toBe('cannot read file: permission denied');
      expect(model.unreadable).toBe(true);
    } finally {
      await chmod(join(dir, 'secret.yaml'), 0o644);
    }
  });

  it('a directory named x.yaml is walked, not read as a file', async () => {
    const { dir, model } = await load({
      'x.yaml/need.yaml': lines('kind: user_need', 'id: UN-1', 'title: t'),
    });
    expect(model.files).toEqual([join(dir, 'x.yaml/need.yaml')]);
    expect(model.diagnostics).toEqual([]);
  });
});
