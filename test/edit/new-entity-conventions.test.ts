// New entities follow the data's own conventions (docs/editing.md, "Where new entities go"): the id
// continues the numbering family of the entity's siblings or file, and the entity is written beside
// its parent's other children, else in its parent's file; a chosen file must be able to take the kind.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { filesForKind, newEntityTarget } from '../../tools/edit/entity-placement.js';
import { numberedId } from '../../tools/edit/id-family.js';
import { readSnapshot } from '../../tools/edit/model-snapshot.js';
import { nextFreeId } from '../../tools/edit/next-id.js';
import { rejection, save, tempDir } from './edit-fixture.js';

/** A model in the shape of an imported StrictDoc set: system requirements in one file, one file per topic. */
async function documentsModel(): Promise<string> {
  const dir = await tempDir();
  await mkdir(join(dir, 'srs'));
  await writeFile(
    join(dir, 'rr.yaml'),
    'config:\n  prefixes:\n    requirement: ZEP-\n  id_pattern: ^{prefix}(?:SRS-[0-9]+-[0-9]+|SYRS-[0-9]+)$\n',
  );
  await writeFile(
    join(dir, 'system.yaml'),
    'requirements:\n  - id: ZEP-SYRS-1\n    title: Threads\n  - id: ZEP-SYRS-2\n    title: Mutex\n  - id: ZEP-SYRS-3\n    title: Timers\n',
  );
  const srs = (group: number, parent: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) => `  - id: ZEP-SRS-${group}-${i + 1}\n    title: R${group}.${i + 1}\n    refines: ${parent}\n`,
    ).join('');
  await writeFile(join(dir, 'srs', 'threads.yaml'), `requirements:\n${srs(1, 'ZEP-SYRS-1', 4)}`);
  await writeFile(join(dir, 'srs', 'mutex.yaml'), `requirements:\n${srs(6, 'ZEP-SYRS-2', 12)}`);
  return dir;
}

describe('numbering families', () => {
  test('an id splits into its family and last number', () => {
    expect(numberedId('ZEP-SRS-5-12')).toEqual({ stem: 'ZEP-SRS-5-', digits: '12', number: 12 });
    expect(numberedId('REQ-007')).toEqual({ stem: 'REQ-', digits: '007', number: 7 });
    expect(numberedId('A1B')).toBeUndefined();
  });

  test('the next id continues the siblings’ family, not the prefix', async () => {
    const dir = await documentsModel();
    const snapshot = await readSnapshot(dir);
    const target = newEntityTarget(snapshot, 'requirement', { parent: 'ZEP-SYRS-2' });
    expect(target.id).toBe('ZEP-SRS-6-13');
    expect(target.file).toBe(join(dir, 'srs', 'mutex.yaml'));
    expect(target.parent).toBe('ZEP-SYRS-2');
    expect(newEntityTarget(snapshot, 'requirement', { parent: 'ZEP-SYRS-1' }).id).toBe('ZEP-SRS-1-5');
  });

  test('without a parent, the family used most in the file it goes to', async () => {
    const dir = await documentsModel();
    const snapshot = await readSnapshot(dir);
    expect(newEntityTarget(snapshot, 'requirement').id).toBe('ZEP-SRS-6-13');
    const chosen = newEntityTarget(snapshot, 'requirement', { file: join(dir, 'system.yaml') });
    expect(chosen).toMatchObject({ id: 'ZEP-SYRS-4', file: join(dir, 'system.yaml') });
    expect(newEntityTarget(snapshot, 'requirement', { file: join(dir, 'srs', 'threads.yaml') }).id).toBe(
      'ZEP-SRS-1-5',
    );
  });

  test('a parent without children: its own file, and its file’s numbering', async () => {
    const dir = await documentsModel();
    const target = newEntityTarget(await readSnapshot(dir), 'requirement', { parent: 'ZEP-SYRS-3' });
    expect(target).toMatchObject({ id: 'ZEP-SYRS-4', file: join(dir, 'system.yaml') });
  });

  test('a number a dangling reference names is taken', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'm.yaml'),
      'requirements:\n  - id: SW-1-1\n    title: A\n  - id: SW-1-2\n    title: B\n    refines: SW-1-3\n',
    );
    const { model } = await readSnapshot(dir);
    expect(nextFreeId(model, 'requirement', { near: ['SW-1-1'] })).toBe('SW-1-4');
  });

  test('an id config.retired_ids lists is taken, in any family', async () => {
    const dir = await tempDir();
    const model = (retired: string) =>
      `config:\n  retired_ids: [${retired}]\nrequirements:\n  - id: REQ-001\n    title: A\n  - id: SW-1-1\n    title: B\n`;
    await writeFile(join(dir, 'm.yaml'), model(''));
    expect(nextFreeId((await readSnapshot(dir)).model, 'requirement')).toBe('REQ-002');
    await writeFile(join(dir, 'm.yaml'), model('REQ-002, REQ-003, SW-1-2'));
    const { model: retired } = await readSnapshot(dir);
    expect(retired.config.retired_ids).toEqual(['REQ-002', 'REQ-003', 'SW-1-2']);
    expect(nextFreeId(retired, 'requirement')).toBe('REQ-004');
    expect(nextFreeId(retired, 'requirement', { near: ['SW-1-1'] })).toBe('SW-1-3');
  });
});

