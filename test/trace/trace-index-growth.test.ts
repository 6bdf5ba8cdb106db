// The trace index and everything that walks it take linear time, however wide the trace: one need
// satisfied by every requirement, one parent refined by all of them, one mitigation implemented by all
// of them, one risk with a mitigation per requirement. Counted, not timed (test/scan/char-meter.ts):
// a search of a parent's list per link would make the count per link grow with the model.
import { afterAll, expect, it } from 'vitest';
import type { Entity, EntityKind } from '../../tools/model/entity.js';
import type { Model } from '../../tools/model/model.js';
import { traceGraph } from '../../tools/report/trace-graph.js';
import { TraceIndex } from '../../tools/trace/trace-index.js';
import { coverageRules } from '../../tools/validate/coverage-rules.js';
import { hierarchyRules } from '../../tools/validate/hierarchy-rules.js';
import { ruleContext } from '../../tools/validate/rule-context.js';
import { entityVerdicts } from '../../tools/verify/verdicts.js';
import { uninstallMeter } from '../scan/char-meter.js';
import { expectLinear, growth } from '../scan/linear-growth.js';
import { loadYaml } from '../verify/verify-fixture.js';

afterAll(uninstallMeter);

/** Children of the one parent in the smallest model; the largest has 10,000. */
const BASE = 1250;

function entity(kind: EntityKind, id: string, data: Record<string, unknown>): Entity {
  return {
    kind,
    id,
    data: { title: id, ...data },
    file: '/model/model.yaml',
    form: 'sections',
    positions: {},
  };
}

/** The wide model of `k × BASE` children, and its number of links. */
function wideModel(base: Model, k: number): { size: number; input: Model } {
  const n = k * BASE;
  const children = Array.from({ length: n }, (_, i) => `REQ-${i}`);
  const entities = [
    entity('user_need', 'UN-1', {}),
    entity('requirement', 'REQ-P', { satisfies: 'UN-1' }),
    ...children.map((id) => entity('requirement', id, { satisfies: 'UN-1', refines: 'REQ-P' })),
    entity('risk', 'RISK-1', { mitigated_by: 'MIT-ALL' }),
    entity('mitigation', 'MIT-ALL', { implemented_by: children }),
    ...children.map((id, i) => entity('mitigation', `MIT-${i}`, { mitigates: 'RISK-1', implemented_by: id })),
  ];
  const model: Model = { ...base, entities, byId: new Map(entities.map((e) => [e.id, e])) };
  return { size: 4 * n + 2, input: model };
}

it('building the index, its questions, the rules, verdicts and the graph examine a constant per link', async () => {
  const base = await loadYaml({});
  const walk = (model: Model) => {
    const trace = new TraceIndex(model);
    for (const e of model.entities) {
      trace.up(e.id);
      trace.down(e.id);
      trace.parents(e.id);
    }
    trace.riskChain('RISK-1');
    const ctx = { ...ruleContext(model), trace };
    coverageRules(ctx);
    hierarchyRules(ctx);
    entityVerdicts(trace, [], [], new Set(), new Set(), model.config);
    traceGraph(model, { focus: 'REQ-P', depth: 2 });
  };
  const g = growth((k) => wideModel(base, k), walk);
  expect(g.sizes[g.sizes.length - 1]).toBeGreaterThan(40_000);
  expectLinear('trace walks', g, 120);
});
