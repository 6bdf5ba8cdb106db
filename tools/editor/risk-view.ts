// A risk as ISO 14971 reviewers read it (docs/editor.md, "Entity lists and pages"): the scores before and after its
// controls and their acceptability, computed by the engine's scoring (tools/validate/risk-score.ts),
// and its chain as a tree: risk → mitigations → requirements → needs, nothing of other risks.
import type { Config } from '../model/config.js';
import type { Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { traceGraph, type TraceEdge } from '../report/trace-graph.js';
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
  relation: TraceEdge['relation'] | null;
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
  riskId: string,
  verdicts: ReadonlyMap<string, Verdict | null>,
): ChainNode {
  const { edges } = traceGraph(model);
  const node = (id: string, relation: ChainNode['relation'], children: ChainNode[]): ChainNode => {
    const entity = model.byId.get(id);
    return {
      id,
      kind: entity?.kind ?? 'requirement',
      title: typeof entity?.data.title === 'string' ? entity.data.title : '',
      verdict: verdicts.get(id) ?? null,
      relation,
      children,
    };
  };
  const kindOf = (id: string) => model.byId.get(id)?.kind;
  // Up from a requirement to what it serves; `path` stops a refines cycle.
  const served = (id: string, path: Set<string>): ChainNode[] =>
    edges
      .filter((e) => e.from === id && (e.relation === 'satisfies' || e.relation === 'refines'))
      .filter((e) => !path.has(e.to))
      .map((e) => node(e.to, e.relation, served(e.to, new Set([...path, e.to]))));
  const mitigations = edges
    .filter((e) => e.to === riskId && e.relation === 'mitigates' && kindOf(e.from) === 'mitigation')
    .map((m) =>
      node(
        m.from,
        'mitigates',
        edges
          .filter((e) => e.to === m.from && e.relation === 'implements')
          .map((r) => node(r.from, 'implements', served(r.from, new Set([r.from])))),
      ),
    );
  return node(riskId, null, mitigations);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
