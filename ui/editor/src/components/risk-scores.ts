// A risk's scores as ISO 14971 reviewers read them: severity × likelihood before and after the controls,
// and whether the residual score is acceptable. The numbers come from the server (the engine's scoring).
import { html, nothing, type TemplateResult } from 'lit';
import type { RiskAssessment } from '../api/api-types.js';

const ACCEPTABILITY: Record<RiskAssessment['acceptability'], { text: string; tone: string }> = {
  acceptable: { text: 'acceptable', tone: 'good' },
  accepted: { text: 'accepted (benefit-risk)', tone: 'warn' },
  unacceptable: { text: 'unacceptable', tone: 'bad' },
  'not-judged': { text: 'not judged', tone: 'neutral' },
};

/** The acceptability of a risk's residual score as a badge (the word, not the colour, carries it). */
export function acceptabilityBadge(r: RiskAssessment): TemplateResult {
  const a = ACCEPTABILITY[r.acceptability];
  return html`<span class="badge ${a.tone}">${a.text}</span>`;
}

/** `severity × likelihood = score`, or a dash when the risk does not state them. */
export function scoreText(
  severity: string | null,
  likelihood: string | null,
  score: number | null,
): TemplateResult {
  if (!severity && !likelihood) return html`<span class="muted">—</span>`;
  return html`${severity ?? '?'} ×
  ${likelihood ?? '?'}${score !== null ? html` = <strong>${score}</strong>` : nothing}`;
}

/** The whole assessment as a definition list for the risk page. */
export function riskAssessmentFacts(r: RiskAssessment): TemplateResult {
  return html`<dl class="facts risk-assessment">
    <dt>Initial risk</dt>
    <dd>${scoreText(r.severity, r.likelihood, r.initial_score)}</dd>
    <dt>Residual risk</dt>
    <dd>${scoreText(r.residual_severity, r.residual_likelihood, r.residual_score)}</dd>
    <dt>Acceptability</dt>
    <dd>
      ${acceptabilityBadge(r)}
      <span class="muted"
        >${
          r.acceptable_risk_score === null
            ? 'acceptable_risk_score is off (null)'
            : `acceptable up to a score of ${r.acceptable_risk_score}`
        }</span
      >
    </dd>
  </dl>`;
}
