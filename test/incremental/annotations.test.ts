// Source annotations file by file in the incremental engine (docs/incremental.md): the findings are
// those of a batch analysis over a scan of the tree (`rr report --sources`); a source file's new text
// scans that file again and no other, an edit of the model that keeps its ids scans none, a renamed id
// scans every file again (an annotation counts only for an id of the model).
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { syncEngineWithDisk } from '../../tools/incremental/engine-from-disk.js';
import { ModelEngine } from '../../tools/incremental/model-engine.js';
import { loadModel } from '../../tools/model/load-model.js';
import { listScannedFiles, patternAnchors, readSourceContent } from '../../tools/sources/scan-annotations.js';
import { analyze } from '../../tools/verify/analyze.js';
import { scanModelAnnotations } from '../../tools/verify/model-annotations.js';
import { tempDir } from '../temp-dir.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));
const EXPORT_TEST = 'pump/log/export/tests/test_log_export.py';

/** What `rr report --sources DIR` (no evidence) finds in the copy as it is on disk. */
async function batch(dir: string) {
  const model = await loadModel(dir);
  return analyze({ model, sources: await scanModelAnnotations(model, dir) }).diagnostics;
}

/** Sets the engine's source listing and every file's content from disk. */
async function readSources(engine: ModelEngine, dir: string): Promise<void> {
  const listing = await listScannedFiles(dir);
  const anchors = patternAnchors(engine.model().config.annotation_patterns);
  for (const file of listing.files)
    engine.setSourceContent(file, await readSourceContent(join(dir, file), anchors));
  engine.setSourceListing({ root: dir, ...listing });
}

const scans = (engine: ModelEngine) => engine.runs.get('annotationsOfSource') ?? 0;

describe('source annotations in the incremental engine', () => {
  test('scan again only what a change needs, with the findings of rr report --sources', async () => {
    const dir = tempDir('rr-engine-annotations-');
    await cp(EXAMPLE, dir, { recursive: true });
    const engine = new ModelEngine(dir);
    syncEngineWithDisk(engine);
    await readSources(engine, dir);
    expect(engine.diagnostics()).toEqual(await batch(dir));

    // One annotation names two ids: that file alone is scanned again.
    const file = join(dir, EXPORT_TEST);
    const text = (await readFile(file, 'utf8')).replace(
      '# @verifies REQ-019\n',
      '# @verifies REQ-019, REQ-020\n',
    );
    await writeFile(file, text);
    let before = scans(engine);
    engine.setSourceContent(EXPORT_TEST, { kind: 'text', text });
    const found = engine.diagnostics();
    expect(scans(engine) - before).toBe(1);
    expect(found.filter((d) => d.rule === 'multi-verifies-annotation').map((d) => [d.file, d.line])).toEqual([
      [file, 7],
    ]);
    expect(found).toEqual(await batch(dir));
    expect(
      engine
        .analysis()
        .annotations.get('REQ-020')
        ?.map((a) => a.file),
    ).toEqual([file]);

    // A title of the model changes, its ids do not: no source file is scanned again.
    const requirements = join(dir, 'requirements.yaml');
    await writeFile(
      requirements,
      (await readFile(requirements, 'utf8')).replace(
        'Continuous infusion by rate and volume',
        'Infusion by rate',
      ),
    );
    before = scans(engine);
    syncEngineWithDisk(engine, new Map(), (f) => f === requirements);
    expect(engine.diagnostics()).toEqual(await batch(dir));
    expect(scans(engine) - before).toBe(0);

    // REQ-020 renamed in the model: the annotation names one id of the model now.
    const alarms = join(dir, 'requirements-alarms.yaml');
    await writeFile(alarms, (await readFile(alarms, 'utf8')).replaceAll('REQ-020', 'REQ-920'));
    syncEngineWithDisk(engine, new Map(), (f) => f === alarms);
    const renamed = engine.diagnostics();
    expect(renamed.some((d) => d.rule === 'multi-verifies-annotation')).toBe(false);
    expect(renamed).toEqual(await batch(dir));
  });
});
