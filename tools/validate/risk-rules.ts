import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { positionOf } from '../model/entity.js';
import type { RuleContext } from './rule-context.js';
import { residualScore, riskAcceptability } from './risk-score.js';

const SCALES = [
  { field: 'severity', list: 'severities' },
  { field: 'residual_severity', list: 'severities' },
  { field: 'likelihood', list: 'likelihoods' },
  { field: 'residual_likelihood', list: 'likelihoods' },
] as const;

// Where a residual score comes from, most specific first, to point the warning at it.
const SCORE_FIELDS = ['residual_severity', 'residual_likelihood', 'severity', 'likelihood'];

/** risk-unacceptable, and unknown-value for severities and likelihoods outside the configured scales. */
export function riskRules(ctx: RuleContext): Diagnostic[] {
  const { config } = ctx.model;
  const out: Diagnostic[] = [];
  for (const risk of ctx.model.entities) {
    if (risk.kind !== 'risk') continue;
    for (const { field, list } of SCALES) {
      const value = risk.data[field];
      if (typeof value === 'string' && config[list].length > 0 && !config[list].includes(value)) {
        out.push(
          diagnostic(
            'unknown-value',
            'error',
            `risk ${risk.id}: ${field} "${value}" is not in config.${list} (${config[list].join(', ')})`,
            positionOf(risk, field),
            risk.id,
          ),
        );
      }
    }
    // A recorded acceptance is the benefit-risk decision the warning asks for.
    const residual = residualScore(config, risk);
    if (residual && riskAcceptability(config, risk) === 'unacceptable') {
      out.push(
        diagnostic(
          'risk-unacceptable',
          'warning',
          `risk ${risk.id}: residual risk ${residual.severity} × ${residual.likelihood} scores ${residual.score}, above acceptable_risk_score ${config.acceptable_risk_score}`,
          positionOf(risk, SCORE_FIELDS.find((f) => f in risk.data) ?? ''),
          risk.id,
        ),
      );
    }
  }
  return out;
}
