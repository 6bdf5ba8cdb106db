// SPDX-License-Identifier: AGPL-3.0-or-later
// Writes a run's telemetry into a live directory the way docs/viewer-telemetry.md asks of every writer:
// each event and checkpoint is written under a temporary name and renamed, sequence numbers increase,
// and a checkpoint is on disk before the event that names it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import { checkLiveEvent } from '../telemetry/event-schema.js';
import { checkpointRef, eventFileName, isEventFileName } from '../telemetry/event-files.js';
import { LIVE_EVENT_SCHEMA, type EventFields, type EventKind } from '../telemetry/live-event.js';

/** A live directory that already holds events: the simulator starts only in an empty one. */
export class LiveDirInUseError extends Error {}

/** The writer side of a live directory for one run. */
export class EventWriter {
  private seq = 0;

  private constructor(
    readonly liveDir: string,
    readonly run: string,
    private readonly pace: () => Promise<void>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Prepares `events/` and `boards/` under the live directory; refuses one that already has events.
   * `pace` is awaited before each event (the pacer, and the viewer's pause).
   */
  static open(
    liveDir: string,
    run: string,
    pace: () => Promise<void>,
    clock: () => Date = () => new Date(),
  ): EventWriter {
    const events = join(liveDir, 'events');
    if (existsSync(events) && readdirSync(events).some(isEventFileName))
      throw new LiveDirInUseError(
        `${events} already holds events; give the simulator a new or empty live directory`,
      );
    mkdirSync(events, { recursive: true });
    mkdirSync(join(liveDir, 'boards'), { recursive: true });
    return new EventWriter(liveDir, run, pace, clock);
  }

  /** How many events were written. */
  get written(): number {
    return this.seq;
  }

  /** Writes the next event (once `pace` allows it) and returns its sequence number. */
  async emit<K extends EventKind>(kind: K, fields: EventFields[K]): Promise<number> {
    await this.pace();
    const seq = this.seq++;
    const event = {
      schema: LIVE_EVENT_SCHEMA,
      seq,
      time: this.clock().toISOString(),
      run: this.run,
      kind,
      ...fields,
    };
    const check = checkLiveEvent(event);
    // The simulator is the test source of the viewer: an event it cannot vouch for is a bug here.
    if (!check.ok) throw new Error(`pnr-sim built an invalid ${kind} event: ${check.problems.join('; ')}`);
    writeFileAtomicSync(
      join(this.liveDir, 'events', eventFileName(seq, kind)),
      JSON.stringify(event) + '\n',
      {
        fsync: false, // one file per event, many a second: a crash loses the last few either way
      },
    );
    return seq;
  }

  /** Stores board bytes as boards/<sha256>.<extension> (once per content) and returns that reference. */
  checkpoint(text: string, extension: string): string {
    const bytes = Buffer.from(text, 'utf8');
    const sha = createHash('sha256').update(bytes).digest('hex');
    const ref = checkpointRef(sha, extension);
    const path = join(this.liveDir, ref);
    if (!existsSync(path)) writeFileAtomicSync(path, bytes, { fsync: false });
    return ref;
  }
}
