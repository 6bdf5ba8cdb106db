import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { errorText } from '../api/api-error.js';
import type {
  CommitLog,
  DiffAnswer,
  EntitySide,
  FieldChange,
  GitCommit,
  GitRef,
  GitStatusAnswer,
  PublishAnswer,
  RefList,
} from '../api/api-types.js';
import { statusLetters } from '../model/status-letters.js';
import { entityLink } from '../components/badges.js';
import type { CommitDialog } from '../components/commit-dialog.js';
import { LightElement } from '../components/light-element.js';
import type { TagDialog } from '../components/tag-dialog.js';
import { replaceQuery } from '../routing/hash-route.js';
import { LatestRequest, SUPERSEDED } from '../session/latest-request.js';
import { store, StoreController } from '../session/editor-store.js';

const WORKTREE = '';

/** Changes: git status, the semantic model diff between any two refs or the working tree, commit and tag. */
export class ChangesPage extends LightElement {
  static override properties = {
    query: { attribute: false },
    status: { state: true },
    refs: { state: true },
    log: { state: true },
    diff: { state: true },
    diffError: { state: true },
    error: { state: true },
    loadingDiff: { state: true },
    published: { state: true },
    publishError: { state: true },
    publishing: { state: true },
  };
  declare query: URLSearchParams;
  declare status: GitStatusAnswer | null;
  declare refs: GitRef[];
  declare log: GitCommit[];
  declare diff: DiffAnswer | null;
  declare diffError: string;
  declare error: string;
  declare loadingDiff: boolean;
  declare published: PublishAnswer | null;
  declare publishError: string;
  declare publishing: boolean;
  private readonly storeController = new StoreController(this);
  private diffKey: string | null = null;
  private readonly diffRequest = new LatestRequest();

