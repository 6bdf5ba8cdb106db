// Units of files (docs/incremental.md, "Units"): small files are grouped in load order, large ones stand
// alone, a file added changes the units next to it only; and an engine over a model of one file per
// entity redoes one unit's work for an edit of one file while giving the batch run's findings.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syncEngineWithDisk } from '../../tools/incremental/engine-from-disk.js';
import { fileUnits, UNIT_ALONE_BYTES, UNIT_MAX_FILES } from '../../tools/incremental/file-units.js';
import { ModelEngine } from '../../tools/incremental/model-engine.js';
import { loadModel } from '../../tools/model/load-model.js';
import { validateModel } from '../../tools/validate/validate-model.js';
import { tempDir } from '../temp-dir.js';
import { expectEngineAsBatch } from './batch-agreement.js';

const names = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `/m/requirements/REQ-${String(from + i).padStart(5, '0')}.yaml`);
const small = () => 300;

describe('units of files', () => {
  it('groups small files in load order and keeps every file exactly once', () => {
    const files = names(2000);
    const units = fileUnits(files, small);
    expect(units.flat()).toEqual(files);
    expect(units.length).toBeGreaterThan(2000 / UNIT_MAX_FILES);
    expect(units.length).toBeLessThan(2000 / 4);
    for (const unit of units) expect(unit.length).toBeLessThanOrEqual(UNIT_MAX_FILES);
  });

  it('puts a large file in a unit of its own, and every file apart when told to', () => {
    const files = names(40);
    const big = files[17]!;
    const units = fileUnits(files, (f) => (f === big ? UNIT_ALONE_BYTES : 300));
    expect(units).toContainEqual([big]);
    expect(units.flat()).toEqual(files);
    expect(fileUnits(files, small, 0)).toEqual(files.map((f) => [f]));
  });

  it('changes only the units next to a file that is added', () => {
    const files = names(3000);
    const before = fileUnits(files, small);
    const added = '/m/requirements/REQ-01500a.yaml';
    const withAdded = [...files.slice(0, 1501), added, ...files.slice(1501)];
    const after = fileUnits(withAdded, small);
    const key = (u: string[]) => u.join('\n');
    const kept = new Set(before.map(key));
    const changed = after.filter((u) => !kept.has(key(u)));
    // The unit that takes the new file, and the one after it when the new file starts a unit.
    expect(changed.length).toBeGreaterThanOrEqual(1);
    expect(changed.length).toBeLessThanOrEqual(2);
    expect(changed.flat()).toContain(added);
  });
});

describe('an engine over one file per entity', () => {
  it('makes one unit’s parts and rules again for an edit of one small file, and agrees with the batch', async () => {
    const dir = tempDir('rr-units-');
    mkdirSync(join(dir, 'needs'));
    mkdirSync(join(dir, 'requirements'));
    writeFileSync(join(dir, 'rr.yaml'), 'schema_version: 1\n');
    for (let i = 0; i < 300; i++) {
      const n = String(i).padStart(3, '0');
      writeFileSync(join(dir, 'needs', `UN-${n}.yaml`), `kind: user_need\nid: UN-${n}\ntitle: Need ${i}\n`);
      writeFileSync(
        join(dir, 'requirements', `REQ-${n}.yaml`),
        `kind: requirement\nid: REQ-${n}\ntitle: Requirement ${i}\nsatisfies: UN-${n}\nmethod: system\n`,
      );
    }
    const engine = new ModelEngine(dir);
    syncEngineWithDisk(engine);
    engine.diagnostics();
    const units = engine.runs.get('entitiesPart')!;
    expect(units).toBeLessThan(601 / 4);
    const agrees = async (message: string) => {
      const batch = await loadModel(dir);
      expectEngineAsBatch(engine, batch, message);
      expect(engine.diagnostics(), message).toEqual(validateModel(batch));
    };
    await agrees('first load');

    const before = new Map(engine.runs);
    const file = join(dir, 'requirements', 'REQ-123.yaml');
    writeFileSync(
      file,
      'kind: requirement\nid: REQ-123\ntitle: Renamed\nsatisfies: UN-999\nmethod: system\n',
    );
    syncEngineWithDisk(engine, new Map(), (f) => f === file);
    const found = engine.diagnostics();
    const ran = (q: string) => (engine.runs.get(q) ?? 0) - (before.get(q) ?? 0);
    expect(ran('composed')).toBe(1);
    expect(ran('entitiesPart')).toBe(1);
    // A link changed: every unit's rules are checked again, each unit once.
    expect(ran('unitRules')).toBe(units);
    expect(found.map((d) => `${d.rule} ${d.entity}`)).toContain('dangling-reference REQ-123');
    await agrees('link edited');

    const titleBefore = new Map(engine.runs);
    writeFileSync(
      file,
      'kind: requirement\nid: REQ-123\ntitle: Renamed again\nsatisfies: UN-999\nmethod: system\n',
    );
    syncEngineWithDisk(engine, new Map(), (f) => f === file);
    engine.diagnostics();
    expect((engine.runs.get('unitRules') ?? 0) - (titleBefore.get('unitRules') ?? 0)).toBe(1);
    await agrees('title edited');
  });
});
