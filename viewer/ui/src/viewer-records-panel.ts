// SPDX-License-Identifier: AGPL-3.0-or-later
// <rr-viewer-records-panel>: pins, drafts and snapshots of the selected lane. Pin the state at the timeline
// position to come back to it; write a draft (title, text, points marked on the board) and save it, or
// take it as an annotated snapshot with the board's view. Records are immutable; "Go to" returns to one.
import { LitElement, css, html, nothing } from 'lit';
import type { LaneFrame } from './lane-replay.js';
import { formatClock } from './number-format.js';
import type { BoardAnnotation, ViewerRecordKindName, StoredViewerRecord } from './api-types.js';
import { sharedStyles } from './shared-styles.js';
import { ApiError, type ViewerApi } from './viewer-api.js';

/** The board's view as a snapshot records it. */
export interface SnapshotView {
  center: [number, number];
  zoom: number;
  layers: string[];
}

/** Where "Go to" leads: a lane at an event. */
export interface GotoDetail {
  lane: string;
  seq: number;
}

const KINDS: ViewerRecordKindName[] = ['pin', 'draft', 'snapshot'];
const TITLES: Record<ViewerRecordKindName, string> = { pin: 'Pins', draft: 'Drafts', snapshot: 'Snapshots' };

export class ViewerRecordsPanel extends LitElement {
  static override properties = {
    api: { attribute: false },
    lane: { type: String },
    run: { attribute: false },
    frame: { attribute: false },
    view: { attribute: false },
    annotations: { attribute: false },
    marking: { type: Boolean },
    records: { state: true },
    message: { state: true },
    busy: { state: true },
  };

