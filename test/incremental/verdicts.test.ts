// The verdicts in the incremental engine (docs/incremental.md): made again only when what they read
// changed (the links, a risk's accepted residual, the evidence part, the INVALID entities), so a title
// typed in the language server with evidence keeps them; and always the batch analysis's verdicts.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syncEngineWithDisk } from '../../tools/incremental/engine-from-disk.js';
import { ModelEngine } from '../../tools/incremental/model-engine.js';
import { loadModel } from '../../tools/model/load-model.js';
import { analyze } from '../../tools/verify/analyze.js';
import { loadInputs } from '../../tools/verify/inputs.js';
import { tempDir } from '../temp-dir.js';

const EXAMPLE = join(import.meta.dirname, '../../examples/infusion-pump');

const risks = (residual: string) => `risks:
  - id: RISK-001
    title: Free flow
    hazard: Gravity flow
    harm: Overdose
    severity: serious
    likelihood: remote
    residual: ${residual}
`;

/** Edits one file, lets the engine read it, and returns how often the verdicts were made for it. */
function editor(dir: string, engine: ModelEngine) {
  return (name: string, edit: (text: string) => string): number => {
    const before = engine.runs.get('verdicts') ?? 0;
    const file = join(dir, name);
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    syncEngineWithDisk(engine, new Map(), (f) => f === file);
    engine.analysis();
    return (engine.runs.get('verdicts') ?? 0) - before;
  };
}

describe('the incremental verdicts', () => {
  it('keep the verdicts while titles change, make them again when a claim changes, as the batch does', async () => {
    const dir = tempDir('rr-verdicts-');
    cpSync(EXAMPLE, dir, { recursive: true });
    const inputs = await loadInputs({ model: dir, evidence: join(dir, 'bazel-testlogs') });
    const engine = new ModelEngine(dir);
    syncEngineWithDisk(engine);
    engine.setEvidence(inputs.evidence, inputs.lock);
    engine.analysis();
    const edit = editor(dir, engine);
    const batch = async () =>
      analyze({ model: await loadModel(dir), evidence: inputs.evidence!, lock: inputs.lock! }).entities;

    expect(
      edit('requirements.yaml', (t) => t.replace('Continuous infusion by rate', 'Infusion by rate')),
    ).toBe(0);
    expect(engine.analysis().entities).toEqual(await batch());
    // A claim loses its cases: the verdicts are made again and some requirement's set changes.
    const before = engine.analysis().entities;
    const claim = (t: string) => t.replace('- GravimetricFlow/trumpet_curve_1_ml_h', '- NoSuch/case');
    expect(edit('requirements.yaml', claim)).toBe(1);
    expect(engine.analysis().entities).toEqual(await batch());
    expect(engine.analysis().entities).not.toEqual(before);
  });

  it('make a risk ACCEPTED when its residual says so, though no link or title changed', async () => {
    const dir = tempDir('rr-verdicts-');
    writeFileSync(join(dir, 'rr.yaml'), 'schema_version: 1\n');
    writeFileSync(join(dir, 'risks.yaml'), risks('Too high'));
    const engine = new ModelEngine(dir);
    syncEngineWithDisk(engine);
    const verdict = () => engine.analysis().entities.find((v) => v.id === 'RISK-001')!.verdict;
    expect(verdict()).toBe('UNVERIFIED');
    const edit = editor(dir, engine);
    expect(edit('risks.yaml', () => risks('Accepted by the board'))).toBe(1);
    expect(verdict()).toBe('ACCEPTED');
    expect(engine.analysis().entities).toEqual(analyze({ model: await loadModel(dir) }).entities);
    expect(edit('risks.yaml', () => risks('Accepted by the whole board'))).toBe(0);
    expect(verdict()).toBe('ACCEPTED');
  });

  it('make the verdicts again when a link changes or a claim becomes INVALID, without evidence', async () => {
    const dir = tempDir('rr-verdicts-');
    cpSync(EXAMPLE, dir, { recursive: true });
    const engine = new ModelEngine(dir);
    syncEngineWithDisk(engine);
    engine.analysis();
    const edit = editor(dir, engine);
    const batch = async () => analyze({ model: await loadModel(dir) }).entities;
    const of = (id: string) => engine.analysis().entities.find((v) => v.id === id)!;
    expect(of('UN-001').derived_from).toContain('REQ-001');
    expect(edit('requirements.yaml', (t) => t.replace('satisfies: UN-001', 'satisfies: UN-002'))).toBe(1);
    expect(of('UN-001').derived_from).not.toContain('REQ-001');
    expect(engine.analysis().entities).toEqual(await batch());
    const badTarget = (t: string) =>
      t.replace('target: record:bench_flow_accuracy_2026_02', 'target: "not a label"');
    expect(edit('requirements.yaml', badTarget)).toBe(1);
    expect(of('REQ-002').verdict).toBe('INVALID');
    expect(engine.analysis().entities).toEqual(await batch());
  });
});
