// SPDX-License-Identifier: AGPL-3.0-or-later
// Builders for live directories in the reader tests: valid events by seq, raw files, a fake clock.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventFileName } from '../../src/telemetry/event-files.js';
import type { EventFields, EventKind } from '../../src/telemetry/live-event.js';
import { LiveDirectoryReader, type ReaderOptions } from '../../src/live/live-directory-reader.js';
import type { LiveState } from '../../src/live/live-state.js';
import { tempDir } from '../temp-dir.js';

/** A live directory with an empty events/ folder. */
export function liveDir(): string {
  const root = join(tempDir(), 'live');
  mkdirSync(join(root, 'events'), { recursive: true });
  return root;
}

/** The JSON text of a valid event. */
export function eventText<K extends EventKind>(seq: number, kind: K, fields: EventFields[K]): string {
  return (
    JSON.stringify({
      schema: 'pnr-live-event-v1',
      seq,
      time: '2025-06-01T12:00:00.000Z',
      run: 'run-1',
      kind,
      ...fields,
    }) + '\n'
  );
}

/** Writes an event as a well-behaved writer does (temporary name, then rename) under its conventional name. */
export function writeEvent<K extends EventKind>(
  root: string,
  seq: number,
  kind: K,
  fields: EventFields[K],
  name = eventFileName(seq, kind),
): string {
  const temp = join(root, 'events', `.${name}.tmp`);
  writeFileSync(temp, eventText(seq, kind, fields));
  renameSync(temp, join(root, 'events', name));
  return name;
}

/** Writes raw bytes straight into events/ (what a careless writer does). */
export function writeRaw(root: string, name: string, text: string): void {
  writeFileSync(join(root, 'events', name), text);
}

/** A trial lane's placement cost event fields. */
export function cost(lane: string, step: number, total: number): EventFields['placement_cost'] {
  return { lane, step, total };
}

/** A clock the test moves by hand, starting at the real time (file mtimes are real). */
export class FakeClock {
  time = Date.now();
  readonly now = () => this.time;
  advance(ms: number): void {
    this.time += ms;
  }
}

/** A reader whose background listings may run on every poll, with a fake clock. */
export function reader(
  root: string,
  options: Partial<ReaderOptions> = {},
): { reader: LiveDirectoryReader; clock: FakeClock } {
  const clock = new FakeClock();
  return { reader: new LiveDirectoryReader({ root, now: clock.now, listIntervalMs: 0, ...options }), clock };
}

/** Polls and waits for the background listing, so the state reflects everything on disk. */
export async function settle(r: LiveDirectoryReader): Promise<void> {
  await r.poll();
  await r.idle();
}

/**
 * Writes a small experiment of `candidates` candidate lanes, each with one trial of `costs` placement
 * cost events, a net status, a checkpoint and ends; returns how many event files it wrote.
 */
export function writeExperiment(root: string, candidates: number, costs: number, firstSeq = 0): number {
  let seq = firstSeq;
  if (seq === 0) writeEvent(root, seq++, 'experiment_start', { experiment: { name: 'index test', seed: 7 } });
  for (let c = 0; c < candidates; c++) {
    const cand = `cand-${c}`;
    const trial = `${cand}.trial-0`;
    writeEvent(root, seq++, 'lane_start', { lane: cand, lane_kind: 'candidate', parent: null, label: cand });
    writeEvent(root, seq++, 'lane_start', { lane: trial, lane_kind: 'trial', parent: cand });
    for (let i = 0; i < costs; i++) writeEvent(root, seq++, 'placement_cost', cost(trial, i, 900 - i - c));
    writeEvent(root, seq++, 'net_status', {
      lane: trial,
      nets: [
        { net: 'GND', status: 'routed' },
        { net: 'SDA', status: c % 2 === 0 ? 'routed' : 'failed' },
      ],
    });
    writeEvent(root, seq++, 'checkpoint', {
      lane: trial,
      board: `boards/${'ab'.repeat(32)}.kicad_pcb`,
      phase: 'routing',
      cost: 800 - c,
    });
    writeEvent(root, seq++, 'lane_end', { lane: trial, status: 'completed', cost: 800 - c });
    writeEvent(root, seq++, 'lane_end', { lane: cand, status: c % 3 === 2 ? 'pruned' : 'completed' });
  }
  return seq - firstSeq;
}

/** A state without its cursor (which names the reader instance), for comparing two readers' states. */
export function withoutCursor<T extends { cursor: string }>(state: T): Omit<T, 'cursor'> {
  const copy: Partial<T> = { ...state };
  delete copy.cursor;
  return copy as Omit<T, 'cursor'>;
}

/** The full state of a reader that reads every file (no persistent index) and waits for it, without its cursor. */
export async function freshState(root: string): Promise<Omit<LiveState, 'cursor'>> {
  const fresh = new LiveDirectoryReader({ root, listIntervalMs: 0 });
  await settle(fresh);
  return withoutCursor(fresh.state({ limit: 5000 }));
}
