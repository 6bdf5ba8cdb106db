// Change control on a copy of the example (docs/change-control.md): clearing stamps every link, a
// change to a parent's normative text makes its links suspect naming the field, a change of layout,
// key order, comments, line endings or notes makes nothing suspect, one clear leaves the others, and
// a rename or delete takes the stamps along in the same write.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseDocument } from 'yaml';
import { linkReviews } from '../../tools/change-control/link-reviews.js';
import type { EditRequest } from '../../tools/edit/edit-request.js';
import { entityVersion } from '../../tools/edit/entity-version.js';
import { saveEdit } from '../../tools/edit/save-edit.js';
import { loadModel } from '../../tools/model/load-model.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { tempDir } from '../temp-dir.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));
const JANE = 'Jane Doe <jane@example.com>';

async function exampleCopy(): Promise<string> {
  const dir = tempDir('rr-suspect-');
  await cp(EXAMPLE, dir, { recursive: true });
  return dir;
}

async function save(dir: string, request: EditRequest) {
  return saveEdit({ root: dir, modelPath: dir }, request);
}

async function clearAll(dir: string, by = JANE, at = '2026-11-01T10:00:00Z') {
  return save(dir, { op: 'clear-suspect', all: true, by, at });
}

/** "CHILD link PARENT" of each suspect link, sorted. */
async function suspectNames(dir: string): Promise<string[]> {
  const model = await loadModel(dir);
  return linkReviews(model)
    .filter((r) => r.state === 'suspect')
    .map((r) => `${r.link.child} ${r.link.link} ${r.link.parent.id}`)
    .sort();
}

