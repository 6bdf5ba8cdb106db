import { html, nothing } from 'lit';
import { ENTITY_KINDS, statusLetters } from '../api/api-types.js';
import { LightElement } from '../components/light-element.js';
import { KIND_LABELS } from '../model/kind-fields.js';
import { href } from '../routing/hash-route.js';
import { store, StoreController } from '../session/editor-store.js';

/** The overview: counts, the invariant line, the quarantine banner, validation issues, git status. */
export class OverviewPage extends LightElement {
  private readonly storeController = new StoreController(this);

  protected override render() {
    const s = store();
    const state = s.state;
    const projectName = typeof state?.project?.name === 'string' ? state.project.name : 'Model';
    if (!state)
      return html`<h1 tabindex="-1">Overview</h1>
        <p aria-live="polite">Loading…</p>`;
    const counts = state.counts ?? {};
    const cases = counts.cases ?? 0;
    const quarantined = counts.quarantined ?? 0;
    const byKind = (kind: (typeof ENTITY_KINDS)[number]) =>
      counts.entities?.[kind] ?? s.entities.filter((e) => e.kind === kind).length;
    const issues = state.issues ?? [];
    const errors = issues.filter((d) => d.severity === 'error').length;
    const git = state.git;
    return html`
      <h1 tabindex="-1">${projectName}</h1>
      <p class="invariant" id="invariant-line">
        ${cases} test cases, ${quarantined} quarantined; each case maps to at most one requirement
      </p>
      ${
        quarantined > 0
          ? html`<div class="banner error" role="alert" id="quarantine-banner">
              <p>
                <strong
                  >${quarantined} test ${quarantined === 1 ? 'case is' : 'cases are'} quarantined.</strong
                >
                A quarantined case has no owner and makes every entity that claims it INVALID until the
                conflict is fixed.
              </p>
              <p><a href=${href('cases', { filter: 'quarantined' })}>Show the quarantined cases</a></p>
            </div>`
          : nothing
      }
      ${
        state.lock?.out_of_date
          ? html`<div class="banner warning">
              <p>
                The verification-set lock is out of date.
                <a href="#/cases">Update it from the case ledger.</a>
              </p>
            </div>`
          : nothing
      }

      <h2>Entities</h2>
      <ul class="count-grid">
        ${ENTITY_KINDS.map(
          (kind) =>
            html`<li>
              <a href="#/entities/${kind}"
                ><span class="number">${byKind(kind)}</span> ${KIND_LABELS[kind].many}</a
              >
            </li>`,
        )}
      </ul>

      <h2>Test cases</h2>
      <ul class="count-grid">
        <li>
          <a href=${href('cases')}><span class="number">${cases}</span> cases</a>
        </li>
        <li>
          <a href=${href('cases', { filter: 'owned' })}
            ><span class="number">${counts.owned ?? 0}</span> owned</a
          >
        </li>
        <li>
          <a href=${href('cases', { filter: 'unowned' })}
            ><span class="number">${counts.unowned ?? 0}</span> unowned</a
          >
        </li>
        <li>
          <a href=${href('cases', { filter: 'quarantined' })}
            ><span class="number">${quarantined}</span> quarantined</a
          >
        </li>
      </ul>

      <h2>Validation issues</h2>
      <p>
        ${errors} ${errors === 1 ? 'error' : 'errors'}, ${issues.length - errors}
        ${issues.length - errors === 1 ? 'warning' : 'warnings'}.
      </p>
      <rr-diagnostic-list .diagnostics=${issues}></rr-diagnostic-list>

      <h2>Git</h2>
      ${
        !git || !git.repository
          ? html`<p class="muted">The model is not in a git repository.</p>`
          : html`<p>
                Branch <code>${git.branch ?? '(detached)'}</code>${
                  git.head ? html`, at <code>${git.head.slice(0, 12)}</code>` : nothing
                }.
                ${
                  (git.files ?? []).length === 0
                    ? 'No uncommitted model changes.'
                    : `${(git.files ?? []).length} changed ${(git.files ?? []).length === 1 ? 'file' : 'files'}.`
                }
              </p>
              ${
                (git.files ?? []).length > 0
                  ? html`<ul class="plain-list">
                      ${(git.files ?? []).map((f) => html`<li><code>${statusLetters(f)}</code> ${f.path}</li>`)}
                    </ul>`
                  : nothing
              }
              <p><a href="#/changes">Review, commit and tag changes</a></p>`
      }
    `;
  }
}
customElements.define('rr-overview-page', OverviewPage);
