import type { Config } from '../model/config.js';
import type { Entity } from '../model/entity.js';

/** A risk's residual score: 1-based severity rank × 1-based likelihood rank, or undefined if unknown. */
export function residualScore(
  config: Config,
  risk: Entity,
): { score: number; severity: string; likelihood: string } | undefined {
  const severity = text(risk.data.residual_severity) ?? text(risk.data.severity);
  const likelihood = text(risk.data.residual_likelihood) ?? text(risk.data.likelihood);
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