async function replaceIn(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

describe('suspect links on the example', () => {
  test('clear --all starts stamping: every link reviewed, by whom and when, nothing suspect', async () => {
    const dir = await exampleCopy();
    const before = await loadModel(dir);
    expect(before.reviewed).toBeUndefined();
    const result = await clearAll(dir);
    expect(result.files.map((f) => f.slice(dir.length + 1)).sort()).toEqual([
      '.gitattributes',
      'rr.reviewed',
    ]);
    expect(await readFile(join(dir, '.gitattributes'), 'utf8')).toBe('rr.reviewed merge=union\n');
    const model = await loadModel(dir);
    const reviews = linkReviews(model);
    expect(reviews.length).toBeGreaterThan(50);
    expect(reviews.every((r) => r.state === 'reviewed' && r.stamp?.by === JANE)).toBe(true);
    expect(validateModel(model).filter((d) => d.rule === 'suspect-link')).toEqual([]);
    const lines = (await readFile(join(dir, 'rr.reviewed'), 'utf8')).trimEnd().split('\n');
    expect([...lines.slice(1)].sort()).toEqual(lines.slice(1));
  });

  test("a requirement's description changes: its children and its verification sets' cases are suspect, naming the field", async () => {
    const dir = await exampleCopy();
    await clearAll(dir);
    await replaceIn(
      join(dir, 'requirements-alarms.yaml'),
      'priority alarm signals, each with a visual indicator',
      'priority alarm signals, each with a flashing visual indicator',
    );
    await replaceIn(
      join(dir, 'requirements-alarms.yaml'),
      'annunciated and all active conditions',
      'annunciated at once and all active conditions',
    );
    expect(await suspectNames(dir)).toEqual([
      '//pump/alarms:alarm_manager_test verifies REQ-023',
      'REQ-023 refines REQ-020',
      'REQ-024 refines REQ-020',
    ]);
    const model = await loadModel(dir);
    const found = validateModel(model).filter((d) => d.rule === 'suspect-link');
    expect(found.map((d) => d.severity)).toEqual(['warning', 'warning', 'warning']);
    const refines = found.find((d) => d.entity === 'REQ-023')!;
    expect(refines.message).toContain('requirement REQ-023 refines requirement REQ-020');
    expect(refines.message).toContain(
      "the parent's description has changed since Jane Doe <jane@example.com> reviewed the link on 2026-11-01",
    );
    expect(refines.message).toContain('rr suspect clear REQ-023 REQ-020');
    const review = linkReviews(model).find((r) => r.link.child === 'REQ-023' && r.link.link === 'refines')!;
    expect(review.changes.map((c) => [c.field, c.beforeKnown])).toEqual([['description', true]]);
    expect(String(review.changes[0]!.before)).toContain('each with a visual indicator');
    expect(String(review.changes[0]!.after)).toContain('each with a flashing visual indicator');

    // The set's cases are flagged suspect, and the owner's verdict says so (rr report).
    const { analyze } = await import('../../tools/verify/analyze.js');
    const { loadInputs } = await import('../../tools/verify/inputs.js');
    const analysis = analyze(await loadInputs({ model: dir, evidence: join(dir, 'bazel-testlogs') }));
    const owner = analysis.entities.find((v) => v.id === 'REQ-023')!;
    expect(owner.suspect_sets).toEqual(['//pump/alarms:alarm_manager_test']);
    const inSet = owner.members.filter((m) => m.target === '//pump/alarms:alarm_manager_test');
    expect(inSet.length).toBeGreaterThan(0);
    expect(inSet.every((m) => m.suspect === true)).toBe(true);
    expect(owner.members.filter((m) => m.target !== '//pump/alarms:alarm_manager_test' && m.suspect)).toEqual(
      [],
    );
    expect(analysis.entities.find((v) => v.id === 'REQ-024')!.members.some((m) => m.suspect)).toBe(false);
  });

  test("a mitigation's description changes: the requirements implementing it are suspect", async () => {
    const dir = await exampleCopy();
    await clearAll(dir);
    await replaceIn(
      join(dir, 'mitigations.yaml'),
      'The downstream pressure sensor stops the pump',
      'The downstream pressure sensor stops the motor',
    );
    expect(await suspectNames(dir)).toEqual([
      'REQ-026 implements MIT-002',
      'REQ-027 implements MIT-002',
      'record:bench_occlusion_2026_03 verifies MIT-002',
    ]);
  });

  test('comments, key order, YAML to JSON, CRLF line endings, notes, status and tags make nothing suspect', async () => {
    const dir = await exampleCopy();
    await clearAll(dir);
    const alarms = join(dir, 'requirements-alarms.yaml');
    // A comment, and REQ-020's keys in another order.
    await replaceIn(
      alarms,
      '  - id: REQ-020\n    title: Alarm system per IEC 60601-1-8\n',
      '  - id: REQ-020 # reviewed\n    category: alarm\n    title: Alarm system per IEC 60601-1-8\n',
    );
    await replaceIn(alarms, '    category: alarm\n    satisfies: UN-003\n', '    satisfies: UN-003\n');
    expect(await suspectNames(dir)).toEqual([]);
    // requirements.yaml as JSON with CRLF line endings, every entity's keys reversed.
    const yamlFile = join(dir, 'requirements.yaml');
    const doc = parseDocument(await readFile(yamlFile, 'utf8')).toJS() as {
      requirements: Record<string, unknown>[];
    };
    const reversed = {
      ...doc,
      requirements: doc.requirements.map((e) => Object.fromEntries(Object.entries(e).reverse())),
    };
    await rm(yamlFile);
    await writeFile(join(dir, 'requirements.json'), JSON.stringify(reversed, null, 4).replace(/\n/g, '\r\n'));
    expect(await suspectNames(dir)).toEqual([]);
    // A note, a status and tags through the editor's save.
    const model = await loadModel(dir);
    const req = model.byId.get('REQ-020')!;
    await save(dir, {
      op: 'update',
      id: 'REQ-020',
      version: entityVersion(req),
      data: {
        ...req.data,
        status: 'implemented',
        tags: ['alarms'],
        notes: [{ text: 'check the melody table', kind: 'question', status: 'open' }],
      },
    });
    expect(await suspectNames(dir)).toEqual([]);
  });

  test('clearing one link leaves the others suspect, and records the new reviewer', async () => {
    const dir = await exampleCopy();
    await clearAll(dir);
    await replaceIn(
      join(dir, 'requirements-alarms.yaml'),
      'Alarm system per IEC 60601-1-8',
      'Alarm system per IEC 60601-1-8:2020',
    );
    expect(await suspectNames(dir)).toEqual(['REQ-023 refines REQ-020', 'REQ-024 refines REQ-020']);
    const result = await save(dir, {
      op: 'clear-suspect',
      links: [{ parent: 'REQ-020', link: 'refines', child: 'REQ-023' }],
      by: 'Raj Patel <raj.patel@example.com>',
      at: '2026-11-02T09:00:00Z',
    });
    expect(result.cleared.map((r) => r.link.child)).toEqual(['REQ-023']);
    expect(await suspectNames(dir)).toEqual(['REQ-024 refines REQ-020']);
    const model = await loadModel(dir);
    const cleared = linkReviews(model).find((r) => r.link.child === 'REQ-023' && r.link.link === 'refines')!;
    expect(cleared.stamp).toMatchObject({
      by: 'Raj Patel <raj.patel@example.com>',
      at: '2026-11-02T09:00:00Z',
    });
    // A link that is not suspect cannot be cleared.
    await expect(
      save(dir, {
        op: 'clear-suspect',
        links: [{ parent: 'REQ-020', link: 'refines', child: 'REQ-023' }],
        by: JANE,
        at: '2026-11-02T09:00:00Z',
      }),
    ).rejects.toMatchObject({ code: 'not-suspect' });
  });

  test('a link whose child has errors is not cleared, and nothing is written', async () => {
    const dir = await exampleCopy();
    await clearAll(dir);
    await replaceIn(join(dir, 'requirements-alarms.yaml'), 'Alarm system per IEC 60601-1-8', 'Alarm system');
    // REQ-024 gets a second parent: multi-parent-refines, an error of the child.
    await replaceIn(
      join(dir, 'requirements-alarms.yaml'),
      '    refines: REQ-020\n',
      '    refines: [REQ-020, REQ-001]\n',
    );
    const stamps = await readFile(join(dir, 'rr.reviewed'), 'utf8');
    await expect(
      save(dir, { op: 'clear-suspect', all: true, by: JANE, at: '2026-11-03T00:00:00Z' }),
    ).rejects.toMatchObject({
      code: 'child-has-errors',
      message: expect.stringContaining(
        'requirement REQ-023 refines requirement REQ-020: REQ-023 has 1 error',
      ),
    });
    expect(await readFile(join(dir, 'rr.reviewed'), 'utf8')).toBe(stamps);
  });

  test('a link added after stamping started is suspect until reviewed', async () => {
    const dir = await exampleCopy();
    await clearAll(dir);
    await replaceIn(
      join(dir, 'requirements-alarms.yaml'),
      '    satisfies: UN-003\n',
      '    satisfies: [UN-003, UN-004]\n',
    );
    expect(await suspectNames(dir)).toEqual(['REQ-020 satisfies UN-004']);
    const found = validateModel(await loadModel(dir)).filter((d) => d.rule === 'suspect-link');
    expect(found[0]!.message).toContain('has not been reviewed since stamping started');
  });

  test('a rename moves the stamps in the same write; a delete removes them', async () => {
    const dir = await exampleCopy();
    await clearAll(dir);
    let model = await loadModel(dir);
    const renamed = await save(dir, {
      op: 'rename',
      id: 'REQ-020',
      newId: 'REQ-099',
      version: entityVersion(model.byId.get('REQ-020')!),
    });
    expect(renamed.files.map((f) => f.slice(dir.length + 1)).sort()).toContain('rr.reviewed');
    const text = await readFile(join(dir, 'rr.reviewed'), 'utf8');
    expect(text).not.toContain('"REQ-020"');
    expect(text).toContain('{"parent":"REQ-099","link":"refines","child":"REQ-023"');
    expect(text).toContain('{"parent":"UN-003","link":"satisfies","child":"REQ-099"');
    expect(await suspectNames(dir)).toEqual([]);

    model = await loadModel(dir);
    const deleted = await save(dir, {
      op: 'delete',
      id: 'REQ-024',
      version: entityVersion(model.byId.get('REQ-024')!),
    });
    expect(deleted.files.map((f) => f.slice(dir.length + 1))).toContain('rr.reviewed');
    const after = await readFile(join(dir, 'rr.reviewed'), 'utf8');
    expect(after).not.toContain('"REQ-024"');
    expect(after).toContain('"child":"REQ-023"');
    expect(await suspectNames(dir)).toEqual([]);
  });

  test('config.rules can make suspect-link an error', async () => {
    const dir = await exampleCopy();
    await clearAll(dir);
    await replaceIn(
      join(dir, 'rr.yaml'),
      '    glob-selector: warning',
      '    glob-selector: warning\n    suspect-link: error',
    );
    await replaceIn(join(dir, 'requirements-alarms.yaml'), 'Alarm system per IEC 60601-1-8', 'Alarm system');
    const found = validateModel(await loadModel(dir)).filter((d) => d.rule === 'suspect-link');
    expect(found.map((d) => d.severity)).toEqual(['error', 'error']);
    // A suspect link is no error of the child that keeps it from being cleared.
    const cleared = await save(dir, {
      op: 'clear-suspect',
      child: 'REQ-023',
      by: JANE,
      at: '2026-11-03T00:00:00Z',
    });
    expect(cleared.cleared.map((r) => r.link.child)).toEqual(['REQ-023']);
  });

  test('a stamps file a merge left with conflict markers is an error naming the line', async () => {
    const dir = await exampleCopy();
    await clearAll(dir);
    const file = join(dir, 'rr.reviewed');
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines.splice(3, 0, '<<<<<<< HEAD');
    await writeFile(file, lines.join('\n'));
    const found = validateModel(await loadModel(dir)).filter((d) => d.rule === 'review-stamps-invalid');
    expect(found).toMatchObject([
      { severity: 'error', line: 4, message: expect.stringContaining('conflict markers') },
    ]);
  });
});
