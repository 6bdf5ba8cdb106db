// A risk as ISO 14971 reviewers read it (docs/editor.md, "Entity lists and pages"): the scores before and after its
// controls and their acceptability, computed by the engine's scoring (tools/validate/risk-score.ts),
// and its chain as a tree: risk → mitigations → requirements → needs, nothing of other risks, over the
// live links of the trace index (an obsolete entity controls and serves nothing, so it is not shown).
import type { Config } from '../model/config.js';
import type { Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import type { TraceRelation } from '../trace/trace-fields.js';
import { traceIndex } from '../trace/trace-index.js';
import { initialScore, residualScore, riskAcceptability } from '../validate/risk-score.js';
import type { Verdict } from '../verify/verdicts.js';

/** A risk's severity, likelihood, initial and residual score, and its acceptability. */
export type RiskAssessment = ReturnType<typeof riskAssessment>;

/** One entity of a risk's chain, with the relation that links it to its parent and its own children. */
export interface ChainNode {
  id: string;
  kind: Entity['kind'];
  title: string;
  verdict: Verdict | null;
  /** how this entity links to its parent in the tree; null for the risk at the root */
  relation: TraceRelation | null;
  children: ChainNode[];
}

/** The numbers a reviewer reads off a risk; null where the risk does not state them. */
export function riskAssessment(config: Config, risk: Entity) {
  const initial = initialScore(config, risk);
  const residual = residualScore(config, risk);
  return {
    severity: text(risk.data.severity),
    likelihood: text(risk.data.likelihood),
    initial_score: initial?.score ?? null,
    /** as scored: the residual fields, or the initial ones where a residual one is not written */
    residual_severity: residual?.severity ?? text(risk.data.residual_severity),
    residual_likelihood: residual?.likelihood ?? text(risk.data.residual_likelihood),
    residual_score: residual?.score ?? null,
    acceptable_risk_score: config.acceptable_risk_score,
    acceptability: riskAcceptability(config, risk),
  };
}

/**
 * A risk's chain as a tree: the mitigations that control it, the requirements that implement each, and
 * what each requirement serves (needs it satisfies, parent requirements it refines, up to their needs).
 */
export function riskChainTree(
  model: Model,
  risk: Entity,
  verdicts: ReadonlyMap<string, Verdict | null>,
): ChainNode {
  const trace = traceIndex(model);
  const node = (entity: Entity, relation: ChainNode['relation'], children: ChainNode[]): ChainNode => ({
    id: entity.id,
    kind: entity.kind,
    title: typeof entity.data.title === 'string' ? entity.data.title : '',
    verdict: verdicts.get(entity.id) ?? null,
    relation,
    children,
  });
  // Up from a requirement to what it serves; `path` stops a refines cycle.
  const served = (id: string, path: Set<string>): ChainNode[] =>
    trace
      .outgoing(id)
      .filter((l) => l.live && (l.relation === 'satisfies' || l.relation === 'refines') && !path.has(l.to.id))
      .map((l) => node(l.to, l.relation, served(l.to.id, new Set([...path, l.to.id]))));
  const mitigations = trace.mitigationsOf(risk.id).map((m) =>
    node(
      m,
      'mitigates',
      trace.implementers(m.id).map((r) => node(r, 'implements', served(r.id, new Set([r.id])))),
    ),
  );
  return node(risk, null, mitigations);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
