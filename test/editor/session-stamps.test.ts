// The editor's analysis of a model under change control comes from the incremental engine, which takes
// the review stamps the session loaded or a save wrote (docs/incremental.md): after a normative save
// and after a clear, its findings and verdicts (suspect sets) are a fresh batch run's.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ModelSession } from '../../tools/app/model-session.js';
import { entityVersion } from '../../tools/edit/entity-version.js';
import { saveEdit } from '../../tools/edit/save-edit.js';
import { analyze } from '../../tools/verify/analyze.js';
import { loadInputs } from '../../tools/verify/inputs.js';
import { tempDir } from '../temp-dir.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));
const JANE = 'Jane Doe <jane@example.com>';

/** What `rr report` says of the copy as it is on disk: findings and verdicts. */
async function batch(dir: string) {
  const analysis = analyze(
    await loadInputs({ model: dir, evidence: join(dir, 'bazel-testlogs'), sources: dir }),
  );
  return { diagnostics: analysis.diagnostics, entities: analysis.entities };
}

const suspectSets = (entities: { id: string; suspect_sets?: string[] }[]) =>
  entities.filter((e) => e.suspect_sets).map((e) => [e.id, e.suspect_sets]);

describe('the editor session under change control', () => {
  test('analyses suspect links and sets with the engine after a normative save and after a clear', async () => {
    const dir = tempDir('rr-session-stamps-');
    await cp(EXAMPLE, dir, { recursive: true });
    await saveEdit(
      { root: dir, modelPath: dir },
      { op: 'clear-suspect', all: true, by: JANE, at: '2026-11-01T10:00:00Z' },
    );
    const session = await ModelSession.open({
      modelPath: dir,
      evidenceDir: join(dir, 'bazel-testlogs'),
      root: dir,
      sourcesRoot: dir,
      targetGroups: new Map(),
    });
    const pick = (a: ReturnType<ModelSession['analysis']>) => ({
      diagnostics: a.diagnostics,
      entities: a.entities,
    });
    expect(pick(session.analysis())).toEqual(await batch(dir));

    // MIT-002's description changes in a save: its requirements and its verification set turn suspect.
    const mit = session.model.byId.get('MIT-002')!;
    await session.save({
      op: 'update',
      id: 'MIT-002',
      data: {
        id: 'MIT-002',
        ...mit.data,
        description: 'The downstream pressure sensor stops the motor and alarms.',
      },
      version: entityVersion(mit),
    });
    const after = session.analysis();
    expect(after.diagnostics.filter((d) => d.rule === 'suspect-link')).toHaveLength(3);
    expect(suspectSets(after.entities)).toEqual([['MIT-002', ['record:bench_occlusion_2026_03']]]);
    expect(after.reviews.filter((r) => r.state === 'suspect')).toHaveLength(3);
    expect(pick(after)).toEqual(await batch(dir));

    await session.save({ op: 'clear-suspect', all: true, by: JANE, at: '2026-11-02T10:00:00Z' });
    const cleared = session.analysis();
    expect(cleared.diagnostics.some((d) => d.rule === 'suspect-link')).toBe(false);
    expect(suspectSets(cleared.entities)).toEqual([]);
    expect(pick(cleared)).toEqual(await batch(dir));

    // Stamps changed outside the editor count after a reload.
    const stamps = join(dir, 'rr.reviewed');
    await writeFile(stamps, (await readFile(stamps, 'utf8')).split('\n').slice(0, 1).join('\n') + '\n');
    await session.reload();
    expect(session.analysis().diagnostics.filter((d) => d.rule === 'suspect-link').length).toBeGreaterThan(
      10,
    );
    expect(pick(session.analysis())).toEqual(await batch(dir));
  });
});
