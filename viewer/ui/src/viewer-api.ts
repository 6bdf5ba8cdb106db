// SPDX-License-Identifier: AGPL-3.0-or-later
// The page's client of the viewer's HTTP API (docs/viewer-api.md): one method per route the page
// uses, JSON in and out, errors as ApiError with the server's code and message.
import type { SchematicModel } from '../../src/schematic/schematic-model.js';
import type { DesignConstraints } from '../../src/schematic/design-constraints.js';
import type {
  AboutInfo,
  ControlsState,
  GeometryIndex,
  DesignNote,
  EventRecord,
  ExperimentState,
  Feature,
  GlbExport,
  ControlPresets,
  PreferencesState,
  DesignNoteAction,
  DesignNoteDraft,
  ViewerRecordKindName,
  RuntimeControls,
  StoredViewerRecord,
  UnavailableAnswer,
  AgentStatus,
  AskConversation,
  AskConversationSummary,
  AskEvent,
  NetLabelStatus,
  SourceIndex,
  SourceFileAnswer,
  ComponentCostAnswer,
  ErrorBody,
} from './api-types.js';

/** GET /api/schematic's answer. */
export interface SchematicAnswer {
  available: true;
  scope: 'design' | 'board';
  lane?: string;
  checkpoint?: { lane: string; seq: number; phase: string; board: string };
  design: SchematicModel['design'];
  stats: SchematicModel['stats'];
  problems: string[];
  payload: { key: string; bytes: number; url: string };
}

/** GET /api/constraints's answer. */
export type ConstraintsAnswer =
  { available: true; file: string; constraints: DesignConstraints } | { available: false; reason: string };

/** A refused request: the HTTP status, the code and message of the error body (docs/viewer-api.md, "Errors"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The error body, `{status, code, message, ...details}`, or a 501 feature answer, or what a proxy sent. */
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** Query of GET /api/state. */
export interface StateRequest {
  since?: string;
  lane?: string;
  run?: string | null;
  limit?: number;
  /** Answer at once with what is indexed so far instead of waiting for the first indexing. */
  partial?: boolean;
}

const VIEWER_RECORD_ROUTES: Record<ViewerRecordKindName, { create: string; list: string }> = {
  pin: { create: 'pin', list: 'pins' },
  draft: { create: 'draft', list: 'drafts' },
  snapshot: { create: 'snapshot', list: 'snapshots' },
};

/** Calls the viewer's API on the page's own origin. */
export class ViewerApi {
  constructor(private readonly base = '') {}

  /** GET /api/state: a full state, or what changed after `since`. */
  state(request: StateRequest = {}, signal?: AbortSignal): Promise<ExperimentState> {
    const { partial, ...rest } = request;
    return this.get(
      `/api/state${query({ ...rest, run: request.run ?? undefined, partial: partial ? 1 : undefined })}`,
      signal,
    );
  }

  /** GET /api/history: up to `limit` events of a lane before a seq, ordered by seq. */
  async history(
    lane: string,
    before: number | undefined,
    limit: number,
    run?: string | null,
  ): Promise<EventRecord[]> {
    const answer = await this.get<{ events: EventRecord[] }>(
      `/api/history${query({ lane, before, limit, run: run ?? undefined })}`,
    );
    return answer.events;
  }

  /** GET /api/3d: starts (or finds) the GLB export of a checkpoint, by its board's content hash. */
  threedExport(board: string, run?: string | null, retry = false): Promise<GlbExport> {
    return this.get(`/api/3d${query({ board, run: run ?? undefined, retry: retry ? '1' : undefined })}`);
  }

  /** GET /api/3d/status?key: where one export stands. */
  threedStatus(key: string): Promise<GlbExport> {
    return this.get(`/api/3d/status${query({ key })}`);
  }

  /** GET /api/preferences: the runtime-control presets shared by the experiment's viewers. */
  preferences(): Promise<PreferencesState> {
    return this.get('/api/preferences');
  }

  /** POST /api/preferences: replaces the presets seen at `revision`. */
  savePreferences(presets: ControlPresets, revision: number): Promise<PreferencesState> {
    return this.post('/api/preferences', { presets, revision });
  }

  /** GET /api/geometry/<sha256>/layers: the index of a board's geometry parts. */
  geometryIndex(sha256: string, run?: string | null): Promise<GeometryIndex> {
    return this.get(`/api/geometry/${sha256}/layers${query({ run: run ?? undefined })}`);
  }

  /** GET /api/geometry/<sha256>/layers/<name>: one part's file (the browser undoes the gzip). */
  async geometryPart(sha256: string, name: string, run?: string | null): Promise<Uint8Array> {
    const path = `/api/geometry/${sha256}/layers/${encodeURIComponent(name)}${query({ run: run ?? undefined })}`;
    const response = await fetch(this.base + path, { headers: { accept: 'application/octet-stream' } });
    if (!response.ok) return answer(response);
    return new Uint8Array(await response.arrayBuffer());
  }

  controls(): Promise<ControlsState> {
    return this.get('/api/controls');
  }

  /** POST /api/controls: changes some controls at the revision the page last saw. */
  setControls(requested: RuntimeControls, revision: number): Promise<ControlsState> {
    return this.post('/api/controls', { requested, revision });
  }

  about(): Promise<AboutInfo> {
    return this.get('/api/about');
  }

  async features(): Promise<Feature[]> {
    return (await this.get<{ features: Feature[] }>('/api/features')).features;
  }

