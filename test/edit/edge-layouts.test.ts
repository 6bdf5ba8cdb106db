// Layout corners of surgical edits: files without a final line ending, lists written without
// indentation, values that change between a scalar and a list, empty values, flow-style claim items.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { omit, tempDir, update } from './edit-fixture.js';

/** Writes `before`, applies `change` to REQ-001, and returns the file's new text. */
async function edited(
  before: string,
  change: (d: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, 'm.yaml'), before);
  await update(dir, 'REQ-001', change);
  return readFile(join(dir, 'm.yaml'), 'utf8');
}

const head = 'requirements:\n  - id: REQ-001\n    title: A\n';

test('a file without a final line ending keeps it that way, adding or removing the last field', async () => {
  expect(
    await edited('requirements:\r\n  - id: REQ-001\r\n    title: A', (d) => ({ ...d, owner: 'x' })),
  ).toBe('requirements:\r\n  - id: REQ-001\r\n    title: A\r\n    owner: x');
  expect(await edited(`${head}    owner: x`, (d) => omit(d, 'owner'))).toBe(
    'requirements:\n  - id: REQ-001\n    title: A',
  );
});

test('lists written without indentation get new items and fields the same way', async () => {
  const text = 'requirements:\n- id: REQ-001\n  title: A\n  tags:\n  - one\n';
  expect(await edited(text, (d) => ({ ...d, tags: ['one', 'two'], notes: ['n1', 'n2'] }))).toBe(
    'requirements:\n- id: REQ-001\n  title: A\n  tags:\n  - one\n  - two\n  notes:\n  - n1\n  - n2\n',
  );
});

test('a scalar becomes a list and a list a scalar; the inline comment is kept', async () => {
  expect(
    await edited(`${head}    tags: one # c\n    owner: o\n`, (d) => ({ ...d, tags: ['one', 'two'] })),
  ).toBe(`${head}    tags:\n      - one\n      - two # c\n    owner: o\n`);
  expect(
    await edited(`${head}    tags:\n      - one\n      - two\n    owner: o\n`, (d) => ({
      ...d,
      tags: 'one',
    })),
  ).toBe(`${head}    tags: one\n    owner: o\n`);
  expect(await edited(`${head}    tags:\n      - a\n    owner: o\n`, (d) => ({ ...d, tags: [] }))).toBe(
    `${head}    tags: []\n    owner: o\n`,
  );
});

test('an empty value gets one; a multi-line title becomes a literal block', async () => {
  expect(await edited(`${head}    owner:\n    status: draft\n`, (d) => ({ ...d, owner: 'me' }))).toBe(
    `${head}    owner: me\n    status: draft\n`,
  );
  expect(await edited(head, (d) => ({ ...d, title: 'A\nB' }))).toBe(
    'requirements:\n  - id: REQ-001\n    title: |-\n      A\n      B\n',
  );
});

test('a claim item written as a flow mapping is rewritten as one, on its line', async () => {
  const claims =
    '    verified_by:\n      - {target: //a:b, whole: true}\n      - target: //c:d # kept\n        whole: true\n';
  expect(
    await edited(head + claims, (d) => ({
      ...d,
      verified_by: [
        { target: '//a:b', whole: true, reason: 'one result' },
        { target: '//c:d', whole: true },
      ],
    })),
  ).toBe(
    `${head}    verified_by:\n      - {target: //a:b, whole: true, reason: one result}\n      - target: //c:d # kept\n        whole: true\n`,
  );
});

test('a field added to a claim item goes under its last field', async () => {
  const claims = '    verified_by:\n      - target: //a:b\n        cases: [x]\n';
  expect(
    await edited(head + claims, (d) => ({
      ...d,
      verified_by: [{ target: '//a:b', cases: ['x'], level: 'unit' }],
    })),
  ).toBe(`${head + claims}        level: unit\n`);
});
