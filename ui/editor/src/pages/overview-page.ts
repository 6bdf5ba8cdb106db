import { html, nothing } from 'lit';
import { errorText } from '../api/api-error.js';
import { ENTITY_KINDS } from '../../../../tools/model/entity.js';
import type { GitStatusAnswer } from '../api/api-types.js';
import { statusLetters } from '../model/status-letters.js';
import { LightElement } from '../components/light-element.js';
import { KIND_LABELS } from '../model/kind-fields.js';
import { href } from '../routing/hash-route.js';
import { store, StoreController } from '../session/editor-store.js';

/** The overview: counts, the invariant line, the quarantine banner, validation issues, git status. */
export class OverviewPage extends LightElement {
  static override properties = { git: { state: true }, gitError: { state: true } };
  declare git: GitStatusAnswer | null;
  declare gitError: string;
  private readonly storeController = new StoreController(this);
  private readonly onStoreChange = () => void this.loadGit();

  constructor() {
    super();
    this.git = null;
    this.gitError = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    store().addEventListener('change', this.onStoreChange);
    void this.loadGit();
  }

  override disconnectedCallback(): void {
    store().removeEventListener('change', this.onStoreChange);
    super.disconnectedCallback();
  }

  private readonly rereadFiles = async (): Promise<void> => {
    try {
      await store().reloadInputs();
    } catch (error) {
      this.gitError = errorText(error);
    }
  };

  private async loadGit(): Promise<void> {
    try {
      this.git = await store().api.get<GitStatusAnswer>('git/status');
      this.gitError = '';
    } catch (error) {
      this.gitError = errorText(error);
    }
  }

  protected override render() {
    const s = store();
    const state = s.state;
    const projectName = typeof state?.project?.name === 'string' ? state.project.name : 'Model';
    if (!state)
      return html`<h1 tabindex="-1">Overview</h1>
        <p aria-live="polite">Loading…</p>`;
    const counts = state.counts;
    const quarantined = counts.quarantined;
    const issues = state.issues;
    return html`
      <h1 tabindex="-1">${projectName}</h1>
      <p class="invariant" id="invariant-line">${state.invariant}</p>
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
        s.lock?.out_of_date
          ? html`<div class="banner warning" role="status">
              <p>
                The verification-set lock (<code>${s.lock.path}</code>) is out of date.
                <a href="#/cases">Update it from the case ledger</a>.
              </p>
            </div>`
          : nothing
      }

      <div class="actions">
        <button type="button" class="secondary" @click=${this.rereadFiles}>Re-read files</button>
        <span class="muted">after running tests or editing files outside the editor</span>
      </div>

      <h2>Entities</h2>
      <ul class="count-grid">
        ${ENTITY_KINDS.map(
          (kind) =>
            html`<li>
              <a href="#/entities/${kind}"
                ><span class="number">${counts.by_kind[kind] ?? 0}</span> ${KIND_LABELS[kind].many}</a
              >
            </li>`,
        )}
      </ul>

      <h2>Test cases</h2>
      <ul class="count-grid">
        <li>
          <a href=${href('cases')}><span class="number">${counts.cases}</span> cases</a>
        </li>
        <li>
          <a href=${href('cases', { filter: 'owned' })}><span class="number">${counts.owned}</span> owned</a>
        </li>
        <li>
          <a href=${href('cases', { filter: 'unowned' })}
            ><span class="number">${counts.unowned}</span> unowned</a
          >
        </li>
        <li>
          <a href=${href('cases', { filter: 'quarantined' })}
            ><span class="number">${quarantined}</span> quarantined</a
          >
        </li>
        <li>
          <a href="#/queue"><span class="number">${counts.gaps ?? 0}</span> gaps</a>
        </li>
      </ul>

      <h2>Validation issues</h2>
      <p>${state.issues_summary}.</p>
      <rr-diagnostic-list .diagnostics=${issues}></rr-diagnostic-list>

      <h2>Git</h2>
      ${this.gitStatus()}
    `;
  }

  private gitStatus() {
    const git = this.git;
    if (this.gitError) return html`<p class="muted">Git status unavailable: ${this.gitError}</p>`;
    if (!git) return html`<p aria-live="polite">Loading…</p>`;
    if (!git.repository) return html`<p class="muted">The model is not in a git repository.</p>`;
    const files = git.files;
    return html`<p>
        Branch <code>${git.branch ?? '(detached)'}</code>${
          git.head ? html`, at <code>${git.head.slice(0, 12)}</code>` : nothing
        }.
        ${
          files.length === 0
            ? 'No uncommitted changes.'
            : `${files.length} changed ${files.length === 1 ? 'file' : 'files'}, ${git.model_changes} of the model.`
        }
      </p>
      ${
        files.length > 0
          ? html`<ul class="plain-list">
              ${files.map((f) => html`<li><code>${statusLetters(f)}</code> ${f.path}</li>`)}
            </ul>`
          : nothing
      }
      <p><a href="#/changes">Review, commit and tag changes</a></p>`;
  }
}
customElements.define('rr-overview-page', OverviewPage);
