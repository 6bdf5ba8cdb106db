import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { errorText } from '../api/api-error.js';
import { idSegment } from '../api/api-client.js';
import type { EntityDetail, TraceEdge, SetMember } from '../api/api-types.js';
import { entityLink, entityLinks, position, stateBadge, verdictBadge } from '../components/badges.js';
import { noticeList } from '../components/conflict-list.js';
import type { DeleteDialog } from '../components/delete-dialog.js';
import { LightElement } from '../components/light-element.js';
import { riskChainTree } from '../components/risk-chain-tree.js';
import { riskAssessmentFacts } from '../components/risk-scores.js';
import type { RenameDialog } from '../components/rename-dialog.js';
import { claimsFieldOf, fieldsOf, KIND_LABELS } from '../model/kind-fields.js';
import { asList } from '../model/string-list.js';
import { entityHref, href } from '../routing/hash-route.js';
import { store, type EditorStore } from '../session/editor-store.js';

/** One entity: verdict, traces both ways, verification set, sources, issues, gaps, notes, and its actions. */
export class EntityPage extends LightElement {
  static override properties = {
    entityId: { attribute: false },
    detail: { state: true },
    error: { state: true },
    flash: { state: true },
  };
  declare entityId: string;
  declare detail: EntityDetail | null;
  declare error: string;
  declare flash: EditorStore['flash'];

