import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ApiError, errorText } from '../api/api-error.js';
import { idSegment } from '../api/api-client.js';
import type {
  Conflict,
  CreateForm,
  EntityDetail,
  EntityKind,
  NextId,
  PrecheckAnswer,
  Problem,
  SaveAnswer,
} from '../api/api-types.js';

/** The entity the form edits: its fields, kind and version. */
type EditedEntity = EntityDetail['entity'];
import { conflictList, noticeList } from '../components/conflict-list.js';
import { LightElement } from '../components/light-element.js';
import { claimItem, draftOf, draftProblem, untouched, type ClaimDraft } from '../model/claim-draft.js';
import { placeConflicts } from '../model/conflict-placement.js';
import {
  choiceOptions,
  claimsFieldOf,
  ENTITY_STATUSES,
  fieldsOf,
  KIND_LABELS,
  levelNames,
  type FieldSpec,
} from '../model/kind-fields.js';
import { asList, listValue, parseListText } from '../model/string-list.js';
import { entityHref, href } from '../routing/hash-route.js';
import { store, StoreController } from '../session/editor-store.js';
import { parentOf } from '../../../../tools/model/entity-parent.js';

const PRECHECK_DELAY_MS = 300;

/** A field's value as the form's text. */
function fieldText(spec: FieldSpec, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (spec.input === 'list' || spec.input === 'ids') return asList(value).join(', ');
  return typeof value === 'string' ? value : String(value);
}

/**
 * Create or edit an entity of any kind. The draft is prechecked while typing; problems disable Save;
 * a refused save shows its conflicts next to the field that caused them; `changed-on-disk` offers a
 * reload that keeps the draft.
 */
export class EntityFormPage extends LightElement {
  static override properties = {
    entityId: { attribute: false },
    newKind: { attribute: false },
    findingId: { attribute: false },
    prefill: { state: true },
    detail: { state: true },
    nextId: { state: true },
    file: { state: true },
    nextIdError: { state: true },
    values: { state: true },
    drafts: { state: true },
    precheck: { state: true },
    prechecking: { state: true },
    precheckError: { state: true },
    conflicts: { state: true },
    refusal: { state: true },
    loadError: { state: true },
    saving: { state: true },
    reloadNotice: { state: true },
  };
  declare entityId: string | undefined;
  declare newKind: EntityKind | undefined;
  /** a finding whose create proposal pre-fills a new entity (`#/new/KIND?finding=ID`) */
  declare findingId: string | undefined;
  /** the finding's pre-filled form, as the server answered it */
  declare prefill: CreateForm | null;
  declare detail: EditedEntity | null;
  declare nextId: NextId | null;
  /** the file chosen for a new entity ('' follows the server's choice beside its parent) */
  declare file: string;
  /** the parent and file the shown next id was asked for */
  private nextIdKey = '';
  /** why there is no next id (an id format it cannot continue): the user gives one */
  declare nextIdError: string;
  declare values: Record<string, string>;
  declare drafts: ClaimDraft[];
  declare precheck: PrecheckAnswer | null;
  declare prechecking: boolean;
  declare precheckError: string;
  declare conflicts: Conflict[];
  declare refusal: ApiError | null;
  declare loadError: string;
  declare saving: boolean;
  declare reloadNotice: string;
  private readonly storeController = new StoreController(this);
  private precheckTimer = 0;
  private precheckAbort: AbortController | null = null;

  constructor() {
    super();
    this.detail = null;
    this.prefill = null;
    this.nextId = null;
    this.file = '';
    this.nextIdError = '';
    this.values = {};
    this.drafts = [];
    this.precheck = null;
    this.prechecking = false;
    this.precheckError = '';
    this.conflicts = [];
    this.refusal = null;
    this.loadError = '';
    this.saving = false;
    this.reloadNotice = '';
  }

