// The model's assembly in the incremental engine (docs/incremental.md): an edit of one file makes that
// file's parts again and no other file's; what every file shares (the id table, the trace links'
// shape, the resolved config) is made again only when what it reads changed; and after each edit the
// model and its indexes are a fresh batch load's, holding the revision's own entities.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syncEngineWithDisk } from '../../tools/incremental/engine-from-disk.js';
import { ModelEngine } from '../../tools/incremental/model-engine.js';
import { composeModelText } from '../../tools/model/compose-file.js';
import { loadModel } from '../../tools/model/load-model.js';
import { finalizeDiagnostics } from '../../tools/validate/validate-model.js';
import { analyzeModel } from '../../tools/verify/analyze.js';
import { tempDir } from '../temp-dir.js';
import { expectEngineAsBatch } from './batch-agreement.js';

const NEEDS = `user_needs:
  - id: UN-001
    title: Infuse
  - id: UN-002
    title: Alarm
`;

const requirements = (title: string, satisfies = 'UN-001') => `requirements:
  - id: REQ-001
    title: ${title}
    satisfies: ${satisfies}
    method: system
  - id: REQ-002
    title: Stop
    refines: REQ-001
    method: system
`;

const MORE = `requirements:
  - id: REQ-010
    title: Volume
    satisfies: UN-002
    method: system
`;

/** A model of three files and an engine over it, and a way to change one file and compare. */
function setUp() {
  const dir = tempDir('rr-assembly-');
  writeFileSync(join(dir, 'rr.yaml'), 'schema_version: 1\n');
  writeFileSync(join(dir, 'a-needs.yaml'), NEEDS);
  writeFileSync(join(dir, 'b-requirements.yaml'), requirements('Rate'));
  writeFileSync(join(dir, 'c-more.yaml'), MORE);
  // Every file a unit of its own: the counts below are of parts made again file by file.
  const engine = new ModelEngine(dir, { unitAloneBytes: 0 });
  syncEngineWithDisk(engine);
  engine.diagnostics();
  /** Writes one file, lets the engine read it, and returns how often each query ran for it. */
  const edit = (name: string, text: string): Map<string, number> => {
    const before = new Map(engine.runs);
    const file = join(dir, name);
    writeFileSync(file, text);
    syncEngineWithDisk(engine, new Map(), (f) => f === file);
    engine.diagnostics();
    return new Map([...engine.runs].map(([q, n]) => [q, n - (before.get(q) ?? 0)]));
  };
  const agrees = async (message: string) => {
    const batch = await loadModel(dir);
    expectEngineAsBatch(engine, batch, message);
  };
  return { dir, engine, edit, agrees };
}