  constructor() {
    super();
    this.entityId = '';
    this.detail = null;
    this.error = '';
    this.flash = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('entityId')) {
      // A save that led here left its message (and notices) for this page to show.
      this.flash = store().flash;
      store().flash = null;
      void this.load();
    }
  }

  private async load(): Promise<void> {
    const id = this.entityId;
    this.error = '';
    try {
      const detail = await store().api.get<EntityDetail>(`entities/${idSegment(id)}`);
      if (id === this.entityId) this.detail = detail;
    } catch (error) {
      if (id === this.entityId) {
        this.detail = null;
        this.error = errorText(error);
      }
    }
  }

  private async entityNotesChanged(): Promise<void> {
    await this.load();
    await store().refresh();
  }

  protected override render() {
    if (this.error)
      return html`<h1 tabindex="-1">${this.entityId}</h1>
        <div class="banner error" role="alert"><p>${this.error}</p></div>`;
    const d = this.detail;
    if (!d || d.entity.id !== this.entityId)
      return html`<h1 tabindex="-1">${this.entityId}</h1>
        <p aria-live="polite">Loading…</p>`;
    const e = d.entity;
    const members = d.verification.members;
    const quarantined = d.verification.quarantined;
    const flash = this.flash;
    return html`
      <p class="muted">${KIND_LABELS[e.kind].one}</p>
      <h1 tabindex="-1">${e.id} ${e.title}</h1>
      <rr-suspect-banner .entityId=${e.id}></rr-suspect-banner>
      ${
        flash
          ? html`<div class="banner success" role="status">
              <p>${flash.text}</p>
              ${noticeList(flash.notices)}
            </div>`
          : nothing
      }
      <div class="actions">
        ${e.kind === 'test_method' ? nothing : html`<span>Verdict: ${verdictBadge(d.verdict)}</span>`}
        ${
          d.basis && d.basis !== 'none' && d.basis !== 'own'
            ? html`<span class="muted"
                >(${d.basis}${d.derived_from.length ? html` from ${entityLinks(d.derived_from)}` : nothing})</span
              >`
            : nothing
        }
      </div>
      <div class="actions">
        <a class="button" href="${entityHref(e.id)}/edit">Edit</a>
        <button
          type="button"
          class="secondary"
          @click=${() => this.querySelector<RenameDialog>('rr-rename-dialog')?.open()}
        >
          Rename…
        </button>
        <button
          type="button"
          class="secondary"
          @click=${() => this.querySelector<DeleteDialog>('rr-delete-dialog')?.open()}
        >
          Delete…
        </button>
        ${
          e.kind === 'test_method'
            ? nothing
            : html`<a class="button secondary" href=${href('graph', { focus: e.id })}>Trace graph</a>`
        }
      </div>
      ${e.kind === 'test_method' ? nothing : html`<rr-review-actions .entityId=${e.id} .kind=${e.kind}></rr-review-actions>`}
      ${
        quarantined.length
          ? html`<div class="banner error" role="alert">
              <p>
                <strong>INVALID:</strong> ${quarantined.length} quarantined
                ${quarantined.length === 1 ? 'case makes' : 'cases make'} ${e.id} invalid until the conflict
                is fixed.
              </p>
              <ul class="plain-list">
                ${quarantined.map(
                  (m) =>
                    html`<li>
                      <code>${m.target}</code> <code>${m.path}</code> — ${m.quarantine ?? 'quarantined'}
                    </li>`,
                )}
              </ul>
            </div>`
          : nothing
      }
      ${
        d.verification.lock.out_of_date
          ? html`<div class="banner warning" role="status">
              <p>
                The verification-set lock is out of date for this set.
                <a href="#/cases">Update the lock from the case ledger</a>.
              </p>
            </div>`
          : nothing
      }
      ${
        d.risk
          ? html`<h2>Risk assessment</h2>
              ${riskAssessmentFacts(d.risk)}`
          : nothing
      }
      <h2>Fields</h2>
      ${this.fields(d)}
      ${
        e.kind === 'test_method'
          ? nothing
          : html`<h2>Traces</h2>
              ${this.traces(d)}`
      }
      ${
        claimsFieldOf(e.kind) || members.length
          ? html`<h2>Verification set</h2>
              ${this.claims(d)} ${this.members(members)}`
          : nothing
      }

      <h2>Source locations</h2>
      ${
        d.sources.length
          ? html`<ul class="plain-list">
              ${d.sources.map(
                (s) =>
                  html`<li>
                    <a href=${href('source', { path: s.file, line: s.line })}
                      ><code>${position(s.file, s.line, s.column)}</code></a
                    >${s.verb ? html` <span class="muted">${s.verb}</span>` : nothing}
                  </li>`,
              )}
            </ul>`
          : html`<p class="muted">No source annotations name ${e.id}.</p>`
      }

      <h2>Issues</h2>
      <rr-diagnostic-list .diagnostics=${d.issues} caption="Issues of ${e.id}"></rr-diagnostic-list>

      <h2>Gaps</h2>
      ${
        d.gaps.length
          ? html`<ul class="plain-list">
              ${d.gaps.map(
                (g) =>
                  html`<li>
                    <span class="badge warn">${g.kind}</span> ${g.detail}
                    <span class="muted">(${g.route})</span>
                  </li>`,
              )}
            </ul>`
          : html`<p class="muted">No gaps.</p>`
      }

      <h2>Notes</h2>
      <rr-entity-notes-panel
        .entityId=${e.id}
        .notes=${d.notes}
        @entity-notes-changed=${this.entityNotesChanged}
      ></rr-entity-notes-panel>

      <rr-rename-dialog .entityId=${e.id} .version=${e.version}></rr-rename-dialog>
      <rr-delete-dialog .entityId=${e.id} .kind=${e.kind} .version=${e.version}></rr-delete-dialog>
    `;
  }

  private fields(d: EntityDetail): TemplateResult {
    const e = d.entity;
    const shown = fieldsOf(e.kind).filter((f) => f.input !== 'claims' && f.name !== 'title');
    const known = new Set([...fieldsOf(e.kind).map((f) => f.name), 'id', 'notes']);
    const custom = Object.keys(e.data).filter((k) => !known.has(k));
    return html`<dl class="facts">
      ${shown.map((f) => {
        const value = e.data[f.name];
        if (value === undefined || value === null || value === '') return nothing;
        const text =
          asList(value).length && typeof value !== 'string' ? asList(value).join(', ') : String(value);
        return html`<dt>${f.label}</dt>
          <dd>
            ${f.input === 'ids' ? entityLinks(asList(value)) : html`<span class="field-value">${text}</span>`}
          </dd>`;
      })}
      ${custom.map(
        (k) =>
          html`<dt><code>${k}</code></dt>
            <dd><code>${JSON.stringify(e.data[k])}</code></dd>`,
      )}
      ${
        e.file
          ? html`<dt>File</dt>
              <dd><code>${position(e.file, e.line)}</code></dd>`
          : nothing
      }
    </dl>`;
  }

  private traces(d: EntityDetail): TemplateResult {
    const id = d.entity.id;
    const link = (other: string, relation: string) => {
      const summary = store().entity(other);
      return html`<li>
        <span class="muted">${relation}</span> ${entityLink(other)} ${summary?.title ?? ''}
        ${summary && summary.kind !== 'test_method' ? verdictBadge(summary.verdict) : nothing}
      </li>`;
    };
    const list = (edges: TraceEdge[], end: (e: TraceEdge) => string) =>
      edges.length
        ? html`<ul class="plain-list">
            ${edges.map((e) => link(end(e), e.relation))}
          </ul>`
        : html`<p class="muted">None.</p>`;
    const chain = d.traces.chain;
    return html`<div class="two-columns">
        <section aria-labelledby="traces-out">
          <h3 id="traces-out">What ${id} traces to</h3>
          ${list(d.traces.outgoing, (e) => e.to)}
        </section>
        <section aria-labelledby="traces-in">
          <h3 id="traces-in">What traces to ${id}</h3>
          ${list(d.traces.incoming, (e) => e.from)}
        </section>
      </div>
      ${
        chain
          ? html`<section aria-labelledby="traces-chain">
              <h3 id="traces-chain">Whole chain: mitigations, requirements and needs behind ${id}</h3>
              ${riskChainTree(chain)}
            </section>`
          : nothing
      }`;
  }

  private claims(d: EntityDetail): TemplateResult {
    const field = claimsFieldOf(d.entity.kind);
    const claims = d.verification.set;
    if (!claims.length)
      return html`<p class="muted">No claims in <code>${field ?? 'verified_by'}</code>.</p>`;
    return html`<h3>Claims (<code>${field}</code>)</h3>
      <ul class="plain-list claims-list">
        ${claims.map(
          (c) =>
            html`<li>
              <code>${c.target}</code>
              ${
                c.whole
                  ? html`— whole
                    target${c.shape === 'bare-label' || c.shape === 'target-object' ? ' (deprecated form)' : ''}`
                  : html`—
                    ${c.selectors.map(
                      (s, i) =>
                        html`${i ? ', ' : ''}<code>${s.selector}</code>
                          <span class=${s.matches === 0 ? 'severity-error' : 'muted'}
                            >(${s.problem ?? `${s.matches} matched`})</span
                          >`,
                    )}`
              }
              ${c.level ? html`<span class="muted">level ${c.level}</span>` : nothing}
              ${c.reason ? html`<span class="muted">reason: ${c.reason}</span>` : nothing}
              ${c.problem ? html`<span class="severity-error">${c.problem}</span>` : nothing}
            </li>`,
        )}
      </ul>`;
  }

  private members(members: SetMember[]): TemplateResult {
    if (!members.length) return html`<p class="muted">The set is empty.</p>`;
    return html`<h3>Members</h3>
      <div class="table-wrap" role="region" tabindex="0" aria-label="Verification set members">
        <table>
          <caption class="visually-hidden">
            Verification set members
          </caption>
          <thead>
            <tr>
              <th scope="col">Target</th>
              <th scope="col">Case</th>
              <th scope="col">State</th>
              <th scope="col">Flags</th>
              <th scope="col">Selector</th>
              <th scope="col">Level</th>
            </tr>
          </thead>
          <tbody>
            ${members.map(
              (m) =>
                html`<tr>
                  <td><code>${m.target}</code></td>
                  <td><code>${m.path}</code></td>
                  <td>
                    ${stateBadge(m.state)}${m.quarantine ? html` <span class="muted">${m.quarantine}</span>` : nothing}
                  </td>
                  <td>
                    ${m.flaky ? html`<span class="badge warn">flaky</span>` : nothing}
                    ${m.stale ? html`<span class="badge warn">stale</span>` : nothing}
                  </td>
                  <td><code>${m.selector ?? ''}</code></td>
                  <td>${m.level ?? ''}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`;
  }
}
customElements.define('rr-entity-page', EntityPage);