  private get kind(): EntityKind | undefined {
    return this.newKind ?? this.detail?.kind;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('entityId') || changed.has('newKind') || changed.has('findingId')) void this.load();
  }

  override disconnectedCallback(): void {
    window.clearTimeout(this.precheckTimer);
    this.precheckAbort?.abort();
    super.disconnectedCallback();
  }

  private async load(): Promise<void> {
    this.loadError = '';
    this.conflicts = [];
    this.refusal = null;
    this.precheck = null;
    try {
      if (this.entityId) {
        const detail = await store().api.get<EntityDetail>(`entities/${idSegment(this.entityId)}`);
        this.adopt(detail.entity);
      } else if (this.newKind && this.findingId) {
        await this.adoptFinding(this.newKind, this.findingId);
      } else if (this.newKind) {
        this.detail = null;
        this.prefill = null;
        this.values = { status: 'draft' };
        this.drafts = [];
        this.file = '';
        this.nextIdKey = '';
        await this.refreshNextId();
      }
    } catch (error) {
      this.loadError = errorText(error);
    }
    this.schedulePrecheck();
  }

  /**
   * Fills a new entity's form from a finding's create proposal (nothing is written until Save); fields
   * the form does not show are kept as proposed.
   */
  private async adoptFinding(kind: EntityKind, findingId: string): Promise<void> {
    this.detail = null;
    const answer = await store().api.post<CreateForm>(`findings/${idSegment(findingId)}/apply`, {
      action: 'create',
    });
    if (answer.form.kind !== kind)
      throw new Error(
        `finding ${findingId} proposes a ${KIND_LABELS[answer.form.kind].one.toLowerCase()}, not this kind`,
      );
    this.prefill = answer;
    const values: Record<string, string> = {};
    for (const spec of fieldsOf(kind))
      if (spec.input !== 'claims') values[spec.name] = fieldText(spec, answer.form.data[spec.name]);
    values.status ||= 'draft';
    this.values = values;
    this.drafts = [];
    this.nextId = {
      kind,
      id: answer.form.id,
      file: answer.form.file,
      form: 'sections',
      new_file: false,
      parent: null,
      files: [answer.form.file],
    };
  }

  /**
   * Asks for the next id and file again when the parent the draft names or the chosen file changed: the
   * id follows the numbering of the parent's children or of the file (docs/editing.md).
   */
  private async refreshNextId(): Promise<void> {
    const kind = this.newKind;
    if (!kind) return;
    const parent = parentOf(kind, this.buildData()) ?? '';
    const key = `${parent}\u0000${this.file}`;
    if (key === this.nextIdKey && this.nextId) return;
    this.nextIdKey = key;
    const query: Record<string, string> = { kind, ...(this.file ? { file: this.file } : {}) };
    let next: NextId;
    try {
      try {
        next = await store().api.get<NextId>('next-id', parent ? { ...query, parent } : query);
      } catch (error) {
        // A parent still being typed (or not in the model) is no parent to follow.
        if (!(error instanceof ApiError && error.code === 'unknown-entity')) throw error;
        next = await store().api.get<NextId>('next-id', query);
      }
    } catch (error) {
      // Without a next id (an id format rr cannot continue) the form still works: the user gives the id.
      if (!(error instanceof ApiError && error.code === 'no-free-id')) throw error;
      if (this.nextIdKey === key) [this.nextId, this.nextIdError] = [null, error.message];
      return;
    }
    if (this.nextIdKey === key) [this.nextId, this.nextIdError] = [next, ''];
  }

  /** The file select of a new entity: the files that can take its kind, the server's choice first selected. */
  private fileField(): TemplateResult | typeof nothing {
    const next = this.nextId;
    if (this.detail || !next) return nothing;
    const chosen = this.file || next.file;
    return html`<div class="field">
      <label for="field-file">File</label>
      <select
        id="field-file"
        aria-describedby="field-file-help"
        @change=${(e: Event) => this.chooseFile((e.target as HTMLSelectElement).value)}
      >
        ${next.files.map((f) => html`<option value=${f} ?selected=${f === chosen}>${f}</option>`)}
      </select>
      <p class="help" id="field-file-help">
        ${
          next.parent && !this.file
            ? html`Beside its parent <strong>${next.parent}</strong>; choose another file to write it there.`
            : html`The model files that can hold ${KIND_LABELS[next.kind]?.many.toLowerCase() ?? next.kind}.`
        }
      </p>
    </div>`;
  }

  private chooseFile(file: string): void {
    this.file = file;
    this.refusal = null;
    void this.refreshNextId().catch((error: unknown) => (this.precheckError = errorText(error)));
    this.schedulePrecheck();
  }

  /** Takes an entity as read into the form. */
  private adopt(detail: EditedEntity): void {
    this.detail = detail;
    const values: Record<string, string> = {};
    for (const spec of fieldsOf(detail.kind)) {
      if (spec.input !== 'claims') values[spec.name] = fieldText(spec, detail.data[spec.name]);
    }
    this.values = values;
    const field = claimsFieldOf(detail.kind);
    const items = field ? detail.data[field] : undefined;
    this.drafts = Array.isArray(items) ? items.map(draftOf) : [];
  }

  /**
   * Re-reads the entity after someone else changed the files, keeping what the user changed: fields
   * and claims still as read take the new content; edited ones keep the draft.
   */
  private async reloadKeepingDraft(): Promise<void> {
    if (!this.detail) return;
    const before = this.detail;
    try {
      // The server keeps the model it read; after a change on disk it must read the files again.
      await store().api.post('reload');
      const fresh = (await store().api.get<EntityDetail>(`entities/${idSegment(before.id)}`)).entity;
      const values = { ...this.values };
      for (const spec of fieldsOf(fresh.kind)) {
        if (spec.input === 'claims') continue;
        if (values[spec.name] === fieldText(spec, before.data[spec.name]))
          values[spec.name] = fieldText(spec, fresh.data[spec.name]);
      }
      const field = claimsFieldOf(fresh.kind);
      const claimsUntouched = this.claimsUnchanged(before);
      this.detail = fresh;
      this.values = values;
      if (field && claimsUntouched) {
        const items = fresh.data[field];
        this.drafts = Array.isArray(items) ? items.map(draftOf) : [];
      }
      this.refusal = null;
      this.conflicts = [];
      this.reloadNotice =
        fresh.version === before.version
          ? 'Reloaded. The entity itself did not change on disk; your draft is kept.'
          : 'Reloaded. The entity changed on disk: fields you had not edited now show the new content, your edits are kept. Review before saving.';
      await store().refresh();
      this.schedulePrecheck();
    } catch (error) {
      this.loadError = errorText(error);
    }
  }

  private claimsUnchanged(detail: EditedEntity): boolean {
    const field = claimsFieldOf(detail.kind);
    const items = field ? detail.data[field] : undefined;
    const count = Array.isArray(items) ? items.length : 0;
    return this.drafts.length === count && this.drafts.every(untouched);
  }

  /** The data the save sends: the entity as read with the form's changes, new fields in form order. */
  private buildData(): Record<string, unknown> {
    const kind = this.kind!;
    const original = this.detail?.data ?? this.prefill?.form.data ?? {};
    const updates = new Map<string, unknown>();
    for (const spec of fieldsOf(kind)) {
      const before = original[spec.name];
      if (spec.input === 'claims') {
        const count = Array.isArray(before) ? before.length : 0;
        if (this.drafts.length === count && this.drafts.every(untouched)) updates.set(spec.name, before);
        else updates.set(spec.name, this.drafts.length ? this.drafts.map(claimItem) : undefined);
        continue;
      }
      const text = this.values[spec.name] ?? '';
      if (spec.input === 'list' || spec.input === 'ids') {
        updates.set(spec.name, listValue(before, parseListText(text)));
      } else if (text === fieldText(spec, before)) {
        updates.set(spec.name, before);
      } else {
        updates.set(spec.name, text.trim() === '' ? undefined : text);
      }
    }
    // A new claims field goes after the entity's other fields, where model files keep verified_by.
    const placement = [
      ...fieldsOf(kind)
        .filter((f) => f.input !== 'claims')
        .map((f) => f.name),
      ...fieldsOf(kind)
        .filter((f) => f.input === 'claims')
        .map((f) => f.name),
    ];
    return orderedData(original, updates, placement);
  }

  private blockingProblems(): string[] {
    const problems: string[] = [];
    if (!(this.values.title ?? '').trim()) problems.push('The title is required.');
    for (const d of this.drafts) {
      const p = draftProblem(d);
      if (p) problems.push(`${d.target || 'A new target'}: ${p}`);
    }
    return problems;
  }

  private setValue(name: string, value: string): void {
    this.values = { ...this.values, [name]: value };
    this.schedulePrecheck();
  }

  private schedulePrecheck(): void {
    window.clearTimeout(this.precheckTimer);
    if (!this.kind) return;
    // A draft the form already knows to be incomplete is not worth a round trip (a missing title would
    // only come back as a proof failure).
    if (this.blockingProblems().length) {
      this.precheckAbort?.abort();
      this.precheck = null;
      this.prechecking = false;
      return;
    }
    this.prechecking = true;
    this.precheckTimer = window.setTimeout(() => void this.runPrecheck(), PRECHECK_DELAY_MS);
  }

  private async runPrecheck(): Promise<void> {
    if (!this.detail) void this.refreshNextId().catch(() => undefined);
    this.precheckAbort?.abort();
    const abort = new AbortController();
    this.precheckAbort = abort;
    const data = this.buildData();
    try {
      const result = this.detail
        ? await store().api.post<PrecheckAnswer>(
            `entities/${idSegment(this.detail.id)}/precheck`,
            { data, version: this.detail.version },
            undefined,
            abort.signal,
          )
        : await store().api.post<PrecheckAnswer>(
            `entities/${idSegment((this.values.id ?? '').trim() || '_new')}/precheck`,
            { data, _new: this.kind, ...(this.file ? { file: this.file } : {}) },
            undefined,
            abort.signal,
          );
      if (abort.signal.aborted) return;
      this.precheck = result;
      this.precheckError = '';
    } catch (error) {
      if (abort.signal.aborted) return;
      this.precheck = null;
      this.precheckError = errorText(error);
    }
    this.prechecking = false;
  }

  private async save(event: Event): Promise<void> {
    event.preventDefault();
    if (this.saveDisabled()) return;
    this.saving = true;
    this.refusal = null;
    this.conflicts = [];
    this.reloadNotice = '';
    const data = this.buildData();
    try {
      let id: string;
      let notices: Conflict[] = [];
      if (this.detail) {
        const result = await store().api.put<SaveAnswer>(`entities/${idSegment(this.detail.id)}`, {
          data,
          version: this.detail.version,
        });
        id = this.detail.id;
        notices = result?.notices ?? [];
      } else if (this.prefill) {
        // Created through the finding, so it is recorded as applied (docs/api.md, "Agents").
        const wanted = (this.values.id ?? '').trim();
        const result = await store().api.post<SaveAnswer>(
          `findings/${idSegment(this.prefill.finding.id)}/apply`,
          {
            action: 'create',
            data,
            ...(wanted ? { id: wanted } : {}),
            ...(this.file ? { file: this.file } : {}),
          },
        );
        id = result.entity?.id ?? (wanted || this.nextId?.id || '');
        notices = result?.notices ?? [];
      } else {
        const wanted = (this.values.id ?? '').trim();
        const result = await store().api.post<SaveAnswer>('entities', {
          kind: this.kind,
          ...(wanted ? { id: wanted } : {}),
          ...(this.file ? { file: this.file } : {}),
          data,
        });
        id = result.entity?.id ?? (wanted || this.nextId?.id || '');
        notices = result?.notices ?? [];
      }
      store().flash = { text: `${id} saved.`, notices };
      await store().refresh();
      window.location.hash = entityHref(id);
    } catch (error) {
      if (error instanceof ApiError) {
        this.refusal = error;
        this.conflicts = error.conflicts;
      } else this.refusal = new ApiError(0, { message: errorText(error) });
    } finally {
      this.saving = false;
    }
  }

  private saveDisabled(): boolean {
    if (this.saving || this.prechecking) return true;
    if (this.blockingProblems().length) return true;
    return this.precheck !== null && !this.precheck.ok;
  }

  protected override render(): TemplateResult {
    const kind = this.kind;
    const heading = this.entityId
      ? `Edit ${this.entityId}`
      : `New ${kind ? (KIND_LABELS[kind]?.one.toLowerCase() ?? kind) : ''}`;
    if (this.loadError)
      return html`<h1 tabindex="-1">${heading}</h1>
        <div class="banner error" role="alert"><p>${this.loadError}</p></div>`;
    if (!kind || !KIND_LABELS[kind] || (this.entityId && !this.detail))
      return html`<h1 tabindex="-1">${heading}</h1>
        <p aria-live="polite">Loading…</p>`;
    const placed = placeConflicts(kind, [...this.conflicts, ...(this.precheck?.problems ?? [])]);
    const claimsField = claimsFieldOf(kind);
    const problems = this.blockingProblems();
    const config = store().state?.config;
    return html`
      <h1 tabindex="-1">${heading}</h1>
      ${this.refusalBanner()}
      ${this.reloadNotice ? html`<div class="banner info" role="status"><p>${this.reloadNotice}</p></div>` : nothing}
      ${
        this.prefill
          ? html`<div class="banner info" role="status" id="prefill-notice">
              <p>
                Pre-filled from finding <code>${this.prefill.finding.id}</code> of the
                ${this.prefill.finding.workflow} workflow: ${this.prefill.finding.detail} Review every field;
                nothing is written until you save.
              </p>
            </div>`
          : nothing
      }
      ${conflictList(placed.get('') ?? [], 'The save would introduce these problems')}
      <form class="entity-form" novalidate @submit=${this.save}>
        ${
          this.detail
            ? nothing
            : html`<div class="field">
                <label for="field-id">Id</label>
                <input
                  id="field-id"
                  type="text"
                  spellcheck="false"
                  autocomplete="off"
                  placeholder=${this.nextId?.id ?? ''}
                  aria-describedby="field-id-help"
                  .value=${this.values.id ?? ''}
                  @input=${(e: Event) => this.setValue('id', (e.target as HTMLInputElement).value)}
                />
                <p class="help" id="field-id-help">
                  ${this.nextId ? html`Leave empty for the next id, <strong>${this.nextId.id}</strong>, written to <code>${this.nextId.file}</code>.` : this.nextIdError ? html`No next id: ${this.nextIdError}.` : nothing}
                </p>
                ${conflictList(placed.get('id') ?? [], 'Id')}
              </div>`
        }
        ${this.fileField()}
        ${fieldsOf(kind).map((spec) =>
          spec.input === 'claims'
            ? html`<rr-claims-editor
                .drafts=${this.drafts}
                .entityId=${this.detail?.id ?? (this.values.id || this.nextId?.id || '')}
                .field=${spec.name}
                .levels=${levelNames(config)}
                .conflicts=${placed.get(spec.name) ?? []}
                .precheck=${this.precheck}
                @drafts-change=${(e: CustomEvent<ClaimDraft[]>) => {
                  this.drafts = e.detail;
                  this.schedulePrecheck();
                }}
              ></rr-claims-editor>`
            : this.field(spec, placed.get(spec.name) ?? []),
        )}
        <div class="field wide">
          ${this.precheckStatus(problems, claimsField !== undefined)}
          <div class="actions">
            <button type="submit" ?disabled=${this.saveDisabled()} aria-describedby="precheck-status">
              Save
            </button>
            <a class="button secondary" href=${this.cancelHref(kind)}>Cancel</a>
          </div>
        </div>
      </form>
    `;
  }

  /** Where Cancel goes: the entity, the finding's job, or the kind's list. */
  private cancelHref(kind: EntityKind): string {
    if (this.detail) return entityHref(this.detail.id);
    if (this.prefill) return href('agents', { job: this.prefill.finding.job });
    return `#/entities/${kind}`;
  }

  private refusalBanner(): TemplateResult | typeof nothing {
    const r = this.refusal;
    if (!r) return nothing;
    if (r.code === 'changed-on-disk' || r.code === 'stale-version') {
      return html`<div class="banner warning" role="alert">
        <p>
          ${
            r.code === 'changed-on-disk'
              ? 'A model file changed on disk since this form read it, so nothing was saved.'
              : `${this.detail?.id ?? 'The entity'} was changed by someone else since this form read it, so nothing was saved.`
          }
          ${r.message}
        </p>
        <button type="button" @click=${() => void this.reloadKeepingDraft()}>Reload, keeping my draft</button>
      </div>`;
    }
    return html`<div class="banner error" role="alert">
      <p><strong>Not saved${r.code ? html` (<code>${r.code}</code>)` : nothing}:</strong> ${r.message}</p>
    </div>`;
  }

  /**
   * The notices of the draft (`takes-from-tag`): those of a refused save, which the server checked
   * itself, else those of the latest precheck; shown whatever else blocks the save.
   */
  private notices(): Conflict[] {
    const refused = this.refusal?.notices ?? [];
    return refused.length ? refused : (this.precheck?.notices ?? []);
  }

  private precheckStatus(problems: string[], hasClaims: boolean): TemplateResult {
    const p = this.precheck;
    return html`<div id="precheck-status" class="status-line" aria-live="polite">
      ${
        problems.length
          ? html`<ul class="field-error">
              ${problems.map((x) => html`<li>${x}</li>`)}
            </ul>`
          : nothing
      }
      ${
        this.prechecking
          ? html`<p class="muted">Checking the draft…</p>`
          : this.precheckError
            ? html`<p class="muted">
                The precheck did not run (${this.precheckError}); the save is still checked.
              </p>`
            : p
              ? p.ok
                ? html`<p class="banner success">
                    Precheck passed${hasClaims ? ': no case would get two owners' : ''}.
                  </p>`
                : html`<p class="field-error">
                    The precheck found ${p.problems.length}
                    ${p.problems.length === 1 ? 'problem' : 'problems'}; Save is disabled until they are
                    fixed.
                  </p>`
              : nothing
      }
      ${noticeList(this.notices())}
      ${
        p?.suspect?.count
          ? html`<p class="banner warning precheck-suspect">
              This save would make ${p.suspect.count} reviewed ${p.suspect.count === 1 ? 'link' : 'links'}
              suspect: ${p.suspect.links.join('; ')}.
            </p>`
          : nothing
      }
      ${
        p?.issues?.length
          ? html`<details class="precheck-issues">
              <summary>
                After this save ${p.id ?? 'the entity'} would have ${p.issues.length} validation
                ${p.issues.length === 1 ? 'issue' : 'issues'} (they do not block the save)
              </summary>
              <rr-diagnostic-list
                .diagnostics=${p.issues}
                caption="Issues after the save"
              ></rr-diagnostic-list>
            </details>`
          : nothing
      }
    </div>`;
  }

  private field(spec: FieldSpec, conflicts: Problem[]): TemplateResult {
    const id = `field-${spec.name}`;
    const value = this.values[spec.name] ?? '';
    const wide = spec.input === 'textarea';
    const onInput = (e: Event) => this.setValue(spec.name, (e.target as HTMLInputElement).value);
    let control: TemplateResult;
    switch (spec.input) {
      case 'textarea':
        control = html`<textarea
          id=${id}
          rows=${textRows(value)}
          .value=${value}
          @input=${onInput}
        ></textarea>`;
        break;
      case 'status':
        control = html`<select id=${id} @change=${onInput}>
          <option value="" ?selected=${value === ''}>not set</option>
          ${[...new Set([...ENTITY_STATUSES, ...(value ? [value] : [])])].map(
            (s) => html`<option value=${s} ?selected=${value === s}>${s}</option>`,
          )}
        </select>`;
        break;
      case 'choice': {
        const options = choiceOptions(spec, store().state?.config);
        control = html`<select id=${id} @change=${onInput}>
          <option value="" ?selected=${value === ''}>not set</option>
          ${[...new Set([...options, ...(value ? [value] : [])])].map(
            (s) => html`<option value=${s} ?selected=${value === s}>${s}</option>`,
          )}
        </select>`;
        break;
      }
      case 'method':
        control = html`<input id=${id} type="text" list="method-options" .value=${value} @input=${onInput} />
          <datalist id="method-options">
            ${[
              ...store()
                .entities.filter((e) => e.kind === 'test_method')
                .map((e) => e.id),
              ...levelNames(store().state?.config),
            ].map((o) => html`<option value=${o}></option>`)}
          </datalist>`;
        break;
      case 'ids': {
        const unknown = parseListText(value).filter((ref) => !store().entity(ref));
        control = html`<input
            id=${id}
            type="text"
            spellcheck="false"
            autocomplete="off"
            aria-describedby="${id}-help"
            aria-invalid=${unknown.length ? 'true' : 'false'}
            .value=${value}
            @input=${onInput}
          />
          <p class="help" id="${id}-help">
            Ids separated by
            commas.${unknown.length ? html` <span class="field-error">Unknown: ${unknown.join(', ')}</span>` : nothing}
          </p>`;
        break;
      }
      default:
        control = html`<input
            id=${id}
            type="text"
            ?required=${spec.required}
            aria-required=${spec.required ? 'true' : 'false'}
            aria-describedby=${spec.help ? `${id}-help` : nothing}
            .value=${value}
            @input=${onInput}
          />${spec.help ? html`<p class="help" id="${id}-help">${spec.help}</p>` : nothing}`;
    }
    return html`<div class="field ${wide ? 'wide' : ''}" data-field=${spec.name}>
      <label for=${id}>${spec.label}${spec.required ? ' (required)' : ''}</label>
      ${control} ${conflictList(conflicts, `${spec.label}: conflicts`)}
    </div>`;
  }
}
customElements.define('rr-entity-form-page', EntityFormPage);

/**
 * The entity's keys in their order with updated values (an undefined value removes the key), then new
 * keys, each placed after the nearest preceding form field that is present (the server writes a new
 * field after the field that precedes it in the data).
 */
function orderedData(
  original: Record<string, unknown>,
  updates: Map<string, unknown>,
  formOrder: string[],
): Record<string, unknown> {
  const keys = Object.keys(original).filter((k) => !updates.has(k) || updates.get(k) !== undefined);
  for (const [name, value] of updates) {
    if (value === undefined || keys.includes(name)) continue;
    const before = formOrder
      .slice(0, formOrder.indexOf(name))
      .reverse()
      .find((k) => keys.includes(k));
    keys.splice(before ? keys.indexOf(before) + 1 : keys.length, 0, name);
  }
  const data: Record<string, unknown> = {};
  for (const k of keys) data[k] = updates.has(k) ? updates.get(k) : original[k];
  return data;
}

/** Rows a textarea needs to show a value without scrolling (lines of about 100 characters), 3 to 14. */
function textRows(value: string): number {
  const lines = value.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 100)), 0);
  return Math.min(14, Math.max(3, lines + 1));
}
