// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-cost-replay>: one footprint's placement cost terms replayed by the engine's cost model (GET
// /api/component-cost) at the lane's latest placement or checkpoint at the timeline position, beside the
// terms the experiment recorded for it. Used under the Costs panel's footprints and in the Cost replay tab.
import { LitElement, css, html, nothing } from 'lit';
import type { ComponentCostAnswer } from './api-types.js';
import type { LaneFrame } from './lane-replay.js';
import { formatCost } from './number-format.js';
import { sharedStyles } from './shared-styles.js';
import type { ViewerApi } from './viewer-api.js';

export class CostReplayView extends LitElement {
  static override properties = {
    api: { attribute: false },
    run: { attribute: false },
    frame: { attribute: false },
    ref: { type: String },
    answer: { state: true },
    failure: { state: true },
    busy: { state: true },
  };

  api: ViewerApi | null = null;
  run: string | null = null;
  frame: LaneFrame | null = null;
  ref = '';
  answer: ComponentCostAnswer | null = null;
  failure = '';
  busy = false;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
        margin-top: 8px;
      }
      .diff {
        color: #a33;
      }
    `,
  ];

  /** The event to replay at: the newer of the position's placement and checkpoint. */
  private event(): { seq: number; what: string } | undefined {
    const p = this.frame?.placement;
    const c = this.frame?.checkpoint;
    if (c && (!p || c.seq > p.seq)) return { seq: c.seq, what: `the ${c.phase} checkpoint (event ${c.seq})` };
    if (p) return { seq: p.seq, what: `the placement at step ${p.step} (event ${p.seq})` };
    return undefined;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('ref') && this.answer && this.answer.ref !== this.ref) this.answer = null;
  }

  override render() {
    const at = this.event();
    if (!this.ref) return html`<p class="muted">Pick a footprint to replay its cost.</p>`;
    if (!at)
      return html`<p class="muted">No placement or checkpoint at this position to replay ${this.ref} at.</p>`;
    return html`<div>
        <button
          type="button"
          ?disabled=${this.busy}
          @click=${() => this.replay(at.seq)}
          data-replay=${this.ref}
        >
          Replay ${this.ref} with the engine
        </button>
        <span class="muted">at ${at.what}</span>
      </div>
      ${this.failure ? html`<p class="error" role="alert">${this.failure}</p>` : nothing}
      ${this.answer ? this.renderAnswer(this.answer) : nothing}`;
  }

  private renderAnswer(a: ComponentCostAnswer) {
    const recorded = a.recorded;
    const terms = Object.keys(
      a.replayed.share.terms,
    ) as (keyof ComponentCostAnswer['replayed']['share']['terms'])[];
    const cell = (v: number | undefined) => (v === undefined ? '–' : formatCost(v));
    const differs = (r: number | undefined, v: number) =>
      r !== undefined && Math.abs(r - v) > 0.01 * Math.max(1, Math.abs(v));
    return html`<table aria-label=${`Cost replay of ${a.ref}`} data-cost-replay=${a.ref}>
        <caption>
          ${a.ref} at event ${a.event.seq} (${replayedFromText(a)} ${shortBoard(a.board)})
        </caption>
        <thead>
          <tr>
            <th>Term</th>
            <th class="num">Recorded</th>
            <th class="num">Replayed</th>
            <th class="num">Weight</th>
            <th class="num">All of ${a.ref}'s</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>Total</th>
            <td class="num">${cell(recorded?.total)}</td>
            <td
              class="num ${differs(recorded?.total, a.replayed.share.total) ? 'diff' : ''}"
              data-replayed-total
            >
              ${formatCost(a.replayed.share.total)}
            </td>
            <td></td>
            <td class="num">${formatCost(a.replayed.own.total)}</td>
          </tr>
          ${terms.map(
            (t) =>
              html`<tr>
                <th>· ${t}</th>
                <td class="num">${cell(recorded?.terms?.[t])}</td>
                <td class="num ${differs(recorded?.terms?.[t], a.replayed.share.terms[t]) ? 'diff' : ''}">
                  ${formatCost(a.replayed.share.terms[t])}
                </td>
                <td class="num">${a.replayed.weights[t]}</td>
                <td class="num">${formatCost(a.replayed.own.terms[t])}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <p class="muted">
        Placement total: recorded ${cell(a.recordedPlacement?.total)}, replayed
        ${formatCost(a.replayed.placement.total)}. Nets:
        ${a.replayed.nets.map((n) => `${n.name} ${formatCost(n.wirelength)} mm`).join(', ') || 'none'}.
        Engine: ${a.engine.source === 'engine-runtime' ? 'the engine copy' : 'the installed rr'} in
        ${a.engine.packageDir}.
      </p>`;
  }

  private async replay(seq: number): Promise<void> {
    if (!this.api) return;
    this.busy = true;
    this.failure = '';
    try {
      this.answer = await this.api.componentCost(seq, this.ref, this.run);
    } catch (error) {
      this.answer = null;
      this.failure = `Cost replay failed: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      this.busy = false;
    }
  }
}

/** `boards/<sha256>.kicad_pcb` with the hash cut to its first 8 characters. */
function shortBoard(board: string): string {
  return board.replace(/([0-9a-f]{8})[0-9a-f]{56}/, '$1…');
}

customElements.define('rr-cost-replay', CostReplayView);

/** Which event's positions were replayed, in words (the nearest earlier placement for a cost event). */
function replayedFromText(a: ComponentCostAnswer): string {
  const from = a.replayedFrom;
  if (a.basis === 'placement')
    return from && from.seq !== a.event.seq
      ? `the nearest earlier placement, event ${from.seq} at step ${from.step}, on`
      : 'its placement on';
  if (from?.kind === 'run_start') return "no placement before it: the run's input board";
  return from && from.seq !== a.event.seq
    ? `no placement before it: the lane's checkpoint, event ${from.seq},`
    : "on the checkpoint's own board";
}