  constructor() {
    super();
    this.query = new URLSearchParams();
    this.status = null;
    this.refs = [];
    this.log = [];
    this.diff = null;
    this.diffError = '';
    this.error = '';
    this.loadingDiff = false;
    this.published = null;
    this.publishError = '';
    this.publishing = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadGit();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('query')) return;
    const key = `${this.from()}\u0000${this.to()}`;
    if (key !== this.diffKey) {
      this.diffKey = key;
      void this.loadDiff();
    }
  }

  private from(): string {
    return this.query.get('from') ?? 'HEAD';
  }

  private to(): string {
    return this.query.get('to') ?? WORKTREE;
  }

  private async loadGit(): Promise<void> {
    try {
      const [status, refs, log] = await Promise.all([
        store().api.get<GitStatusAnswer>('git/status'),
        store().api.get<RefList>('git/refs'),
        store().api.get<CommitLog>('git/log', { limit: 20 }),
      ]);
      this.status = status;
      this.refs = refs.refs;
      this.log = log.commits;
      this.error = '';
    } catch (error) {
      this.error = errorText(error);
    }
  }

  private async loadDiff(): Promise<void> {
    this.loadingDiff = true;
    this.diffError = '';
    try {
      const query = { from: this.from(), to: this.to() || undefined };
      const diff = await this.diffRequest.run((signal) => store().api.get<DiffAnswer>('diff', query, signal));
      if (diff === SUPERSEDED) return;
      this.diff = diff;
    } catch (error) {
      this.diff = null;
      this.diffError = errorText(error);
    }
    this.loadingDiff = false;
  }

  private async afterWrite(): Promise<void> {
    await Promise.all([this.loadGit(), store().refresh()]);
    await this.loadDiff();
  }

  private setQuery(changes: Record<string, string>): void {
    const next: Record<string, string> = Object.fromEntries(this.query);
    Object.assign(next, changes);
    replaceQuery('changes', next);
    this.query = new URLSearchParams(next);
  }

  /** The Publish action: the audit pack of a tag into a folder of the repository or a temporary one. */
  private publishForm(): TemplateResult {
    const tags = this.refs.filter((r) => r.kind === 'tag');
    const submit = async (event: Event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const data = new FormData(form);
      const folder = String(data.get('folder') ?? '').trim();
      this.publishing = true;
      this.publishError = '';
      this.published = null;
      try {
        this.published = await store().api.post<PublishAnswer>('publish', {
          ref: String(data.get('ref')),
          folder: folder || null,
        });
      } catch (error) {
        this.publishError = errorText(error);
      } finally {
        this.publishing = false;
      }
    };
    return html`<h2>Publish</h2>
      <p>
        The audit pack of a baseline: a static site with the documents, the traceability matrix, the risk
        table and the verification report (docs/publish.md).
      </p>
      <form class="toolbar" id="publish-form" @submit=${submit}>
        <div>
          <label for="publish-ref">Tag</label>
          <select id="publish-ref" name="ref" required>
            ${tags.length === 0 ? html`<option value="HEAD">HEAD (no tag yet)</option>` : nothing}
            ${tags.map((t) => html`<option value=${t.name}>${t.name}</option>`)}
          </select>
        </div>
        <div>
          <label for="publish-folder">Folder in the repository</label>
          <input id="publish-folder" name="folder" placeholder="empty: a new temporary folder" />
        </div>
        <button type="submit" ?disabled=${this.publishing}>
          ${this.publishing ? 'Publishing…' : 'Publish'}
        </button>
      </form>
      ${this.publishError ? html`<div class="banner error" role="alert"><p>${this.publishError}</p></div>` : nothing}
      ${
        this.published
          ? html`<p class="banner" role="status" id="publish-result">
              Published ${this.published.ref} (${this.published.files} files) to
              <code>${this.published.relative ?? this.published.out}</code>: open
              <code>${this.published.index}</code> in a browser.
            </p>`
          : nothing
      }`;
  }

  protected override render() {
    const files = this.status?.repository ? this.status.files : [];
    const modelFiles = files.filter((f) => f.model);
    const otherFiles = files.filter((f) => !f.model);
    const fileList = (list: typeof files, id: string) =>
      html`<ul class="plain-list" id=${id}>
        ${list.map((f) => html`<li><code>${statusLetters(f)}</code> ${f.from ? `${f.from} → ` : ''}${f.path}</li>`)}
      </ul>`;
    return html`
      <h1 tabindex="-1">Changes</h1>
      ${this.error ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>` : nothing}
      <h2>Working tree</h2>
      ${
        this.status
          ? this.status.repository
            ? html`<p>
                  Branch <code>${this.status.branch ?? '(detached)'}</code>${
                    this.status.head ? html` at <code>${this.status.head.slice(0, 12)}</code>` : nothing
                  }.
                  ${
                    modelFiles.length
                      ? `${modelFiles.length} changed model ${modelFiles.length === 1 ? 'file' : 'files'}:`
                      : 'No model changes to commit.'
                  }
                </p>
                ${modelFiles.length ? fileList(modelFiles, 'git-files') : nothing}
                ${
                  otherFiles.length
                    ? html`<details>
                        <summary>
                          ${otherFiles.length} other changed ${otherFiles.length === 1 ? 'file' : 'files'}
                          (not committed by the editor)
                        </summary>
                        ${fileList(otherFiles, 'git-other-files')}
                      </details>`
                    : nothing
                }`
            : html`<p class="muted">The model is not in a git repository.</p>`
          : html`<p aria-live="polite">Loading…</p>`
      }
      <div class="actions">
        <button
          type="button"
          ?disabled=${!modelFiles.length}
          @click=${() => this.querySelector<CommitDialog>('rr-commit-dialog')?.open(modelFiles)}
        >
          Commit…
        </button>
        <button
          type="button"
          class="secondary"
          @click=${() => this.querySelector<TagDialog>('rr-tag-dialog')?.open()}
        >
          Tag a baseline…
        </button>
      </div>

      ${this.status?.repository ? this.publishForm() : nothing}

      <h2>Model diff</h2>
      <div class="toolbar">
        <div>
          <label for="diff-from">From</label>
          ${this.refSelect('diff-from', this.from(), false, (v) => this.setQuery({ from: v }))}
        </div>
        <div>
          <label for="diff-to">To</label>
          ${this.refSelect('diff-to', this.to(), true, (v) => this.setQuery({ to: v }))}
        </div>
      </div>
      ${this.diffError ? html`<div class="banner error" role="alert"><p>${this.diffError}</p></div>` : nothing}
      ${this.loadingDiff ? html`<p aria-live="polite">Comparing…</p>` : this.diff ? this.diffView(this.diff) : nothing}

      <h2>Recent commits</h2>
      ${
        this.log.length
          ? html`<ul class="plain-list">
              ${this.log.map(
                (c) =>
                  html`<li>
                    <code>${c.commit.slice(0, 10)}</code> ${c.subject}
                    <span class="muted">— ${c.author}, ${c.date}</span>
                  </li>`,
              )}
            </ul>`
          : html`<p class="muted">No commits.</p>`
      }
      <rr-commit-dialog @committed=${this.afterWrite}></rr-commit-dialog>
      <rr-tag-dialog .refs=${this.refs} @tagged=${this.afterWrite}></rr-tag-dialog>
    `;
  }

  private refSelect(
    id: string,
    value: string,
    withWorktree: boolean,
    set: (v: string) => void,
  ): TemplateResult {
    const names = ['HEAD', ...this.refs.filter((r) => r.kind !== 'head').map((r) => r.name)];
    const known = new Set(names);
    return html`<select id=${id} @change=${(e: Event) => set((e.target as HTMLSelectElement).value)}>
      ${withWorktree ? html`<option value="" ?selected=${value === WORKTREE}>working tree</option>` : nothing}
      ${[...known].map((n) => html`<option value=${n} ?selected=${value === n}>${n}</option>`)}
      ${value && !known.has(value) ? html`<option value=${value} selected>${value}</option>` : nothing}
    </select>`;
  }

  private diffView(diff: DiffAnswer): TemplateResult {
    if (diff.same)
      return html`<p id="diff-result">The model is the same in ${diff.from.ref} and ${diff.to.ref}.</p>`;
    const settings = [
      ...diff.config.map((f) => ({ ...f, field: `config.${f.field}` })),
      ...diff.project.map((f) => ({ ...f, field: `project.${f.field}` })),
      ...diff.meta.map((f) => ({ ...f, field: `meta.${f.field}` })),
      ...diff.schema_version,
    ];
    const renames = pairRenames(diff.added, diff.removed);
    const added = diff.added.filter((e) => !renames.some((r) => r.to === e));
    const removed = diff.removed.filter((e) => !renames.some((r) => r.from === e));
    return html`<div id="diff-result">
      <p>
        From <code>${diff.from.ref}</code> to <code>${diff.to.ref}</code>: ${added.length} added,
        ${removed.length} removed, ${renames.length} renamed, ${diff.changed.length} changed.
      </p>
      ${renames.map(
        (r) =>
          html`<section class="diff-entity" aria-label="renamed ${r.from.id} to ${r.to.id}">
            <h3>
              <span class="badge warn">renamed</span> ${r.from.id} → ${entityLink(r.to.id)}
              <span class="muted">${r.to.kind}, ${r.to.file}</span>
            </h3>
            <p>Only the id changed.</p>
          </section>`,
      )}
      ${added.map((e) => this.sideView('added', e))} ${removed.map((e) => this.sideView('removed', e))}
      ${diff.changed.map(
        (e) =>
          html`<section class="diff-entity" aria-label="changed ${e.id}">
            <h3>
              <span class="badge warn">changed</span> ${entityLink(e.id)} <span class="muted">${e.file}</span>
            </h3>
            ${e.moved_from ? html`<p>Moved from <code>${e.moved_from}</code>.</p>` : nothing}
            ${e.fields.length ? fieldTable(e.id, e.fields) : nothing}
          </section>`,
      )}
      ${
        settings.length
          ? html`<section class="diff-entity" aria-label="configuration changes">
              <h3>Configuration and project</h3>
              ${fieldTable('the configuration', settings)}
            </section>`
          : nothing
      }
    </div>`;
  }

  private sideView(change: 'added' | 'removed', e: EntitySide): TemplateResult {
    const fields = Object.entries(e.data)
      .filter(([k]) => k !== 'id')
      .map(([field, value]) =>
        change === 'added' ? { field, from: null, to: value } : { field, from: value, to: null },
      );
    return html`<section class="diff-entity" aria-label="${change} ${e.id}">
      <h3>
        <span class="badge ${change === 'added' ? 'good' : 'bad'}">${change}</span>
        ${change === 'added' ? entityLink(e.id) : e.id} <span class="muted">${e.kind}, ${e.file}</span>
      </h3>
      ${fieldTable(e.id, fields)}
    </section>`;
  }
}
customElements.define('rr-changes-page', ChangesPage);

/** A field value as text: strings as they are, anything else as indented JSON. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** Changed fields as a before/after table. */
function fieldTable(owner: string, fields: FieldChange[]): TemplateResult {
  const cell = (value: unknown, cls: string) =>
    value === null || value === undefined
      ? html`<span class="muted">—</span>`
      : html`<pre class="diff-value ${cls}">${show(value)}</pre>`;
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label="Changed fields of ${owner}">
    <table>
      <caption class="visually-hidden">
        Changed fields of ${owner}
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        ${fields.map(
          (f) =>
            html`<tr>
              <td><code>${f.field}</code></td>
              <td>${cell(f.from, 'diff-before')}</td>
              <td>${cell(f.to, 'diff-after')}</td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/**
 * Added and removed entities that differ only in their id: a rename, which the semantic diff reports
 * as one removal and one addition. Each removed entity pairs with at most one added one.
 */
function pairRenames(added: EntitySide[], removed: EntitySide[]): { from: EntitySide; to: EntitySide }[] {
  const content = (e: EntitySide) => `${e.kind}\u0000${JSON.stringify({ ...e.data, id: undefined })}`;
  const byContent = new Map<string, EntitySide[]>();
  for (const e of removed) byContent.set(content(e), [...(byContent.get(content(e)) ?? []), e]);
  const pairs: { from: EntitySide; to: EntitySide }[] = [];
  for (const e of added) {
    const from = byContent.get(content(e))?.shift();
    if (from) pairs.push({ from, to: e });
  }
  return pairs;
}
