// What the incremental engine's model and rule context must share with a fresh batch load's: the same
// files, entities (values and order), ids, config, project, load findings, claims and trace links; and
// each link and claim must hold the revision's own entity objects, not those of an earlier revision
// (the engine takes ids, links and indexes over from revision to revision, docs/incremental.md).
import { expect } from 'vitest';
import type { ModelEngine } from '../../tools/incremental/model-engine.js';
import type { Model } from '../../tools/model/model.js';
import { ruleContext, type RuleContext } from '../../tools/validate/rule-context.js';

const LINK_FIELDS = ['satisfies', 'refines', 'implemented_by', 'mitigates', 'mitigated_by'];

/** The model as values that toEqual compares, its review stamps (Model.reviewed) included. */
function modelFacts(model: Model): unknown {
  return {
    files: model.files,
    ids: [...model.byId.keys()],
    entities: model.entities,
    config: model.config,
    configSources: model.configSources,
    project: model.project,
    meta: model.meta,
    schemaVersion: model.schemaVersion,
    diagnostics: model.diagnostics,
    unreadable: model.unreadable,
    reviewed: model.reviewed,
  };
}

/** The rule context as values: claims (entities by id), claimed ids, links and broken link fields. */
function contextFacts(ctx: RuleContext): unknown {
  const entities = ctx.model.entities;
  return {
    claims: ctx.claims.map((c) => ({ ...c, entity: c.entity.id })),
    claimed: [...ctx.claimsByEntity.keys()],
    links: ctx.trace.links.map((l) => [l.from.id, l.to.id, l.relation, l.live]),
    outgoing: entities.map((e) => ctx.trace.outgoing(e.id).map((l) => `${l.to.id} ${l.relation}`)),
    incoming: entities.map((e) => ctx.trace.incoming(e.id).map((l) => `${l.from.id} ${l.relation}`)),
    broken: entities.flatMap((e) =>
      LINK_FIELDS.filter((f) => ctx.trace.namesBroken(e.id, f)).map((f) => `${e.id} ${f}`),
    ),
  };
}

/** Asserts that the engine's model and context are the batch load's, with this revision's entities. */
export function expectEngineAsBatch(engine: ModelEngine, batch: Model, message: string): void {
  const model = engine.model();
  const ctx = engine.ruleContext();
  expect(modelFacts(model), message).toEqual(modelFacts(batch));
  expect(contextFacts(ctx), message).toEqual(contextFacts(ruleContext(batch)));
  for (const e of model.entities) expect(model.byId.get(e.id) === e, `${message}: byId ${e.id}`).toBe(true);
  const own = (e: { id: string }) => model.byId.get(e.id) === e;
  for (const l of ctx.trace.links)
    expect(own(l.from) && own(l.to), `${message}: link ${l.from.id} → ${l.to.id}`).toBe(true);
  for (const c of ctx.claims) expect(own(c.entity), `${message}: claim of ${c.entity.id}`).toBe(true);
  const links = new Set(ctx.trace.links);
  for (const e of model.entities)
    for (const l of [...ctx.trace.outgoing(e.id), ...ctx.trace.incoming(e.id)])
      expect(links.has(l), `${message}: one object per link (${e.id})`).toBe(true);
}
