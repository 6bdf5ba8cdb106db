// SPDX-License-Identifier: AGPL-3.0-or-later
// Runtime controls, the other direction of the live directory's contract: the viewer writes the user's
// requests to control.json, the experiment reads them, applies what it can and reports what it applies
// in control-active.json. Both files are written whole and atomically (temporary file, then rename).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const CONTROL_FILE = 'control.json';
export const CONTROL_ACTIVE_FILE = 'control-active.json';
export const CONTROL_SCHEMA = 'pnr-viewer-control-v1';
export const CONTROL_ACTIVE_SCHEMA = 'pnr-control-active-v1';

/** The controls an experiment may offer. */
export const CONTROL_NAMES = ['paused', 'rate', 'prune', 'stop'] as const;
export type ControlName = (typeof CONTROL_NAMES)[number];

/** Requested or active control values; a missing control is not requested (or not applied). */
export interface RuntimeControls {
  /** Hold before the next step. */
  paused?: boolean;
  /** Events per second; 0 is as fast as possible. */
  rate?: number;
  /** Lanes the search should abandon (each ends as pruned). */
  prune?: string[];
  /** End the experiment cleanly, as stopped. */
  stop?: boolean;
}

/** Which controls an experiment offers and their ranges. */
export interface ControlLimits {
  controls: ControlName[];
  rate: { min: number; max: number };
}

/** The viewer's limits while the experiment has reported none. */
export const DEFAULT_CONTROL_LIMITS: ControlLimits = {
  controls: [...CONTROL_NAMES],
  rate: { min: 0, max: 1000 },
};

/** control.json, written by the viewer. */
export interface ControlRequestFile {
  schema: typeof CONTROL_SCHEMA;
  revision: number;
  updated: string;
  author: { user: string; address: string; name?: string };
  requested: RuntimeControls;
}

/** control-active.json, written by the experiment. */
export interface ControlActiveFile {
  schema: typeof CONTROL_ACTIVE_SCHEMA;
  /** The control.json revision the experiment has applied. */
  revision: number;
  time: string;
  active: RuntimeControls;
  limits?: ControlLimits;
}

/** A control file as read: absent, its content, or why it cannot be used. */
export type ControlFileRead<T> =
  { state: 'absent' } | { state: 'ok'; value: T } | { state: 'bad'; message: string };

/** Reads control.json of a live directory. */
export function readControlRequest(liveDir: string): ControlFileRead<ControlRequestFile> {
  return readControlFile(join(liveDir, CONTROL_FILE), CONTROL_SCHEMA, (v) =>
    isWhole(v.revision) && isControls(v.requested)
      ? undefined
      : 'needs a whole-number revision and a requested object',
  );
}

/** Reads control-active.json of a live directory. */
export function readControlActive(liveDir: string): ControlFileRead<ControlActiveFile> {
  return readControlFile(join(liveDir, CONTROL_ACTIVE_FILE), CONTROL_ACTIVE_SCHEMA, (v) =>
    isWhole(v.revision) && isControls(v.active) && (v.limits === undefined || isLimits(v.limits))
      ? undefined
      : 'needs a whole-number revision, an active object and well-formed limits',
  );
}

/** Re-reads control.json when its size, time or inode changed; one stat call otherwise. */
export class ControlRequestWatcher {
  private stamp = '';
  private current: ControlRequestFile | undefined;

  constructor(private readonly liveDir: string) {}

  /** The current request, or undefined when there is none (or it cannot be read). */
  check(): ControlRequestFile | undefined {
    let stamp = '';
    try {
      const st = statSync(join(this.liveDir, CONTROL_FILE));
      stamp = `${st.size}:${st.mtimeMs}:${st.ino}`;
    } catch {
      // no file: no request
    }
    if (stamp !== this.stamp) {
      this.stamp = stamp;
      const read = readControlRequest(this.liveDir);
      this.current = read.state === 'ok' ? read.value : undefined;
    }
    return this.current;
  }
}

function readControlFile<T>(
  path: string,
  schema: string,
  problem: (value: Record<string, unknown>) => string | undefined,
): ControlFileRead<T> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'absent' };
    return { state: 'bad', message: `cannot be read: ${(error as Error).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { state: 'bad', message: `is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || (value as { schema?: unknown }).schema !== schema)
    return { state: 'bad', message: `is not a ${schema} file` };
  const wrong = problem(value as Record<string, unknown>);
  return wrong
    ? { state: 'bad', message: `is not a valid ${schema} file: it ${wrong}` }
    : { state: 'ok', value: value as T };
}

function isWhole(v: unknown): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0;
}

function isControls(v: unknown): v is RuntimeControls {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const c = v as Record<string, unknown>;
  return (
    (c.paused === undefined || typeof c.paused === 'boolean') &&
    (c.stop === undefined || typeof c.stop === 'boolean') &&
    (c.rate === undefined || (typeof c.rate === 'number' && Number.isFinite(c.rate) && c.rate >= 0)) &&
    (c.prune === undefined || (Array.isArray(c.prune) && c.prune.every((l) => typeof l === 'string')))
  );
}

function isLimits(v: unknown): v is ControlLimits {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  const rate = l.rate as Record<string, unknown> | undefined;
  return (
    Array.isArray(l.controls) &&
    l.controls.every((c) => (CONTROL_NAMES as readonly unknown[]).includes(c)) &&
    typeof rate === 'object' &&
    rate !== null &&
    typeof rate.min === 'number' &&
    typeof rate.max === 'number'
  );
}
