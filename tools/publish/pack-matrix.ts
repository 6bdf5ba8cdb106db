// The traceability matrix's rows both ways (requirement → cases, case → owner), from the model and its
// analysis alone: made before the rest of the pack's data, so that a large pack's workbook can start
// on its worker thread while this thread gathers the rest (docs/decisions/0380-the-workbook-starts-early.md).
import type { Entity, EntityKind } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { traceGraph } from '../report/trace-graph.js';
import { traceIndex } from '../trace/trace-index.js';
import type { Analysis } from '../verify/analyze.js';
import type { Verdict } from '../verify/verdicts.js';
import type { BackwardRow, ForwardRow } from './pack-data.js';

/** Both matrices' rows. */
export interface PackMatrix {
  forward: ForwardRow[];
  backward: BackwardRow[];
}

/** The kinds the pack's trace links are drawn between. */
export const PACK_TRACE_KINDS: EntityKind[] = ['user_need', 'requirement', 'mitigation', 'risk'];

/** The matrix rows of a model and its analysis. Pure. */
export function packMatrix(model: Model, analysis: Analysis): PackMatrix {
  const verdicts = new Map(analysis.entities.map((v) => [v.id, v]));
  const verdictOf = (id: string) => verdicts.get(id)?.verdict ?? null;
  const implemented = new Map<string, string[]>();
  for (const e of traceGraph(model, { kinds: PACK_TRACE_KINDS }).edges)
    if (e.relation === 'implements') {
      const list = implemented.get(e.from);
      if (list) list.push(e.to);
      else implemented.set(e.from, [e.to]);
    }
  return {
    forward: forwardRows(
      model,
      verdictOf,
      (id) => {
        const v = verdicts.get(id);
        return { members: v?.members ?? [], derivedFrom: v?.derived_from ?? [] };
      },
      implemented,
    ),
    backward: analysis.cases.map((a) => {
      const owner = a.owner ? model.byId.get(a.owner) : undefined;
      return {
        target: a.case.target,
        path: a.case.path,
        state: a.quarantine ? 'quarantined' : a.case.result,
        owner: a.owner,
        ownerKind: owner?.kind ?? null,
        ownerVerdict: a.owner ? verdictOf(a.owner) : null,
        quarantined: a.quarantine !== null,
      };
    }),
  };
}

function forwardRows(
  model: Model,
  verdictOf: (id: string) => Verdict | null,
  setOf: (id: string) => {
    members: readonly { target: string; path: string; state: string }[];
    derivedFrom: readonly string[];
  },
  implemented: ReadonlyMap<string, string[]>,
): ForwardRow[] {
  const trace = traceIndex(model);
  const ids = (list: readonly Entity[]) => list.map((x) => x.id);
  const needsOf = new Map<string, string[]>();
  const needs = (id: string, path: Set<string>): string[] => {
    const known = needsOf.get(id);
    if (known) return known;
    const e = model.byId.get(id);
    if (!e || e.kind !== 'requirement') return [];
    const found = new Set(ids(trace.up(id, 'satisfies')));
    for (const parent of ids(trace.up(id, 'refines')))
      if (!path.has(parent)) for (const n of needs(parent, new Set([...path, parent]))) found.add(n);
    const list = [...found];
    needsOf.set(id, list);
    return list;
  };
  return model.entities
    .filter((e) => e.kind === 'requirement')
    .map((e) => {
      const { members, derivedFrom } = setOf(e.id);
      const mitigations = [...(implemented.get(e.id) ?? [])];
      const parents = ids(trace.up(e.id, 'refines'));
      const reached = needs(e.id, new Set([e.id]));
      const derived =
        trace.up(e.id, 'satisfies').length === 0 && parents.length === 0 && mitigations.length === 0;
      return {
        requirement: e.id,
        title: typeof e.data.title === 'string' ? e.data.title : '',
        needs: reached,
        mitigations,
        parents,
        verdict: verdictOf(e.id),
        cases: members.map((m) => ({ target: m.target, path: m.path, state: m.state })),
        derived,
        missingLinks:
          (reached.length === 0 && mitigations.length === 0) ||
          (members.length === 0 && derivedFrom.length === 0),
      };
    });
}
