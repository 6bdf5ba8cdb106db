// What a save and the read after it cost in the editor (docs/incremental.md, "The editor"): the
// session's incremental engine makes again only what the save changed. A title edit composes and
// checks its own file and leaves the attribution and every verdict alone; a claim edit attributes the
// cases of its own target again and judges again only the entity whose set changed and the entities
// that derive from it. Each read's analysis is still a fresh batch run's. The engine's run counts are
// the evidence (ModelSession.engineRuns): a read that analysed the whole model again would attribute
// every target and judge every entity.
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ModelSession } from '../../tools/app/model-session.js';
import { entityVersion } from '../../tools/edit/entity-version.js';
import { traceIndex } from '../../tools/trace/trace-index.js';
import { analyze } from '../../tools/verify/analyze.js';
import { loadInputs } from '../../tools/verify/inputs.js';
import { tempDir } from '../temp-dir.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));

/** What `rr report` says of the copy as it is on disk: findings and verdicts. */
async function batch(dir: string) {
  const analysis = analyze(
    await loadInputs({ model: dir, evidence: join(dir, 'bazel-testlogs'), sources: dir }),
  );
  return { diagnostics: analysis.diagnostics, entities: analysis.entities, gaps: analysis.gaps };
}

/** How often each engine query ran (and how many verdicts were judged) while `work` ran. */
async function ranDuring(session: ModelSession, work: () => Promise<unknown>): Promise<Map<string, number>> {
  const before = session.engineRuns();
  await work();
  const ran = new Map<string, number>();
  for (const [query, n] of session.engineRuns()) {
    const more = n - (before.get(query) ?? 0);
    if (more > 0) ran.set(query, more);
  }
  return ran;
}

/** The entity and every entity that derives its verdict from it, through live links. */
function withDerived(session: ModelSession, id: string): Set<string> {
  const trace = traceIndex(session.model);
  const out = new Set<string>();
  const queue = [id];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (out.has(next)) continue;
    out.add(next);
    for (const parent of trace.up(next)) queue.push(parent.id);
  }
  return out;
}

describe('a save in the editor and the read after it', () => {
  test('make again only what the save changed, and answer as a fresh batch run', async () => {
    const dir = tempDir('rr-save-read-');
    await cp(EXAMPLE, dir, { recursive: true });
    const session = await ModelSession.open({
      modelPath: dir,
      evidenceDir: join(dir, 'bazel-testlogs'),
      root: dir,
      sourcesRoot: dir,
      targetGroups: new Map(),
    });
    session.analysis();
    const read = () => {
      const a = session.analysis();
      return { diagnostics: a.diagnostics, entities: a.entities, gaps: a.gaps };
    };
    const save = (id: string, change: (data: Record<string, unknown>) => void) => {
      const entity = session.model.byId.get(id)!;
      const data = structuredClone(entity.data);
      change(data);
      return session.save({ op: 'update', id, data, version: entityVersion(entity) });
    };

    // A title: its file is composed and checked again; no case is attributed, no verdict judged.
    const saved = await ranDuring(session, () =>
      save('REQ-005', (d) => (d.title = 'Anti-free-flow clamp closes before the door can open')),
    );
    expect(saved.get('composed')).toBe(1);
    expect(saved.get('unitRules')).toBe(1);
    const titleRead = await ranDuring(session, async () => read());
    for (const query of ['composed', 'unitRules', 'evidencePart', 'attributedTarget', 'verdicts'])
      expect(titleRead.get(query) ?? 0, query).toBe(0);
    expect(titleRead.get('entityVerdict') ?? 0).toBe(0);
    expect(read()).toEqual(await batch(dir));

    // A claim's level: the cases of that one target are attributed again, and only REQ-005 and what
    // derives from it are judged again.
    await ranDuring(session, () =>
      save('REQ-005', (d) => {
        const [claim] = d.verified_by as { level?: string }[];
        claim!.level = 'system';
      }),
    );
    const claimRead = await ranDuring(session, async () => read());
    expect(claimRead.get('attributedTarget')).toBe(1);
    expect(claimRead.get('unitRules') ?? 0).toBe(0);
    const judged = claimRead.get('entityVerdict') ?? 0;
    expect(judged).toBe(withDerived(session, 'REQ-005').size);
    expect(judged).toBeLessThan(session.model.entities.length);
    expect(read()).toEqual(await batch(dir));
  });
});
