// An update of one entity parses that entity's list item alone (tools/edit/editable-region.ts,
// docs/decisions/0375-editing-one-entity-parsed-alone.md). What the planner and the proof read of it
// must be what a parse of the whole file gives: the entity's nodes at the same offsets, the same
// comments, and the file's style (carried over each edit as a tally, style-tally.ts) that of the whole
// edited text. Every section entity of the examples and the edit fixtures is checked.
import { existsSync, readdirSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isScalar, visit, type Node } from 'yaml';
import { describe, expect, test } from 'vitest';
import { proveEdit } from '../../tools/edit/edit-proof.js';
import { parseEditable } from '../../tools/edit/editable-file.js';
import { editableEntityLines } from '../../tools/edit/editable-region.js';
import { findEntityNode } from '../../tools/edit/entity-node.js';
import { entityVersion } from '../../tools/edit/entity-version.js';
import { readSnapshot, snapshotAfter, type ModelSnapshot } from '../../tools/edit/model-snapshot.js';
import { planEdit } from '../../tools/edit/plan-edit.js';
import { tallyStyle } from '../../tools/edit/render-style.js';
import { blockStyleTally } from '../../tools/edit/block-style-tally.js';
import { knownTally } from '../../tools/edit/style-tally.js';
import { FIXTURES, tempDir } from './edit-fixture.js';

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

/** Every model directory the check reads: the examples and the edit fixtures' models. */
function modelDirs(): string[] {
  const dirs = readdirSync(EXAMPLES).map((d) => join(EXAMPLES, d));
  for (const scenario of readdirSync(FIXTURES)) {
    const before = join(FIXTURES, scenario, 'before');
    if (existsSync(before)) dirs.push(before);
  }
  return dirs;
}

/** Where a node and every node under it start and end: what the edits and the proof's extents are made from. */
function shape(node: Node): unknown[] {
  const out: unknown[] = [];
  visit(node, {
    Node(_key, n) {
      out.push([n.range, isScalar(n) ? n.type : n.constructor.name]);
    },
  });
  return out;
}

describe('an entity parsed alone', () => {
  test('has the nodes, offsets and comments a parse of the whole file gives it', async () => {
    let alone = 0;
    for (const dir of modelDirs()) {
      const snapshot = await readSnapshot(dir);
      for (const entity of snapshot.model.entities) {
        const text = snapshot.files.get(entity.file)?.text;
        if (text === undefined || entity.file.endsWith('.json')) continue;
        const item = editableEntityLines(entity.file, text, entity);
        if (!item) continue;
        alone++;
        const whole = parseEditable(entity.file, text);
        const there = findEntityNode(whole, entity.kind, entity.id)!;
        const here = findEntityNode(item, entity.kind, entity.id)!;
        expect(shape(here.node), `${entity.id} in ${entity.file}`).toEqual(shape(there.node));
        expect(here.data).toEqual(there.data);
        const { start, end } = item.region!;
        expect(item.comments()).toEqual(whole.comments().filter((c) => c.offset >= start && c.offset < end));
        expect(item.style).toEqual(whole.style);
      }
    }
    // Most entities of these models stand alone (those in flow lists, with anchors or after a lone
    // dash do not, and are edited through a parse of the whole file).
    expect(alone).toBeGreaterThan(40);
  });

  test("carries the file's style over its edits as the whole edited text would give it", async () => {
    const dir = await tempDir();
    await cp(join(EXAMPLES, 'infusion-pump'), dir, { recursive: true });
    let snapshot: ModelSnapshot = await readSnapshot(dir);
    const path = join(dir, 'requirements.yaml');
    // The style is known once the whole file is parsed; edits of one entity then carry it over.
    void parseEditable(path, snapshot.files.get(path)!.text!).style;
    type Data = Record<string, unknown>;
    const notes = (d: Data) => d.notes as Data[];
    const changes: [string, (d: Data) => void][] = [
      ['REQ-002', (d) => (d.title = "Delivery accuracy: 'quoted' because of the colon")],
      // The file's first entity: its dash is the first example of the file's list indentation.
      ['REQ-001', (d) => (d.title = 'Continuous infusion: by rate and volume')],
      ['REQ-001', (d) => (d.tags = ['dosing'])],
      ['REQ-004', (d) => (d.description = 'Two lines now.\nThe second one.')],
      ['REQ-004', (d) => (notes(d)[0]!.created = '2026-05-01')],
      ['REQ-002', (d) => (d.tags = ['dosing', 'accuracy', 'new: tag'])],
      ['REQ-004', (d) => notes(d).push({ text: 'Another', kind: 'todo', created: '2026-05-02' })],
      ['REQ-002', (d) => (d.title = 'Plain again')],
      ['REQ-004', (d) => delete d.notes],
      [
        'REQ-002',
        (d) => (d.verified_by as Data[]).push({ target: '//pump/dosing:rate_test', cases: ['A/b'] }),
      ],
    ];
    let carried = 0;
    for (const [i, [id, change]] of changes.entries()) {
      const entity = snapshot.model.byId.get(id)!;
      const data = structuredClone(entity.data);
      change(data);
      const plan = planEdit(snapshot, { op: 'update', id, data, version: entityVersion(entity) });
      snapshot = snapshotAfter(proveEdit(snapshot, plan));
      const text = snapshot.files.get(path)!.text!;
      const tally = knownTally(path, text);
      if (!tally) continue;
      carried++;
      expect(tally, `after edit ${i}`).toEqual(tallyStyle(text, parseEditable(path, text).docs));
    }
    expect(carried).toBe(changes.length);
  });
});

describe("a file's style read with the block reader", () => {
  test('is the tally a parse of the whole file with the yaml package gives', async () => {
    const texts: [string, string][] = [];
    for (const dir of modelDirs()) {
      const snapshot = await readSnapshot(dir);
      for (const file of snapshot.files.values())
        if (file.text !== undefined && !file.path.endsWith('.json')) texts.push([file.path, file.text]);
    }
    // Habits the examples have little of: quoted dates, padded flow lists, unindented lists (a plain
    // date is for the yaml package to read).
    texts.push([
      'habits.yaml',
      [
        'requirements:',
        '- id: "REQ-001"',
        "  title: 'Rate'",
        '  created: "2026-03-04"',
        "  updated: '2026-03-05'",
        '  tags: [ a, "b" ]',
        '  notes:',
        '      - text: x',
        '        created: "2026-03-06"',
        '',
      ].join('\n'),
    ]);
    const read: string[] = [];
    for (const [path, text] of texts) {
      const tally = blockStyleTally(text);
      if (!tally) continue;
      read.push(path);
      expect(tally, path).toEqual(tallyStyle(text, parseEditable(path, text).docs));
    }
    expect(read).toContain('habits.yaml');
    expect(read.length).toBeGreaterThan(10);
  });
});
