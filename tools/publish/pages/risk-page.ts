// The ISO 14971 risk management table: hazard, hazardous situation, harm, the initial score, each
// control with its type, the requirements implementing it and their verdicts, the residual score, and
// its acceptability against acceptable_risk_score (the engine's scoring, tools/validate/risk-score.ts).
import { html, trusted } from '../markup.js';
import type { PackData, RiskRow } from '../pack-data.js';
import { entityLink, type Page } from './page.js';
import { pagedTable } from './paged-table.js';
import { cells, verdictBadge } from './parts.js';

function score(s: RiskRow['initial']): string {
  if (s.score === null) return `${s.severity ?? '?'} × ${s.likelihood ?? '?'}: not scored`;
  return `${s.severity} × ${s.likelihood} = ${s.score}`;
}

/** The risk management table (risks.html, and risks-2.html, … for a large model). */
export function riskPages(data: PackData): Page[] {
  const limit = data.risks[0]?.acceptableScore ?? null;
  const rows = data.risks.map(
    (r) =>
      html`<tr data-id="${r.id}">
        ${cells([
          html`${entityLink(r.id)} ${r.title}`,
          r.hazard,
          r.situation,
          r.harm,
          html`<span class="score initial">${score(r.initial)}</span>`,
          r.mitigations.length === 0
            ? html`<span class="empty">none</span>`
            : html`<ul class="controls">
                ${r.mitigations.map(
                  (m) =>
                    html`<li>
                      ${entityLink(m.id)} ${m.title}${m.type ? html` <em>(${m.type})</em>` : ''}
                      ${verdictBadge(m.verdict)}${m.requirements.length > 0 ? html`<br /><small>implemented by ${m.requirements.map((q, i) => html`${i > 0 ? ', ' : ''}${entityLink(q.id)} ${verdictBadge(q.verdict)}`)}</small>` : ''}
                    </li>`,
                )}
              </ul>`,
          html`<span class="score residual">${score(r.residual)}</span>`,
          html`<span class="acceptability a-${r.acceptability}">${r.acceptability}</span>`,
          verdictBadge(r.verdict),
        ])}
      </tr>`,
  );
  return pagedTable({
    stem: 'risks',
    title: 'Risk management table',
    section: 'risks',
    intro: html`<h1>Risk management table</h1>
      <p>
        Scores are severity rank × likelihood rank; a residual score
        ${limit === null ? 'is not judged (acceptable_risk_score is not set)' : `at or below ${limit} is acceptable`}.
      </p>`,
    table: trusted('<table class="risks">'),
    head: html`<tr>
      <th scope="col">Risk</th>
      <th scope="col">Hazard</th>
      <th scope="col">Hazardous situation</th>
      <th scope="col">Harm</th>
      <th scope="col">Initial</th>
      <th scope="col">Risk controls</th>
      <th scope="col">Residual</th>
      <th scope="col">Acceptability</th>
      <th scope="col">Verdict</th>
    </tr>`,
    rows,
  });
}
