// Review stamps in the incremental engine (docs/incremental.md): on the example under change control,
// a normative edit of a need re-judges only the files whose links rest on it, an edit no fingerprint
// covers re-judges only its own file, a clear re-judges only the files whose links rest on the cleared
// parent; after each, the findings are the batch run's.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { reviewLinks } from '../../tools/change-control/review-links.js';
import { saveEdit } from '../../tools/edit/save-edit.js';
import { syncEngineWithDisk } from '../../tools/incremental/engine-from-disk.js';
import { ModelEngine } from '../../tools/incremental/model-engine.js';
import { loadModel } from '../../tools/model/load-model.js';
import { listModelFiles } from '../../tools/model/model-files.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { tempDir } from '../temp-dir.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));
const JANE = 'Jane Doe <jane@example.com>';

async function stampedCopy(): Promise<string> {
  const dir = tempDir('rr-engine-stamps-');
  await cp(EXAMPLE, dir, { recursive: true });
  await saveEdit(
    { root: dir, modelPath: dir },
    { op: 'clear-suspect', all: true, by: JANE, at: '2026-11-01T10:00:00Z' },
  );
  return dir;
}

async function replaceIn(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

/** Reads what changed on disk into the engine and counts the files whose suspect links were judged again. */
function judgedAgain(engine: ModelEngine, changed: string[]): number {
  const before = engine.runs.get('suspectOfFile') ?? 0;
  syncEngineWithDisk(engine, new Map(), (f) => changed.includes(f));
  engine.diagnostics();
  return (engine.runs.get('suspectOfFile') ?? 0) - before;
}

describe('review stamps in the incremental engine', () => {
  test('a normative edit re-judges the files of the links resting on the entity, and no other', async () => {
    const dir = await stampedCopy();
    const engine = new ModelEngine(dir);
    syncEngineWithDisk(engine);
    expect(engine.diagnostics().filter((d) => d.rule === 'suspect-link')).toEqual([]);

    // UN-001's links are written in requirements.yaml (satisfies) and user-needs.yaml (validated_by).
    const model = await loadModel(dir);
    const resting = new Set(
      reviewLinks(model)
        .filter((l) => l.parent.id === 'UN-001')
        .map((l) => l.at.file),
    );
    const needs = join(dir, 'user-needs.yaml');
    expect([...resting].sort()).toEqual([join(dir, 'requirements.yaml'), needs]);
    expect(listModelFiles(dir).files.length).toBeGreaterThan(resting.size + 2);

    await replaceIn(needs, 'title: Deliver the prescribed infusion accurately', 'title: Deliver infusions');
    expect(judgedAgain(engine, [needs])).toBe(resting.size);
    const suspect = engine.diagnostics().filter((d) => d.rule === 'suspect-link');
    expect(suspect.map((d) => d.entity).sort()).toEqual(['REQ-001', 'REQ-004', 'UN-001']);
    expect(suspect[0]!.message).toContain("the parent's title has changed since Jane Doe");
    expect(engine.diagnostics()).toEqual(validateModel(await loadModel(dir)));

    // An owner is no normative field: only the edited file is looked at again, nothing else turns suspect.
    await replaceIn(needs, 'owner: Jane Doe <jane@example.com>', 'owner: Raj Patel <raj.patel@example.com>');
    expect(judgedAgain(engine, [needs])).toBe(1);
    expect(engine.diagnostics().filter((d) => d.rule === 'suspect-link')).toEqual(suspect);
    expect(engine.diagnostics()).toEqual(validateModel(await loadModel(dir)));
  });

  test('a clear re-judges the files of the cleared parent’s links; removing the stamps ends change control', async () => {
    const dir = await stampedCopy();
    const needs = join(dir, 'user-needs.yaml');
    await replaceIn(needs, 'title: Deliver the prescribed infusion accurately', 'title: Deliver infusions');
    const engine = new ModelEngine(dir);
    syncEngineWithDisk(engine);
    expect(engine.diagnostics().filter((d) => d.rule === 'suspect-link')).toHaveLength(3);

    const stamps = join(dir, 'rr.reviewed');
    await saveEdit(
      { root: dir, modelPath: dir },
      { op: 'clear-suspect', child: 'REQ-001', parents: ['UN-001'], by: JANE, at: '2026-11-02T10:00:00Z' },
    );
    expect(judgedAgain(engine, [stamps])).toBe(2);
    const left = engine.diagnostics().filter((d) => d.rule === 'suspect-link');
    expect(left.map((d) => d.entity).sort()).toEqual(['REQ-004', 'UN-001']);
    expect(engine.diagnostics()).toEqual(validateModel(await loadModel(dir)));

    await writeFile(stamps, `${await readFile(stamps, 'utf8')}<<<<<<< HEAD\n`);
    syncEngineWithDisk(engine, new Map(), (f) => f === stamps);
    expect(engine.diagnostics().filter((d) => d.rule === 'review-stamps-invalid')).toHaveLength(1);
    expect(engine.diagnostics()).toEqual(validateModel(await loadModel(dir)));

    // An open buffer of the stamps file counts instead of the file, as a model file's does.
    syncEngineWithDisk(engine, new Map([[stamps, '']]), () => false);
    expect(engine.diagnostics().filter((d) => d.rule === 'suspect-link').length).toBeGreaterThan(3);

    await rm(stamps);
    syncEngineWithDisk(engine, new Map(), (f) => f === stamps);
    expect(engine.model().reviewed).toBeUndefined();
    expect(engine.diagnostics()).toEqual(validateModel(await loadModel(dir)));
    expect(engine.diagnostics().some((d) => d.rule === 'suspect-link')).toBe(false);
  });
});
