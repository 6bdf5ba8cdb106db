// A JSON record file that several processes update (the viewer's control.json and presets, shared by
// every viewer of an experiment): each update reads the file, checks the revision the writer saw, and
// writes the next revision, all under the cross-process lock `<file>.lock`. So of two writers that
// saw the same revision one is refused instead of one update overwriting the other unseen, and two
// writers that name no revision both land, one after the other. The file is replaced atomically.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomicSync } from './atomic-write.js';
import { withLock, type LockOptions } from './cross-process-lock.js';

/** A record with a revision: 0 before the first write, one more with each. */
export interface RevisionedRecord {
  revision: number;
}

/** What reading the file found: no file, its record, or why it cannot be used. */
export type RevisionedRead<T> =
  { state: 'absent' } | { state: 'ok'; value: T } | { state: 'bad'; message: string };

/** The writer saw another revision than the file has now. */
export class RevisionConflictError extends Error {
  constructor(
    readonly path: string,
    readonly expected: number,
    readonly current: number,
  ) {
    super(`${path} is at revision ${current}, not ${expected}: it was changed meanwhile`);
  }
}

/** The file cannot be read, and updating it would lose what it holds. */
export class UnreadableRecordError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path} cannot be read (${problem})`);
  }
}

export interface RevisionedJsonFileOptions<T> {
  /** Reads and checks the file. */
  read: (path: string) => RevisionedRead<T>;
  /** An update over a file that cannot be read: refused (`keep`, nothing in it is lost) or written (`replace`). */
  unreadable: 'keep' | 'replace';
  /** The lock's waiting and staleness (default: wait 2 s). */
  lock?: LockOptions;
}

/** One revisioned JSON record file. */
export class RevisionedJsonFile<T extends RevisionedRecord> {
  constructor(
    readonly path: string,
    private readonly options: RevisionedJsonFileOptions<T>,
  ) {}

  /** The file as it is now. */
  read(): RevisionedRead<T> {
    return this.options.read(this.path);
  }

  /**
   * Writes what `change` makes of the current record (undefined when there is none) as the next
   * revision, which it is given; under the lock. `expected` is the revision the writer saw (undefined:
   * whichever is current); another one throws RevisionConflictError. Resolves to the record written.
   */
  async update(
    expected: number | undefined,
    change: (current: T | undefined, revision: number) => T,
  ): Promise<T> {
    mkdirSync(dirname(this.path), { recursive: true });
    return withLock(
      `${this.path}.lock`,
      () => {
        const now = this.read();
        if (now.state === 'bad' && this.options.unreadable === 'keep')
          throw new UnreadableRecordError(this.path, now.message);
        const current = now.state === 'ok' ? now.value : undefined;
        const revision = current?.revision ?? 0;
        if (expected !== undefined && expected !== revision)
          throw new RevisionConflictError(this.path, expected, revision);
        const next = { ...change(current, revision + 1), revision: revision + 1 };
        writeFileAtomicSync(this.path, `${JSON.stringify(next, null, 2)}\n`);
        return next;
      },
      { waitMs: 2000, ...this.options.lock },
    );
  }
}