  /** A route of a feature this viewer may not provide: its answer, or the unavailable body (501). */
  async feature(path: string): Promise<UnavailableAnswer | { available: true; body: unknown }> {
    try {
      const body = await this.get<unknown>(path);
      if (isUnavailable(body)) return body;
      return { available: true, body };
    } catch (error) {
      if (error instanceof ApiError && isUnavailable(error.body)) return error.body;
      throw error;
    }
  }

  /** GET /api/pins, /api/drafts or /api/snapshots of a lane. */
  async viewerRecords<T extends StoredViewerRecord>(
    kind: ViewerRecordKindName,
    lane?: string,
    run?: string | null,
  ): Promise<T[]> {
    const answer = await this.get<{ records: T[] }>(
      `/api/${VIEWER_RECORD_ROUTES[kind].list}${query({ lane, run: run ?? undefined })}`,
    );
    return answer.records;
  }

  /** POST /api/pin, /api/draft or /api/snapshot. */
  createViewerRecord<T extends StoredViewerRecord>(
    kind: ViewerRecordKindName,
    body: Record<string, unknown>,
  ): Promise<T> {
    return this.post(`/api/${VIEWER_RECORD_ROUTES[kind].create}`, body);
  }

  /** GET /api/source/index: the design sources' instance tree joined to the netlist. */
  sourceIndex(): Promise<SourceIndex> {
    return this.get('/api/source/index');
  }

  /** GET /api/source/file: one source file, line by line. */
  sourceFile(path: string): Promise<SourceFileAnswer> {
    return this.get(`/api/source/file${query({ path })}`);
  }

  /** GET /api/component-cost: a footprint's cost terms replayed by the engine at an event. */
  componentCost(seq: number, ref: string, run?: string | null): Promise<ComponentCostAnswer> {
    return this.get(`/api/component-cost${query({ event_id: seq, ref, run: run ?? undefined })}`);
  }

  async designNotes(): Promise<DesignNote[]> {
    return (await this.get<{ notes: DesignNote[] }>('/api/notes')).notes;
  }

  createDesignNote(note: DesignNoteDraft): Promise<DesignNote> {
    return this.post('/api/notes', note);
  }

  /** POST /api/notes/<id>/<action> at the note's current revision. */
  designNoteAction(
    note: DesignNote,
    action: DesignNoteAction,
    body: Record<string, unknown> = {},
  ): Promise<unknown> {
    return this.post(`/api/notes/${encodeURIComponent(note.id)}/${action}`, {
      ...body,
      revision: note.revision,
    });
  }

  /** GET /api/schematic: what the lane's schematic is made of and its payload's URL. */
  schematic(lane: string | null, scope: 'design' | 'board', signal?: AbortSignal): Promise<SchematicAnswer> {
    return this.get(`/api/schematic${query({ lane: lane ?? undefined, scope })}`, signal);
  }

  /** GET /api/schematic/payload/<key>: the schematic model. */
  schematicPayload(url: string, signal?: AbortSignal): Promise<SchematicModel> {
    return this.get(url, signal);
  }

  /** GET /api/constraints: the constraints file, for the board's keep-outs. */
  constraints(): Promise<ConstraintsAnswer> {
    return this.get('/api/constraints');
  }

  /** GET /api/agent/status (only when the feature list says the agent is available). */
  agentStatus(): Promise<AgentStatus> {
    return this.get('/api/agent/status');
  }

  async conversations(): Promise<AskConversationSummary[]> {
    return (await this.get<{ conversations: AskConversationSummary[] }>('/api/agent/conversations'))
      .conversations;
  }

  conversation(id: string): Promise<AskConversation> {
    return this.get(`/api/agent/conversations/${encodeURIComponent(id)}`);
  }

  /** POST /api/agent/chat: hands each server-sent event to `onEvent` as it arrives; resolves at the end. */
  async ask(
    body: { question: string; conversation?: string },
    onEvent: (event: AskEvent) => void,
  ): Promise<void> {
    const response = await fetch(this.base + '/api/agent/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
    });
    if (!response.ok || !response.body) {
      await answer(response);
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value;
      let end = pending.indexOf('\n\n');
      while (end >= 0) {
        const data = pending
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        pending = pending.slice(end + 2);
        if (data) onEvent(JSON.parse(data) as AskEvent);
        end = pending.indexOf('\n\n');
      }
    }
  }

  cancelTurn(turn: string): Promise<unknown> {
    return this.post('/api/agent/cancel', { turn });
  }

  netLabels(): Promise<NetLabelStatus> {
    return this.get('/api/net-labels');
  }

  private async get<T>(path: string, signal?: AbortSignal): Promise<T> {
    const response = await fetch(this.base + path, {
      headers: { accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    return answer<T>(response);
  }

  private async post<T>(path: string, body: unknown): Promise<T> {
    // The browser adds this page's Origin, which the server's write check wants.
    const response = await fetch(this.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return answer<T>(response);
  }
}

async function answer<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (response.ok) return body as T;
  // An error body (or a 501 feature answer, whose `reason` says why); anything else names the status.
  const err = (body ?? {}) as Partial<ErrorBody> & { reason?: string };
  throw new ApiError(
    response.status,
    err.code ?? `http-${response.status}`,
    err.message ?? err.reason ?? `${response.status} ${response.statusText}`,
    body,
  );
}

function isUnavailable(body: unknown): body is UnavailableAnswer {
  return typeof body === 'object' && body !== null && (body as { available?: unknown }).available === false;
}

/** A query string of the defined values. */
function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
