// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-alternatives-panel>: the search's decisions between options: those of the selected lane up to the
// timeline position, and the experiment's own (which candidate won). An option's lane opens that lane.
import { LitElement, css, html, nothing } from 'lit';
import type { LiveEventOf } from './api-types.js';
import { formatCost } from './number-format.js';
import { sharedStyles } from './shared-styles.js';

export class AlternativesPanel extends LitElement {
  static override properties = {
    laneDecisions: { attribute: false },
    experimentDecisions: { attribute: false },
    lane: { type: String },
  };

  laneDecisions: LiveEventOf<'alternatives'>[] = [];
  experimentDecisions: LiveEventOf<'alternatives'>[] = [];
  lane: string | null = null;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      section {
        margin-bottom: 10px;
      }
      tr.chosen {
        background: #e3f4e8;
      }
      button.lane {
        border: none;
        background: none;
        padding: 0;
        color: #1a4fb3;
        text-decoration: underline;
      }
      .question {
        font-weight: 600;
        margin: 6px 0 2px;
      }
    `,
  ];

  override render() {
    return html`<h2>Alternatives</h2>
      ${
        this.lane
          ? this.laneDecisions.length > 0
            ? this.laneDecisions.map((d) => this.renderDecision(d))
            : html`<p class="empty">Lane ${this.lane} has made no decision up to this position.</p>`
          : html`<p class="empty">Select a lane to see its decisions.</p>`
      }
      <h3>Experiment</h3>
      ${
        this.experimentDecisions.length > 0
          ? this.experimentDecisions.map((d) => this.renderDecision(d))
          : html`<p class="empty">The experiment has not decided between its candidates yet.</p>`
      }`;
  }

  private renderDecision(d: LiveEventOf<'alternatives'>) {
    return html`<section aria-label=${d.question}>
      <p class="question">${d.question} <span class="muted">(seq ${d.seq})</span></p>
      <table>
        <thead>
          <tr>
            <th>Option</th>
            <th class="num">Cost</th>
            <th>Chosen</th>
            <th>Why</th>
          </tr>
        </thead>
        <tbody>
          ${d.options.map(
            (o) =>
              html`<tr class=${o.chosen ? 'chosen' : ''}>
                <td>
                  ${
                    o.lane
                      ? html`<button
                          type="button"
                          class="lane"
                          aria-label=${`Open lane ${o.lane}`}
                          @click=${() => this.open(o.lane!)}
                        >
                          ${o.label ?? o.id}
                        </button>`
                      : (o.label ?? o.id)
                  }
                </td>
                <td class="num">${o.cost !== undefined ? formatCost(o.cost) : ''}</td>
                <td>${o.chosen ? '✔ chosen' : nothing}</td>
                <td>${o.reason ?? ''}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </section>`;
  }

  private open(lane: string): void {
    this.dispatchEvent(new CustomEvent('lane-select', { detail: { lane }, bubbles: true, composed: true }));
  }
}

customElements.define('rr-alternatives-panel', AlternativesPanel);
