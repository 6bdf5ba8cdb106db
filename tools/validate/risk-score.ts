import type { Config } from '../model/config.js';
import type { Entity } from '../model/entity.js';

/** A score on the risk matrix: the severity and likelihood it was read from and their product. */
export interface RiskScore {
  score: number;
  severity: string;
  likelihood: string;
}

/** A risk's residual score: 1-based severity rank × 1-based likelihood rank, or undefined if unknown. */
export function residualScore(config: Config, risk: Entity): RiskScore | undefined {
  const severity = text(risk.data.residual_severity) ?? text(risk.data.severity);
  const likelihood = text(risk.data.residual_likelihood) ?? text(risk.data.likelihood);
  return matrixScore(config, severity, likelihood);
}

/** A risk's initial score (before its controls), from `severity` and `likelihood`, or undefined. */
export function initialScore(config: Config, risk: Entity): RiskScore | undefined {
  return matrixScore(config, text(risk.data.severity), text(risk.data.likelihood));
}

/**
 * Whether a risk's residual score is acceptable, as risk-unacceptable judges it: `acceptable` at or
 * below `acceptable_risk_score`, `accepted` above it with a recorded benefit-risk decision,
 * `unacceptable` above it without one, `not-judged` when obsolete, unscored, or the rule is off.
 */
export function riskAcceptability(
  config: Config,
  risk: Entity,
): 'acceptable' | 'accepted' | 'unacceptable' | 'not-judged' {
  const residual = residualScore(config, risk);
  if (config.acceptable_risk_score === null || risk.data.status === 'obsolete' || !residual)
    return 'not-judged';
  if (residual.score <= config.acceptable_risk_score) return 'acceptable';
  return isRiskAccepted(risk) ? 'accepted' : 'unacceptable';
}

function matrixScore(
  config: Config,
  severity: string | undefined,
  likelihood: string | undefined,
): RiskScore | undefined {
  if (severity === undefined || likelihood === undefined) return undefined;
  const s = config.severities.indexOf(severity);
  const l = config.likelihoods.indexOf(likelihood);
  if (s < 0 || l < 0) return undefined;
  return { score: (s + 1) * (l + 1), severity, likelihood };
}

/** Whether a risk records its acceptance: its `residual` text starts with the word "accepted". */
export function isRiskAccepted(risk: Entity): boolean {
  const residual = text(risk.data.residual);
  return residual !== undefined && /^\s*accepted\b/i.test(residual);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
