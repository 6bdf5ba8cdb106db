// Surgical edits (docs/editing.md, "What an edit rewrites, and what it keeps"): only changed fields of the
// changed entity are rewritten; comments, banners, field order, quoting, custom keys, line endings (CRLF,
// mixed) and a BOM stay byte for byte.
import { describe, expect, test } from 'vitest';
import { dataOf, expectTree, fixtureCopy, omit, update } from './edit-fixture.js';

type Claim = { target: string; cases?: string[]; reason?: string };

describe('a CRLF file', () => {
  test('a changed title keeps its single quotes, its comment and every CRLF', async () => {
    const dir = await fixtureCopy('crlf');
    await update(dir, 'REQ-001', (d) => ({ ...d, title: 'Rate entry in mL/h' }));
    await expectTree(dir, 'crlf', 'update-title');
  });

  test('a new field is written after its predecessor and ends in CRLF like its neighbours', async () => {
    const dir = await fixtureCopy('crlf');
    await update(dir, 'REQ-001', (d) => ({ ...d, owner: 'dosing-team' }));
    await expectTree(dir, 'crlf', 'add-field');
  });

  test('a folded description stays folded', async () => {
    const dir = await fixtureCopy('crlf');
    const long =
      'The pump shall accept a rate in mL/h from 0.1 to 999.9 in steps of 0.1, and reject any other value with a message naming the range.';
    await update(dir, 'REQ-001', (d) => ({ ...d, description: long }));
    await expectTree(dir, 'crlf', 'folded-description');
    expect((await dataOf(dir, 'REQ-001')).description).toBe(long);
  });

  test('quoting: double quotes stay, a value that needs quotes gets them, flow list items keep theirs', async () => {
    const dir = await fixtureCopy('crlf');
    await update(dir, 'REQ-002', (d) => ({ ...d, title: 'Bolus: limit' }));
    await update(dir, 'REQ-001', (d) => ({
      ...d,
      tags: ['dosing', 'ui', 'alarm: high'],
      status: 'approved',
    }));
    await expectTree(dir, 'crlf', 'quoting');
  });
});

test('a mixed file: each entity keeps its lines’ endings, added lines take their neighbours’', async () => {
  const dir = await fixtureCopy('mixed');
  await update(dir, 'REQ-001', (d) => ({ ...d, owner: 'a' }));
  await update(dir, 'REQ-002', (d) => ({ ...d, owner: 'b', title: 'Bolus\nlimit' }));
  await expectTree(dir, 'mixed', 'add-fields');
});

test('a file with a byte order mark keeps it', async () => {
  const dir = await fixtureCopy('bom');
  await update(dir, 'REQ-001', (d) => ({ ...d, title: 'Débit en mL/h (0,1 à 999,9)' }));
  await expectTree(dir, 'bom', 'update');
});

describe('lists and nested claims', () => {
  test('a case added to a claim is one new line; the other claims and their comments are untouched', async () => {
    const dir = await fixtureCopy('surgical');
    await update(dir, 'REQ-001', (d) => {
      (d.verified_by as Claim[])[0]!.cases!.push('RateTest/rejects_negative');
      return d;
    });
    await expectTree(dir, 'surgical', 'add-case');
  });

  test('a case removed and a reason changed touch only those lines, keeping the reason’s quotes and comment', async () => {
    const dir = await fixtureCopy('surgical');
    await update(dir, 'REQ-001', (d) => {
      const claims = d.verified_by as Claim[];
      claims[0]!.cases = ['RateTest/rejects_zero'];
      claims[1]!.reason = 'the sound-level meter reports one result';
      return d;
    });
    await expectTree(dir, 'surgical', 'edit-claims');
  });

  test('a removed field goes with its line; the comment above it stays; a literal block stays literal', async () => {
    const dir = await fixtureCopy('surgical');
    await update(dir, 'REQ-001', (d) => {
      return {
        ...omit(d, 'status'),
        description: 'The pump shall accept a rate in mL/h.\nIt shall reject zero and negative rates.\n',
        tags: ['dosing', 'ui', 'safety'],
      };
    });
    await expectTree(dir, 'surgical', 'remove-status');
  });

  test('dropping the claims and adding a note leaves the custom key and every other field alone', async () => {
    const dir = await fixtureCopy('surgical');
    await update(dir, 'REQ-001', (d) => {
      return {
        ...omit(d, 'verified_by'),
        notes: [{ kind: 'todo', text: 'add a system test', status: 'open' }],
      };
    });
    await expectTree(dir, 'surgical', 'drop-claims-add-note');
  });

  test('a custom key the request leaves out is kept (the form does not show it)', async () => {
    const dir = await fixtureCopy('surgical');
    await update(dir, 'REQ-001', (d) => omit(d, 'x-jira'));
    await expectTree(dir, 'surgical', 'before');
    expect((await dataOf(dir, 'REQ-001'))['x-jira']).toBe('PUMP-12');
  });

  test('an update that changes nothing writes nothing', async () => {
    const dir = await fixtureCopy('surgical');
    const result = await update(dir, 'REQ-001', (d) => d);
    expect(result.files).toEqual([]);
    await expectTree(dir, 'surgical', 'before');
  });
});

test('a merged entity: its own field changes in place, a merged field gets an override line', async () => {
  const dir = await fixtureCopy('refused');
  await update(dir, 'REQ-008', (d) => ({ ...d, title: 'Plain merge, renamed', owner: 'team-c' }));
  await expectTree(dir, 'refused', 'merge-override');
  expect((await dataOf(dir, 'REQ-007')).owner).toBe('team-b');
});
