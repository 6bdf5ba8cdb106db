import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { errorText } from '../api/api-error.js';
import { idSegment } from '../api/api-client.js';
import type { EntityDetail, SetMember, TraceLink } from '../api/api-types.js';
import { entityLink, entityLinks, position, stateBadge, verdictBadge } from '../components/badges.js';
import type { DeleteDialog } from '../components/delete-dialog.js';
import { LightElement } from '../components/light-element.js';
import type { RenameDialog } from '../components/rename-dialog.js';
import { claimsFieldOf, fieldsOf, KIND_LABELS } from '../model/kind-fields.js';
import { asList } from '../model/string-list.js';
import { entityHref, href } from '../routing/hash-route.js';
import { store } from '../session/editor-store.js';

/** One entity: verdict, traces both ways, verification set, sources, issues, gaps, notes, and its actions. */
export class EntityPage extends LightElement {
  static override properties = {
    entityId: { attribute: false },
    detail: { state: true },
    error: { state: true },
  };
  declare entityId: string;
  declare detail: EntityDetail | null;
  declare error: string;

  constructor() {
    super();
    this.entityId = '';
    this.detail = null;
    this.error = '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('entityId')) void this.load();
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

  private async notesChanged(): Promise<void> {
    await this.load();
    await store().refresh();
  }

  protected override render() {
    if (this.error)
      return html`<h1 tabindex="-1">${this.entityId}</h1>
        <div class="banner error" role="alert"><p>${this.error}</p></div>`;
    const d = this.detail;
    if (!d || d.id !== this.entityId) return html`<h1 tabindex="-1">${this.entityId}</h1><p aria-live="polite">Loading…</p>`;
    const title = typeof d.data.title === 'string' ? d.data.title : '';
    const members = d.members ?? d.set ?? [];
    const quarantined = d.quarantined ?? members.filter((m) => m.state === 'quarantined');
    const claimsField = claimsFieldOf(d.kind);
    return html`
      <p class="muted">${KIND_LABELS[d.kind].one}</p>
      <h1 tabindex="-1">${d.id} ${title}</h1>
      <div class="actions">
        ${d.kind === 'test_method' ? nothing : html`<span>Verdict: ${verdictBadge(d.verdict)}</span>`}
        ${d.basis && d.basis !== 'none' && d.basis !== 'own'
          ? html`<span class="muted">(${d.basis}${d.derived_from?.length
              ? html` from ${entityLinks(d.derived_from)}`
              : nothing})</span>`
          : nothing}
      </div>
      <div class="actions">
        <a class="button" href="${entityHref(d.id)}/edit">Edit</a>
        <button type="button" class="secondary" @click=${() => this.querySelector<RenameDialog>('rr-rename-dialog')?.open()}>
          Rename…
        </button>
        <button type="button" class="secondary" @click=${() => this.querySelector<DeleteDialog>('rr-delete-dialog')?.open()}>
          Delete…
        </button>
        ${d.kind === 'test_method'
          ? nothing
          : html`<a class="button secondary" href=${href('graph', { focus: d.id })}>Trace graph</a>`}
      </div>
      ${quarantined.length
        ? html`<div class="banner error" role="alert">
            <p>
              <strong>INVALID:</strong> ${quarantined.length} quarantined
              ${quarantined.length === 1 ? 'case makes' : 'cases make'} ${d.id} invalid until the conflict is fixed.
            </p>
            <ul class="plain-list">
              ${quarantined.map(
                (m) => html`<li><code>${m.target}</code> <code>${m.path}</code> — ${m.quarantine ?? 'quarantined'}</li>`,
              )}
            </ul>
          </div>`
        : nothing}
      ${d.lock?.out_of_date
        ? html`<div class="banner warning">
            <p>The verification-set lock is out of date for this set. <a href="#/cases">Update the lock</a>.</p>
          </div>`
        : nothing}

      <h2>Fields</h2>
      ${this.fields(d)}

      ${d.kind === 'test_method' ? nothing : html`<h2>Traces</h2>${this.traces(d)}`}

      ${claimsField || members.length
        ? html`<h2>Verification set</h2>
            ${this.claims(d)}
            ${this.members(members)}`
        : nothing}

      <h2>Source locations</h2>
      ${(d.sources ?? []).length
        ? html`<ul class="plain-list">
            ${(d.sources ?? []).map(
              (s) => html`<li><code>${position(s.file, s.line, s.column)}</code>${s.verb ? html` <span class="muted">${s.verb}</span>` : nothing}</li>`,
            )}
          </ul>`
        : html`<p class="muted">No source annotations name ${d.id}.</p>`}

      <h2>Issues</h2>
      <rr-diagnostic-list .diagnostics=${d.issues ?? []} caption="Issues of ${d.id}"></rr-diagnostic-list>

      <h2>Gaps</h2>
      ${(d.gaps ?? []).length
        ? html`<ul class="plain-list">
            ${(d.gaps ?? []).map(
              (g) => html`<li><span class="badge warn">${g.kind}</span> ${g.detail} <span class="muted">(${g.route})</span></li>`,
            )}
          </ul>`
        : html`<p class="muted">No gaps.</p>`}

      <h2>Notes</h2>
      <rr-notes-panel
        .entityId=${d.id}
        .notes=${Array.isArray(d.data.notes) ? d.data.notes : []}
        @notes-changed=${this.notesChanged}
      ></rr-notes-panel>

      <rr-rename-dialog .entityId=${d.id} .version=${d.version}></rr-rename-dialog>
      <rr-delete-dialog .entityId=${d.id} .kind=${d.kind} .version=${d.version}></rr-delete-dialog>
    `;
  }

  private fields(d: EntityDetail): TemplateResult {
    const shown = fieldsOf(d.kind).filter((f) => f.input !== 'claims' && f.name !== 'title');
    const known = new Set([...fieldsOf(d.kind).map((f) => f.name), 'id', 'notes']);
    const custom = Object.keys(d.data).filter((k) => !known.has(k));
    return html`<dl class="facts">
      ${shown.map((f) => {
        const value = d.data[f.name];
        if (value === undefined || value === null || value === '') return nothing;
        return html`<dt>${f.label}</dt>
          <dd>${f.input === 'ids' ? entityLinks(asList(value)) : asList(value).length && typeof value !== 'string' ? asList(value).join(', ') : String(value)}</dd>`;
      })}
      ${custom.map((k) => html`<dt><code>${k}</code></dt><dd><code>${JSON.stringify(d.data[k])}</code></dd>`)}
      ${d.file ? html`<dt>File</dt><dd><code>${position(d.file, d.line)}</code></dd>` : nothing}
    </dl>`;
  }

  private traces(d: EntityDetail): TemplateResult {
    const t = d.traces;
    const links: TraceLink[] = Array.isArray(t) ? t : [...(t?.up ?? []), ...(t?.down ?? [])];
    const chain = !Array.isArray(t) ? t?.chain : undefined;
    const up = links.filter((l) => l.direction !== 'down');
    const down = links.filter((l) => l.direction === 'down');
    const list = (items: TraceLink[]) =>
      items.length
        ? html`<ul class="plain-list">
            ${items.map(
              (l) => html`<li>
                <span class="muted">${l.relation}</span> ${entityLink(l.id)} ${l.title ?? ''}
                ${l.verdict !== undefined ? verdictBadge(l.verdict) : nothing}
              </li>`,
            )}
          </ul>`
        : html`<p class="muted">None.</p>`;
    return html`<div class="claim-row-grid">
        <section aria-labelledby="traces-up">
          <h3 id="traces-up">What ${d.id} traces to</h3>
          ${list(up)}
        </section>
        <section aria-labelledby="traces-down">
          <h3 id="traces-down">What traces to ${d.id}</h3>
          ${list(down)}
        </section>
      </div>
      ${chain?.length
        ? html`<h3>Whole chain</h3>
            ${list(chain)}`
        : nothing}`;
  }

  private claims(d: EntityDetail): TemplateResult {
    const field = claimsFieldOf(d.kind);
    const items = field && Array.isArray(d.data[field]) ? (d.data[field] as unknown[]) : [];
    if (!items.length) return html`<p class="muted">No claims in <code>${field ?? 'verified_by'}</code>.</p>`;
    return html`<h3>Claims (<code>${field}</code>)</h3>
      <ul class="plain-list">
        ${items.map((item) => {
          if (typeof item === 'string') return html`<li><code>${item}</code> — whole target (deprecated bare label)</li>`;
          const o = item as Record<string, unknown>;
          return html`<li>
            <code>${String(o.target)}</code>
            ${Array.isArray(o.cases) ? html`— ${o.cases.length} ${o.cases.length === 1 ? 'selector' : 'selectors'}` : html`— whole target`}
            ${o.level ? html`<span class="muted">level ${String(o.level)}</span>` : nothing}
            ${o.reason ? html`<span class="muted">reason: ${String(o.reason)}</span>` : nothing}
          </li>`;
        })}
      </ul>`;
  }

  private members(members: SetMember[]): TemplateResult {
    if (!members.length) return html`<p class="muted">The set is empty.</p>`;
    return html`<h3>Members</h3>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">Verification set members</caption>
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
              (m) => html`<tr>
                <td class="wrap-anywhere"><code>${m.target}</code></td>
                <td class="wrap-anywhere"><code>${m.path}</code></td>
                <td>${stateBadge(m.state)}${m.quarantine ? html` <span class="muted">${m.quarantine}</span>` : nothing}</td>
                <td>
                  ${m.flaky ? html`<span class="badge warn">flaky</span>` : nothing}
                  ${m.stale ? html`<span class="badge warn">stale</span>` : nothing}
                </td>
                <td class="wrap-anywhere"><code>${m.selector ?? ''}</code></td>
                <td>${m.level ?? ''}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>`;
  }
}
customElements.define('rr-entity-page', EntityPage);
