// SPDX-License-Identifier: AGPL-3.0-or-later
// Event bodies for answers: a least-recently-used cache of parsed events, and re-reading from disk what
// it no longer holds. An indexed file that is gone or changed is a problem, not an error.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveEvent } from '../telemetry/live-event.js';
import { LruCache } from './event-cache.js';
import { checkEventText } from './event-file-check.js';
import type { EventEntry } from './event-index.js';
import { sameFile } from './file-stamp.js';
import type { EventRecord } from './live-state.js';
import type { ProblemLog } from './problem-log.js';

/** The bodies of indexed events. */
export class EventBodies {
  readonly cache: LruCache<string, LiveEvent>;
  /** Bodies read again from disk. */
  reads = 0;

  constructor(
    private readonly eventsDir: string,
    capacity: number,
    private readonly problems: ProblemLog,
  ) {
    this.cache = new LruCache(capacity);
  }

  /** Event records for entries: from the cache, else read again (entries that cannot be are left out). */
  records(entries: EventEntry[]): EventRecord[] {
    const out: EventRecord[] = [];
    for (const entry of entries) {
      let event = this.cache.get(entry.name);
      if (!event) {
        event = this.reread(entry);
        if (!event) continue;
        this.cache.set(entry.name, event);
      }
      out.push({ file: `events/${entry.name}`, event });
    }
    return out;
  }

  private reread(entry: EventEntry): LiveEvent | undefined {
    let text: string;
    let unchanged: boolean;
    try {
      this.reads++;
      const fd = openSync(join(this.eventsDir, entry.name), 'r');
      try {
        unchanged = sameFile(entry, fstatSync(fd));
        text = readFileSync(fd, 'utf8');
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      this.problems.raise(`file:${entry.name}`, {
        kind: 'unreadable',
        file: `events/${entry.name}`,
        message: `the event file was indexed but can no longer be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); events are immutable, so nothing may delete or move them`,
      });
      return undefined;
    }
    if (unchanged) {
      try {
        // trusted: the very file (same size, mtime and inode) whose checked event gave the entry's fact.
        const event = JSON.parse(text) as LiveEvent;
        if (event.seq === entry.seq) return event;
      } catch {
        // Not what was checked after all: the full check below says what is wrong.
      }
    }
    const check = checkEventText(text);
    if (!check.ok || check.event.seq !== entry.seq) {
      this.problems.raise(`file:${entry.name}`, {
        kind: 'invalid',
        file: `events/${entry.name}`,
        message:
          'the event file changed after it was indexed; events are immutable, write a new event instead',
      });
      return undefined;
    }
    return check.event;
  }
}