  api: ViewerApi | null = null;
  lane: string | null = null;
  run: string | null = null;
  frame: LaneFrame | null = null;
  /** The board's current view, recorded with snapshots. */
  view: SnapshotView | null = null;
  /** Points marked on the board for the draft being written. */
  annotations: BoardAnnotation[] = [];
  /** Whether clicks on the board add points to the draft. */
  marking = false;
  records: Record<ViewerRecordKindName, StoredViewerRecord[]> = { pin: [], draft: [], snapshot: [] };
  message = '';
  busy = false;
  private lastDraft: string | undefined;
  private loadedFor: string | null = null;

  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      form {
        display: grid;
        gap: 4px;
        margin-bottom: 8px;
      }
      .row {
        display: flex;
        gap: 4px;
        align-items: center;
        flex-wrap: wrap;
      }
      label {
        display: grid;
        gap: 2px;
      }
      input[type='text'],
      textarea {
        width: 100%;
      }
      ul {
        list-style: none;
        padding: 0;
        margin: 0;
      }
      li {
        padding: 3px 0;
        border-bottom: 1px solid #eef1f5;
      }
      .status {
        min-height: 1.4em;
      }
    `,
  ];

  protected override updated(): void {
    const key = `${this.run ?? ''}\u0000${this.lane ?? ''}`;
    if (this.api && this.lane && key !== this.loadedFor) {
      this.loadedFor = key;
      void this.reload();
    }
  }

  /** Reads the lane's pins, drafts and snapshots again. */
  async reload(): Promise<void> {
    const api = this.api;
    const lane = this.lane;
    if (!api || !lane) return;
    try {
      const lists = await Promise.all(KINDS.map((k) => api.viewerRecords(k, lane, this.run)));
      if (lane !== this.lane) return;
      this.records = { pin: lists[0]!, draft: lists[1]!, snapshot: lists[2]! };
    } catch (error) {
      this.message = `Could not read pins, drafts and snapshots: ${(error as Error).message}`;
    }
  }

  private base(): Record<string, unknown> | null {
    const f = this.frame;
    if (!this.lane || !f || f.seq < 0) return null;
    return {
      lane: this.lane,
      seq: f.seq,
      ...(f.checkpoint ? { checkpoint: f.checkpoint.board } : {}),
      ...(this.run ? { run: this.run } : {}),
    };
  }

  private async create(
    kind: ViewerRecordKindName,
    body: Record<string, unknown>,
  ): Promise<StoredViewerRecord | undefined> {
    if (!this.api) return undefined;
    this.busy = true;
    try {
      const record = await this.api.createViewerRecord<StoredViewerRecord>(kind, body);
      this.records = { ...this.records, [kind]: [...this.records[kind], record] };
      this.message = `Saved ${kind} ${record.id}.`;
      return record;
    } catch (error) {
      this.message = `Could not save the ${kind}: ${error instanceof ApiError ? error.message : String(error)}`;
      return undefined;
    } finally {
      this.busy = false;
    }
  }

  private async pin(e: Event): Promise<void> {
    e.preventDefault();
    const base = this.base();
    if (!base) return;
    const form = e.target as HTMLFormElement;
    const label = (form.elements.namedItem('label') as HTMLInputElement).value.trim();
    if (await this.create('pin', { ...base, ...(label ? { label } : {}) })) form.reset();
  }

  private async saveDraft(kind: 'draft' | 'snapshot', form: HTMLFormElement): Promise<void> {
    const base = this.base();
    if (!base) return;
    const title = (form.elements.namedItem('title') as HTMLInputElement).value.trim();
    const text = (form.elements.namedItem('text') as HTMLTextAreaElement).value;
    if (kind === 'snapshot' && !title) {
      this.message = 'A snapshot needs a title.';
      return;
    }
    const body: Record<string, unknown> = {
      ...base,
      annotations: this.annotations,
      ...(title ? { title } : {}),
      ...(text ? { text } : {}),
    };
    if (kind === 'draft' && this.lastDraft) body.supersedes = this.lastDraft;
    if (kind === 'snapshot') {
      if (this.view) body.view = this.view;
      if (this.lastDraft) body.draft = this.lastDraft;
    }
    const record = await this.create(kind, body);
    if (record && kind === 'draft') this.lastDraft = record.id;
    if (record && kind === 'snapshot') {
      form.reset();
      this.lastDraft = undefined;
      this.dispatchEvent(new CustomEvent('annotations-clear', { bubbles: true, composed: true }));
    }
  }

  override render() {
    const canWrite = !!this.base() && !this.busy;
    return html`<h2>Pins, drafts and snapshots</h2>
      ${
        this.lane ? nothing : html`<p class="empty">Select a lane to pin its state or annotate its board.</p>`
      }
      <form aria-label="Pin this state" @submit=${this.pin}>
        <label
          >Pin label <input type="text" name="label" maxlength="200" placeholder="e.g. best so far"
        /></label>
        <div class="row">
          <button type="submit" ?disabled=${!canWrite}>Pin this state</button>
          <span class="muted"
            >${this.frame && this.frame.seq >= 0 ? `lane ${this.lane}, event seq ${this.frame.seq}` : ''}</span
          >
        </div>
      </form>
      <form aria-label="Draft or snapshot" @submit=${(e: Event) => e.preventDefault()}>
        <label>Title <input type="text" name="title" maxlength="200" /></label>
        <label>Text <textarea name="text" rows="3"></textarea></label>
        <div class="row">
          <button
            type="button"
            aria-pressed=${this.marking ? 'true' : 'false'}
            @click=${() => this.dispatchEvent(new CustomEvent('marking-toggle', { bubbles: true, composed: true }))}
          >
            Mark points on the board
          </button>
          <span class="muted">${this.annotations.length} point(s) marked</span>
        </div>
        <div class="row">
          <button
            type="button"
            ?disabled=${!canWrite}
            @click=${(e: Event) => this.saveDraft('draft', (e.target as HTMLElement).closest('form')!)}
          >
            Save draft
          </button>
          <button
            type="button"
            ?disabled=${!canWrite}
            @click=${(e: Event) => this.saveDraft('snapshot', (e.target as HTMLElement).closest('form')!)}
          >
            Take snapshot
          </button>
        </div>
      </form>
      <p class="status" role="status">${this.message}</p>
      ${KINDS.map((k) => this.renderList(k))}
      <button type="button" @click=${() => this.reload()} ?disabled=${!this.lane}>Refresh lists</button>`;
  }

  private renderList(kind: ViewerRecordKindName) {
    const list = this.records[kind];
    return html`<h3>${TITLES[kind]} (${list.length})</h3>
      ${
        list.length === 0
          ? html`<p class="empty">None for this lane.</p>`
          : html`<ul aria-label=${TITLES[kind]}>
              ${[...list].reverse().map(
                (r) =>
                  html`<li data-record=${r.id}>
                    <strong>${r.label ?? r.title ?? r.id}</strong>
                    <span class="muted"
                      >seq ${r.seq ?? '–'} · ${formatClock(r.created)} · ${r.author.name ?? r.author.user}
                      ${r.annotations?.length ? ` · ${r.annotations.length} annotation(s)` : ''}</span
                    >
                    ${r.text ? html`<div>${r.text}</div>` : nothing}
                    ${
                      r.lane !== undefined && r.seq !== undefined
                        ? html`<button
                            type="button"
                            aria-label=${`Go to ${kind} ${r.label ?? r.title ?? r.id}`}
                            @click=${() => this.goto(r.lane!, r.seq!)}
                          >
                            Go to
                          </button>`
                        : nothing
                    }
                  </li>`,
              )}
            </ul>`
      }`;
  }

  private goto(lane: string, seq: number): void {
    this.dispatchEvent(
      new CustomEvent<GotoDetail>('goto', { detail: { lane, seq }, bubbles: true, composed: true }),
    );
  }
}

customElements.define('rr-viewer-records-panel', ViewerRecordsPanel);