describe('placement beside the parent and a chosen file', () => {
  test('a create that refines a parent is written beside its siblings; nothing else changes', async () => {
    const dir = await documentsModel();
    const before = await readFile(join(dir, 'srs', 'mutex.yaml'), 'utf8');
    const result = await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { title: 'Priority inheritance', refines: 'ZEP-SYRS-2' },
    });
    expect(result.entity).toMatchObject({ id: 'ZEP-SRS-6-13', file: join(dir, 'srs', 'mutex.yaml') });
    expect(await readFile(join(dir, 'srs', 'mutex.yaml'), 'utf8')).toBe(
      `${before}  - id: ZEP-SRS-6-13\n    title: Priority inheritance\n    refines: ZEP-SYRS-2\n`,
    );
  });

  test('the files that can take a kind: those holding it; a file holding none is refused with the choices', async () => {
    const dir = await documentsModel();
    const snapshot = await readSnapshot(dir);
    expect(filesForKind(snapshot, 'requirement').sort()).toEqual(
      [join(dir, 'srs', 'mutex.yaml'), join(dir, 'srs', 'threads.yaml'), join(dir, 'system.yaml')].sort(),
    );
    const error = await rejection(
      save(dir, { op: 'create', kind: 'requirement', data: { title: 'X' }, file: join(dir, 'rr.yaml') }),
    );
    expect(error.code).toBe('bad-file');
    expect(error.message.split(`${dir}/`).join('')).toMatch(
      /^rr\.yaml holds no requirements, so it cannot take a new requirement; choose one of the files that hold requirements: .*srs\/mutex\.yaml/,
    );
    const outside = await rejection(
      save(dir, { op: 'create', kind: 'requirement', data: { title: 'X' }, file: join(dir, 'nope.yaml') }),
    );
    expect(outside.message).toBe(
      `${join(dir, 'nope.yaml')} is not a file of the model, so it cannot take a new requirement; choose one of the files that hold requirements: ${filesForKind(snapshot, 'requirement').join(', ')}`,
    );
    expect(await readFile(join(dir, 'rr.yaml'), 'utf8')).not.toContain('title: X');
  });

  test('a chosen file wins over the parent’s, and the id follows that file', async () => {
    const dir = await documentsModel();
    const result = await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { title: 'Timer slack', refines: 'ZEP-SYRS-3' },
      file: join(dir, 'srs', 'threads.yaml'),
    });
    expect(result.entity).toMatchObject({ id: 'ZEP-SRS-1-5', file: join(dir, 'srs', 'threads.yaml') });
  });

  test('in a file that keeps several parents’ children, the new one follows its last sibling', async () => {
    const dir = await tempDir();
    const text = [
      'requirements:',
      '  - id: SYS-1',
      '    title: Pumping',
      '',
      '  - id: SW-1-1',
      '    title: Rate',
      '    refines: SYS-1',
      '',
      '  - id: SW-1-2',
      '    title: Volume',
      '    refines: SYS-1',
      '',
      '  - id: SW-2-1',
      '    title: Alarm tone',
      '    refines: SYS-2',
      '',
      '  - id: SYS-2',
      '    title: Alarms',
      '',
    ].join('\n');
    await writeFile(join(dir, 'model.yaml'), text);
    const result = await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { title: 'Bolus', refines: 'SYS-1' },
    });
    expect(result.entity.id).toBe('SW-1-3');
    expect(await readFile(join(dir, 'model.yaml'), 'utf8')).toBe(
      text.replace(
        '    refines: SYS-1\n\n  - id: SW-2-1',
        '    refines: SYS-1\n\n  - id: SW-1-3\n    title: Bolus\n    refines: SYS-1\n\n  - id: SW-2-1',
      ),
    );
  });

  test('the same in a JSON file', async () => {
    const dir = await tempDir();
    const text = `${JSON.stringify(
      {
        requirements: [
          { id: 'SW-1-1', title: 'Rate', refines: 'SYS-1' },
          { id: 'SW-2-1', title: 'Tone', refines: 'SYS-2' },
          { id: 'SYS-1', title: 'Pumping' },
          { id: 'SYS-2', title: 'Alarms' },
        ],
      },
      null,
      2,
    )}\n`;
    await writeFile(join(dir, 'model.json'), text);
    await save(dir, { op: 'create', kind: 'requirement', data: { title: 'Bolus', refines: 'SYS-1' } });
    const after = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8')) as {
      requirements: { id: string }[];
    };
    expect(after.requirements.map((r) => r.id)).toEqual(['SW-1-1', 'SW-1-2', 'SW-2-1', 'SYS-1', 'SYS-2']);
  });

  test('a parent without children in the file: right after the parent', async () => {
    const dir = await tempDir();
    const text = 'requirements:\n  - id: SYS-1\n    title: Pumping\n  - id: SYS-2\n    title: Alarms\n';
    await writeFile(join(dir, 'model.yaml'), text);
    await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { id: 'SW-1', title: 'Rate', refines: 'SYS-1' },
    });
    expect(await readFile(join(dir, 'model.yaml'), 'utf8')).toBe(
      'requirements:\n  - id: SYS-1\n    title: Pumping\n  - id: SW-1\n    title: Rate\n    refines: SYS-1\n  - id: SYS-2\n    title: Alarms\n',
    );
  });
});
