// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer's side of runtime controls: GET /api/controls combines the request (control.json) with
// what the experiment reports it applies (control-active.json); POST merges new requests into
// control.json, checked against the experiment's limits. control.json is rr's revisioned record file:
// every viewer of the experiment updates it under one lock, so no update of one is lost to another's.
import { join } from 'node:path';
import { RevisionConflictError, RevisionedJsonFile } from 'rules-rr/core/files/revisioned-json-file.js';
import {
  CONTROL_ACTIVE_FILE,
  CONTROL_FILE,
  CONTROL_SCHEMA,
  DEFAULT_CONTROL_LIMITS,
  readControlActive,
  readControlRequest,
  type ControlLimits,
  type ControlName,
  type ControlRequestFile,
  type RuntimeControls,
} from '../telemetry/control-files.js';
import { TELEMETRY_ID } from '../telemetry/event-files.js';
import { FieldReader } from './json-shape-check.js';
import { viewerRecordAuthor, type ViewerRecordAuthor } from './viewer-record-author.js';
import { ViewerRecordRequestError } from './viewer-record-request-error.js';

/** The answer of GET /api/controls. */
export interface ControlsState {
  revision: number;
  updated: string | null;
  author: ViewerRecordAuthor | null;
  requested: RuntimeControls;
  active: RuntimeControls | null;
  appliedRevision: number | null;
  pending: boolean;
  limits: ControlLimits;
  limitsFrom: 'experiment' | 'viewer';
  problems: { file: string; message: string }[];
}

/** control.json and control-active.json of the root live directory. */
export class ControlStore {
  private readonly request: RevisionedJsonFile<ControlRequestFile>;

  constructor(readonly liveDir: string) {
    // A control.json that cannot be read is replaced: it holds only requests, which the page shows again.
    this.request = new RevisionedJsonFile(join(liveDir, CONTROL_FILE), {
      read: () => readControlRequest(liveDir),
      unreadable: 'replace',
    });
  }

  /** The requested, active and limits of the controls as the files say now. */
  state(): ControlsState {
    const problems: ControlsState['problems'] = [];
    const request = this.request.read();
    if (request.state === 'bad')
      problems.push({ file: CONTROL_FILE, message: `${CONTROL_FILE} ${request.message}` });
    const active = readControlActive(this.liveDir);
    if (active.state === 'bad')
      problems.push({ file: CONTROL_ACTIVE_FILE, message: `${CONTROL_ACTIVE_FILE} ${active.message}` });
    const req = request.state === 'ok' ? request.value : undefined;
    const act = active.state === 'ok' ? active.value : undefined;
    const revision = req?.revision ?? 0;
    return {
      revision,
      updated: req?.updated ?? null,
      author: req?.author ?? null,
      requested: req?.requested ?? {},
      active: act?.active ?? null,
      appliedRevision: act?.revision ?? null,
      pending: revision > 0 && (act?.revision ?? -1) < revision,
      limits: act?.limits ?? DEFAULT_CONTROL_LIMITS,
      limitsFrom: act?.limits ? 'experiment' : 'viewer',
      problems,
    };
  }

  /**
   * Merges the body's requested controls into control.json and returns the new state. The request may
   * come before the experiment created its live directory; it waits there for it.
   */
  async update(body: unknown, context: { address: string; now: Date }): Promise<ControlsState> {
    const reader = FieldReader.of(body, 'body', ['requested', 'revision', 'author']);
    const seen = reader.integer('revision', { min: 0 });
    const requested = reader.object('requested', ['paused', 'rate', 'prune', 'stop'], { required: true })!;
    const author = viewerRecordAuthor(context.address, reader);
    try {
      await this.request.update(seen, (current, revision) => ({
        schema: CONTROL_SCHEMA,
        revision,
        updated: context.now.toISOString(),
        author,
        // Checked against the limits the experiment reports now, under the lock.
        requested: { ...current?.requested, ...checkedControls(requested, this.state().limits) },
      }));
    } catch (error) {
      if (!(error instanceof RevisionConflictError)) throw error;
      throw new ViewerRecordRequestError(
        'stale-revision',
        `the controls are at revision ${error.current}, not ${error.expected}: someone changed them meanwhile; look again and retry`,
      );
    }
    return this.state();
  }
}

function checkedControls(requested: FieldReader, limits: ControlLimits): RuntimeControls {
  for (const name of Object.keys(requested.value))
    if (!limits.controls.includes(name as ControlName))
      throw new ViewerRecordRequestError(
        'unsupported-control',
        `the experiment does not offer the control "${name}"; it offers ${limits.controls.join(', ') || 'none'}`,
      );
  const out: RuntimeControls = {};
  const paused = requested.boolean('paused');
  if (paused !== undefined) out.paused = paused;
  const stop = requested.boolean('stop');
  if (stop !== undefined) out.stop = stop;
  const rate = requested.number('rate', { min: limits.rate.min, max: limits.rate.max });
  if (rate !== undefined) out.rate = rate;
  const prune = requested.array('prune', { max: 10_000 });
  if (prune !== undefined)
    out.prune = prune.map((lane, i) => {
      if (typeof lane !== 'string' || !TELEMETRY_ID.test(lane))
        throw new ViewerRecordRequestError(
          'bad-body',
          `${requested.where}.prune[${i}] must be a lane id; got ${JSON.stringify(lane)}`,
        );
      return lane;
    });
  return out;
}