describe('the incremental assembly', () => {
  it('makes only the edited file’s parts again when a title changes', async () => {
    const { engine, edit, agrees } = setUp();
    const runs = edit('b-requirements.yaml', requirements('Rate and volume'));
    expect(runs.get('composed')).toBe(1);
    expect(runs.get('entitiesPart')).toBe(1);
    expect(runs.get('identity') ?? 0).toBe(0);
    expect(runs.get('traceShape') ?? 0).toBe(0);
    expect(runs.get('resolvedConfig') ?? 0).toBe(0);
    await agrees('title edited');
    // The edited entity is the one the links and the index give, not the entity before the edit.
    const edited = engine.model().byId.get('REQ-001')!;
    expect(edited.data.title).toBe('Rate and volume');
    expect(engine.ruleContext().trace.children('REQ-001')[0]!.id).toBe('REQ-002');
    expect(engine.ruleContext().trace.satisfiers('UN-001')).toEqual([edited]);
    expect(engine.ruleContext().trace.satisfiers('UN-001')[0]).toBe(edited);
  });

  it('makes the trace links again when a link changes, and no other file’s parts', async () => {
    const { engine, edit, agrees } = setUp();
    const runs = edit('b-requirements.yaml', requirements('Rate', 'UN-002'));
    expect(runs.get('traceShape')).toBe(1);
    // The id table is made again and found the same: other files' parts are kept.
    expect(runs.get('identity')).toBe(1);
    expect(runs.get('entitiesPart')).toBe(1);
    await agrees('satisfies changed');
    expect(
      engine
        .ruleContext()
        .trace.satisfiers('UN-002')
        .map((e) => e.id),
    ).toEqual(['REQ-001', 'REQ-010']);
    expect(engine.diagnostics().map((d) => `${d.rule} ${d.entity}`)).toContain('need-unsatisfied UN-001');
  });

  it('says where a duplicate’s owner is after lines move in the owner’s file', async () => {
    const { engine, edit, agrees } = setUp();
    edit('c-more.yaml', MORE.replace('REQ-010', 'REQ-002'));
    await agrees('duplicate made');
    const duplicate = () => engine.diagnostics().find((d) => d.rule === 'duplicate-id')!.message;
    expect(duplicate()).toContain('b-requirements.yaml:6');
    // Lines go in above the owner: the duplicate's file is not edited, its message still moves.
    const runs = edit('b-requirements.yaml', `# one\n# two\n${requirements('Rate')}`);
    expect(runs.get('entitiesPart')).toBe(2);
    expect(duplicate()).toContain('b-requirements.yaml:8');
    await agrees('owner moved');
  });

  it('checks every file’s ids again when the config’s id pattern changes', async () => {
    const { engine, edit, agrees } = setUp();
    edit('c-more.yaml', MORE.replace('REQ-010', 'REQ-0100'));
    const runs = edit('rr.yaml', "schema_version: 1\nconfig:\n  id_pattern: '{prefix}[0-9]{3}'\n");
    expect(runs.get('resolvedConfig')).toBe(1);
    expect(runs.get('entitiesPart')).toBe(4);
    const badIds = () =>
      engine
        .diagnostics()
        .filter((d) => d.rule === 'bad-id')
        .map((d) => d.entity);
    expect(badIds()).toEqual(['REQ-0100']);
    await agrees('id pattern set');
    const edited = edit('c-more.yaml', MORE.replace('REQ-010', 'REQ-0100').replace('Volume', 'Volumes'));
    expect(edited.get('entitiesPart')).toBe(1);
    expect(edited.get('resolvedConfig') ?? 0).toBe(0);
    expect(badIds()).toEqual(['REQ-0100']);
    await agrees('bad id kept');
  });

  it('leaves out the file config.sets_lock names, and takes it back when the config no longer does', async () => {
    const { dir, edit, agrees, engine } = setUp();
    writeFileSync(join(dir, 'd-lock.yaml'), 'not: [a model file\n');
    edit('rr.yaml', 'schema_version: 1\nconfig:\n  sets_lock: d-lock.yaml\n');
    expect(engine.model().files).not.toContain(join(dir, 'd-lock.yaml'));
    await agrees('lock named');
    edit('rr.yaml', 'schema_version: 1\n');
    expect(engine.model().files).toContain(join(dir, 'd-lock.yaml'));
    await agrees('lock no longer named');
  });

  it('takes a file composed by whoever set its text, and composes a text set after it', async () => {
    const { dir, engine, agrees } = setUp();
    const file = join(dir, 'b-requirements.yaml');
    const text = requirements('Rate and volume');
    const given = composeModelText(file, { ok: true, text, bom: false });
    engine.setText(file, { ok: true, text, bom: false }, given);
    expect(engine.model().byId.get('REQ-001')).toBe(given.documents[0]!.entities[0]);
    // A composition given with a text that another text replaced before anything was asked is not taken.
    const later = requirements('Rate', 'UN-404');
    engine.setText(
      file,
      { ok: true, text: requirements('Rate'), bom: false },
      composeModelText(file, { ok: true, text: requirements('Rate'), bom: false }),
    );
    writeFileSync(file, later);
    engine.setText(file, { ok: true, text: later, bom: false });
    expect(engine.model().byId.get('REQ-001')!.data.satisfies).toBe('UN-404');
    await agrees('a text set after a composed one');
  });

  it('gives the model’s part of an analysis as analyzeModel does', async () => {
    const { dir, engine, edit } = setUp();
    edit('c-more.yaml', MORE.replace('UN-002', 'UN-404'));
    const batch = analyzeModel(await loadModel(dir));
    const part = engine.modelAnalysis();
    expect(part.model).toBe(engine.model());
    expect(finalizeDiagnostics([...part.diagnostics], part.model.config)).toEqual(
      finalizeDiagnostics([...batch.diagnostics], batch.model.config),
    );
    expect(part.diagnostics.map((d) => d.rule)).toContain('dangling-reference');
  });
});
