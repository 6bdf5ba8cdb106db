// SPDX-License-Identifier: AGPL-3.0-or-later
// The incremental reader of one live directory (events/*.json of pnr-live-event-v1).
//
// The first listing reads every event file in name order (the order of sequence numbers for conventional
// names), or, with a persistent index (live-index-file.ts), only the files the index does not know; the
// others contribute their stored facts. It yields to other requests every few hundred files read, so
// answers that do not wait for it (`poll({ wait: false })`) show what is indexed so far, with
// `indexing` progress. When events/ changed since the index was written, every file taken from the index
// is stat'ed afterwards, in the background; if one changed, the directory is indexed again from the
// facts in memory and the changed files (a first listing again, so cursors from before it get a full
// state).
//
// How it notices new files: each poll stats events/ once. When the directory changed, it probes the
// conventional names of the next sequence numbers (a few stat calls, so well-behaved writers show up at
// once) and schedules a full listing, which runs in the background at most once per `listIntervalMs` and
// catches everything else (out-of-order sequence numbers, other names, files renamed in). An idle poll
// costs one stat. fs.watch is not used: it is unreliable on network and container file systems.
import { opendir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { eventFileName, isEventFileName } from '../telemetry/event-files.js';
import { EVENT_KINDS } from '../telemetry/live-event.js';
import { EventBodies } from './event-bodies.js';
import { checkEventText, type FileProblem } from './event-file-check.js';
import { factOf, type EventFact } from './event-facts.js';
import { EventIndex, firstArrivalAfter } from './event-index.js';
import { folderStamp, sameFile, stampOf, type FileStamp } from './file-stamp.js';
import { cursorRevision, formatCursor } from './live-cursor.js';
import { storedIndexOf, type StoredIndex } from './live-index-file.js';
import { LiveIndexStore, type IndexOpeningSummary } from './live-index-store.js';
import type {
  EventRecord,
  ExperimentSummary,
  IndexingProgress,
  LaneNow,
  LaneSummary,
  LiveState,
  ReaderProblem,
  StateQuery,
} from './live-state.js';
import { ProblemLog } from './problem-log.js';
import { statOrUndefined } from './safe-stat.js';

export interface ReaderOptions {
  /** The live directory (holding events/ and boards/). */
  root: string;
  /** Milliseconds clock; tests pass a fake one. */
  now?: () => number;
  /** A file that is not valid JSON becomes a problem once it has not changed for this long (ms). */
  settleMs?: number;
  /** Parsed events kept in memory (least recently used beyond it are dropped and re-read on demand). */
  cacheSize?: number;
  /** Least time between two background listings of events/ (ms). */
  listIntervalMs?: number;
  /** Event files larger than this are refused. */
  maxFileBytes?: number;
  /** The persistent index file of this directory (see live-index-file.ts); none when omitted. */
  indexFile?: string;
  /** Least time between two writes of the persistent index while events arrive (ms). */
  indexSaveIntervalMs?: number;
  /**
   * Awaited each time the first listing yields to other requests (every few hundred files read): a seam
   * for tests that hold the indexing at a known point.
   */
  indexPause?: (progress: IndexingProgress) => Promise<void>;
}

/** Figures about what the reader holds, for tests and the benchmark. */
export interface ReaderStats {
  indexed: number;
  parsedHeld: number;
  cacheCapacity: number;
  waiting: number;
  rejected: number;
  lanes: number;
  revision: number;
  /** Event files read to index them (not counting bodies read again for answers). */
  filesRead: number;
  /** Event bodies read again from disk for answers (history, latest events). */
  bodiesRead: number;
  /** How the persistent index was opened. */
  index: IndexOpeningSummary;
  /** Why the last write of the persistent index failed, if it did. */
  indexWriteProblem?: string;
}

type FileState =
  | { state: 'indexed' }
  | { state: 'ignored' }
  | { state: 'waiting'; size: number; mtimeMs: number; problem: FileProblem }
  | { state: 'rejected'; size: number; mtimeMs: number };

const INDEXED: FileState = { state: 'indexed' };
const IGNORED: FileState = { state: 'ignored' };
/** Consecutive missing sequence numbers the probe looks past (writers may skip numbers). */
const PROBE_WINDOW = 4;
/** A listing is trusted only for directory changes older than this (file system timestamps are coarse). */
const RACY_MS = 2000;
const DEFAULT_LIMIT = 200;
const MAX_LIMIT = 5000;
/** Files the first listing reads between two turns of the event loop. */
const READS_PER_TURN = 256;
/** Files the check of an index's stamps stats between two turns of the event loop. */
const STATS_PER_TURN = 4096;

/** Reads one live directory incrementally; see the file comment for how it notices changes. */
export class LiveDirectoryReader {
  readonly root: string;
  readonly epoch = randomBytes(4).toString('hex');
  private readonly eventsDir: string;
  private readonly now: () => number;
  private readonly settleMs: number;
  private readonly listIntervalMs: number;
  private readonly maxFileBytes: number;
  private readonly indexPause: ReaderOptions['indexPause'];
  private readonly store: LiveIndexStore | undefined;
  private readonly bodies: EventBodies;
  private index = new EventIndex();
  private readonly files = new Map<string, FileState>();
  /** Names of files in the waiting state, so a poll looks at them without walking every file. */
  private readonly waiting = new Set<string>();
  private readonly problems = new ProblemLog(() => ++this.rev);
  private rev = 0;
  private maxSeq = -1;
  private started = false;
  /** The first listing, until it is done. */
  private firstListing: Promise<void> | undefined;
  /** Set while the first listing runs. */
  private progress: IndexingProgress | undefined;
  /** The revision at which the first listing finished; cursors from before it get a full state. */
  private indexedRev: number | undefined;
  private filesRead = 0;
  /** Whether the first listing took entries from an index of a folder that changed since. */
  private verifyAfter = false;
  /** The background check of those entries' stamps, while it runs. */
  private verifying: Promise<void> | undefined;
  private dirStamp = '';
  private listing: Promise<void> | undefined;
  private listingWanted = false;
  private listedRacy = false;
  /** The stamp of events/ when the last complete listing started, and when that was. */
  private listed: { stamp: string; at: number } | undefined;
  private lastListingStart = -Infinity;

  constructor(options: ReaderOptions) {
    this.root = options.root;
    this.eventsDir = join(options.root, 'events');
    this.now = options.now ?? Date.now;
    this.settleMs = options.settleMs ?? 2000;
    this.listIntervalMs = options.listIntervalMs ?? 1000;
    this.maxFileBytes = options.maxFileBytes ?? 64 * 1024 * 1024;
    this.bodies = new EventBodies(this.eventsDir, options.cacheSize ?? 256, this.problems);
    this.indexPause = options.indexPause;
    this.store =
      options.indexFile === undefined
        ? undefined
        : new LiveIndexStore(
            options.indexFile,
            options.root,
            this.now,
            options.indexSaveIntervalMs ?? 30_000,
            () => this.index.arrivals,
            () => this.confirmedFolderStamp(),
          );
  }

  /** The current revision (bumped by every change the state reports). */
  get revision(): number {
    return this.rev;
  }

  /**
   * Looks for changes. The first call starts the first listing; unless `wait` is false, every call resolves
   * only once that listing is done. Later calls are cheap (see the file comment) and may leave a full
   * listing running in the background.
   */
  async poll(options: { wait?: boolean } = {}): Promise<void> {
    if (!this.started) {
      this.started = true;
      this.firstListing = this.startListing();
    } else if (this.firstListing === undefined) this.look();
    if (options.wait !== false && this.firstListing) await this.firstListing;
  }

  /** Whether the first listing is still running. */
  get indexing(): boolean {
    return this.progress !== undefined;
  }

  private look(): void {
    const st = statOrUndefined(this.eventsDir);
    if (!st) {
      this.checkRoot();
      return;
    }
    const stamp = folderStamp(st);
    if (stamp !== this.dirStamp) {
      this.dirStamp = stamp;
      this.probe();
      this.listingWanted = true;
    }
    if (this.listedRacy) this.listingWanted = true;
    this.recheckWaiting();
    if (this.listingWanted && !this.listing && this.now() - this.lastListingStart >= this.listIntervalMs) {
      void this.startListing();
    }
  }

  /** Lists the whole directory now and resolves when every new file is indexed. */
  async rescan(): Promise<void> {
    if (!this.started) return this.poll();
    if (this.listing) await this.listing;
    await this.startListing();
  }

  /**
   * Writes the persistent index now if it changed (for closing the viewer, and tests). During the first
   * listing it writes what is indexed so far rather than wait: a reopen reads the rest.
   */
  async saveIndex(): Promise<void> {
    if (!this.indexing) await this.idle();
    await this.store?.flush();
  }

  /** Resolves when no background listing (or check of the index's stamps) is running. */
  async idle(): Promise<void> {
    for (;;) {
      if (this.listing) await this.listing;
      else if (this.verifying) await this.verifying;
      else return;
    }
  }

  /** Raises a revision for a change the caller tracks (e.g. restart-status.json) and returns it. */
  bump(): number {
    return ++this.rev;
  }

  /**
   * The state for GET /api/state: everything, or what changed after `query.since`. While the first
   * listing runs, the state carries `indexing` progress, and answers after a cursor carry the lanes,
   * experiment and problems that changed but no events (the files being indexed are history, not news:
   * reading them all again for the answers would double the indexing). A cursor from before the first
   * listing finished gets a full state, so a client that followed the indexing ends up with exactly what
   * a client that waited for it has.
   */
  state(query: StateQuery = {}): LiveState {
    const state = this.answer(query);
    if (this.progress) state.indexing = { ...this.progress };
    return state;
  }

  private answer(query: StateQuery): LiveState {
    const limit = eventLimit(query.limit);
    let since = query.since === undefined ? undefined : cursorRevision(query.since, this.epoch, this.rev);
    if (since !== undefined && this.indexedRev !== undefined && since < this.indexedRev) since = undefined;
    const lane = query.lane === undefined ? undefined : this.index.lanes.get(query.lane);
    if (since === undefined) {
      const seqs = query.lane === undefined ? this.index.seqs : (lane?.seqs.values() ?? []);
      const state: LiveState = {
        cursor: formatCursor(this.epoch, this.rev),
        reset: true,
        changed: true,
        root: this.root,
        experiment: structuredClone(this.index.experiment),
        lanes: this.laneSummaries(() => true),
        events: this.bodies.records(seqs.slice(-limit).map((s) => this.index.bySeq.get(s)!)),
        more: false,
        problems: this.problems.raisedAfter(),
        resolved: [],
      };
      if (query.lane !== undefined && lane) state.now = this.laneNow(query.lane);
      return state;
    }
    if (since === this.rev) {
      return {
        cursor: formatCursor(this.epoch, since),
        reset: false,
        changed: false,
        root: this.root,
        lanes: [],
        events: [],
        more: false,
        problems: [],
        resolved: [],
      };
    }
    const arrivals = query.lane === undefined ? this.index.arrivals : (lane?.arrivals ?? []);
    // Only the page is copied: a client catching up page by page must not copy every later arrival each time.
    const first = this.progress ? arrivals.length : firstArrivalAfter(arrivals, since);
    const more = arrivals.length - first > limit;
    const page = arrivals.slice(first, first + limit).sort((a, b) => a.seq - b.seq);
    const cursorRev = more ? arrivals[first + limit - 1]!.rev : this.rev;
    const state: LiveState = {
      cursor: formatCursor(this.epoch, cursorRev),
      reset: false,
      changed: true,
      root: this.root,
      lanes: this.laneSummaries((rev) => rev > since),
      events: this.bodies.records(page),
      more,
      problems: this.problems.raisedAfter(since),
      resolved: this.problems.resolvedAfter(since),
    };
    if (this.index.experimentRev > since) state.experiment = structuredClone(this.index.experiment);
    return state;
  }

  /** The experiment as this directory's experiment and run events describe it. */
  experiment(): ExperimentSummary {
    return structuredClone(this.index.experiment);
  }

  /** Events before a seq (all when omitted), latest `limit` of them, for replaying a lane's history. */
  history(options: { lane?: string; before?: number; limit?: number } = {}): EventRecord[] {
    const limit = eventLimit(options.limit);
    const seqs =
      options.lane === undefined
        ? this.index.seqs
        : (this.index.lanes.get(options.lane)?.seqs.values() ?? []);
    const before = options.before ?? Infinity;
    // The end of the seqs below `before`, by bisection: replaying a long history page by page backwards
    // must not walk from the newest event to the page each time.
    let end = 0;
    let hi = seqs.length;
    while (end < hi) {
      const mid = (end + hi) >> 1;
      if (seqs[mid]! >= before) hi = mid;
      else end = mid + 1;
    }
    return this.bodies.records(
      seqs.slice(Math.max(0, end - limit), end).map((s) => this.index.bySeq.get(s)!),
    );
  }

  /** Figures about memory use: counts, not bytes. */
  stats(): ReaderStats {
    let rejected = 0;
    for (const f of this.files.values()) if (f.state === 'rejected') rejected++;
    const waiting = this.waiting.size;
    return {
      indexed: this.index.arrivals.length,
      parsedHeld: this.bodies.cache.size,
      cacheCapacity: this.bodies.cache.capacity,
      waiting,
      rejected,
      lanes: this.index.lanes.size,
      revision: this.rev,
      filesRead: this.filesRead,
      bodiesRead: this.bodies.reads,
      index: this.store?.opening ?? { state: 'off' },
      ...(this.store?.writeProblem !== undefined ? { indexWriteProblem: this.store.writeProblem } : {}),
    };
  }

  /** Copies of the lane summaries that pass the filter, lanes and children in the order they started. */
  private laneSummaries(changed: (rev: number) => boolean): LaneSummary[] {
    const lanes = this.index.lanes;
    const bySeq = (a: string, b: string) => lanes.get(a)!.summary.firstSeq - lanes.get(b)!.summary.firstSeq;
    return [...lanes.values()]
      .filter((l) => changed(l.rev))
      .map((l) => ({
        ...l.summary,
        children: [...l.summary.children].sort(bySeq),
        latest: { ...l.summary.latest },
      }))
      .sort((a, b) => a.firstSeq - b.firstSeq)
      .map((l) => (l.events === 0 ? { ...l, firstSeq: -1, lastSeq: -1 } : l));
  }

  private laneNow(id: string): LaneNow {
    const lane = this.index.lanes.get(id)!;
    const latest = lane.summary.latest;
    const one = (seq: number | undefined) =>
      seq === undefined ? undefined : this.bodies.records([this.index.bySeq.get(seq)!])[0];
    const now: LaneNow = {
      lane: id,
      routes: this.bodies.records(lane.routeSeqs.map((s) => this.index.bySeq.get(s)!)),
    };
    for (const kind of ['placement', 'placement_cost', 'checkpoint', 'net_status'] as const) {
      const record = one(latest[kind]);
      if (record) now[kind] = record;
    }
    return now;
  }

  /** Starts a listing: the first one (from `source` when re-indexing), or a later one. */
  private startListing(source?: StoredIndex): Promise<void> {
    this.listingWanted = false;
    this.lastListingStart = this.now();
    const first = this.indexedRev === undefined;
    const run = (first ? this.listFirst(source) : this.list()).finally(() => {
      this.listing = undefined;
      if (first) this.firstListed();
    });
    this.listing = run;
    return run;
  }

  /**
   * The first listing: every event file in name order, each from the persistent index (or `source`) when
   * it knows the file, else read. Yields every READS_PER_TURN files read.
   */
  private async listFirst(source?: StoredIndex): Promise<void> {
    const startedAt = Date.now();
    const st = this.listingStart();
    if (!st) return;
    let names: string[];
    try {
      names = readdirSync(this.eventsDir).filter(isEventFileName).sort();
    } catch {
      return; // removed between the stat and the listing: the next poll sees it
    }
    const opening = source ? undefined : this.store?.open();
    const stored = source ?? (opening?.state === 'loaded' ? opening.index : undefined);
    // Stored entries are taken without a stat each. When no name in events/ was added, removed or renamed
    // since the index was written, they stand (events are immutable; one written in place is caught when
    // its body is read); otherwise their stamps are checked once this listing is done.
    this.verifyAfter = source === undefined && stored !== undefined && stored.folder !== folderStamp(st);
    const progress: IndexingProgress = { files: names.length, done: 0 };
    this.progress = progress;
    let used = 0;
    let reads = 0;
    // Both lists are sorted by name: walk them side by side.
    let k = 0;
    const count = stored?.names.length ?? 0;
    for (const name of names) {
      while (k < count && stored!.names[k]! < name) k++;
      const at = k < count && stored!.names[k] === name ? k++ : -1;
      const size = at === -1 ? Infinity : stored!.size[at]!;
      if (size <= this.maxFileBytes) {
        const stamp = { size, mtimeMs: stored!.mtimeMs[at]!, ino: stored!.ino[at]! };
        if (this.accept(name, stored!.facts[at]!, stamp)) used++;
        progress.done++;
      } else {
        this.processFile(name);
        progress.done++;
        if (++reads % READS_PER_TURN === 0) {
          await this.indexPause?.({ ...progress });
          await new Promise((r) => setImmediate(r));
        }
      }
    }
    // Entries of files that went away or changed: the index on disk says more than holds now.
    if (stored && used !== count) this.store?.changed();
    this.listingDone(st, startedAt);
  }

  /** The stat of events/ a listing starts from (its stamp noted), or undefined when there is no folder. */
  private listingStart(): Stats | undefined {
    const st = statOrUndefined(this.eventsDir);
    if (!st) {
      this.checkRoot();
      return undefined;
    }
    this.problems.resolve('root');
    // Whatever changed up to this stat is covered by this listing; polls look for changes after it.
    this.dirStamp = folderStamp(st);
    return st;
  }

  /** Records a finished listing, from the stat of events/ taken at its start. */
  private listingDone(st: Stats, startedAt: number): void {
    this.listedRacy = st.mtimeMs >= startedAt - RACY_MS;
    this.listed = { stamp: folderStamp(st), at: startedAt };
    this.recheckWaiting();
  }

  /** After the first listing: cursors from before it now get a full state; the index is written. */
  private firstListed(): void {
    this.progress = undefined;
    this.firstListing = undefined;
    this.indexedRev = ++this.rev;
    if (this.verifyAfter) {
      this.verifyAfter = false;
      this.verifying = this.verifyStamps().finally(() => {
        this.verifying = undefined;
      });
    }
    void this.store?.maybeSave(true);
  }

  private async list(): Promise<void> {
    const startedAt = Date.now();
    const st = this.listingStart();
    if (!st) return;
    let dir;
    try {
      dir = await opendir(this.eventsDir, { bufferSize: 128 });
    } catch {
      return; // removed between the stat and the open: the next poll sees it
    }
    const fresh: string[] = [];
    for await (const entry of dir) {
      const name = entry.name;
      if (!isEventFileName(name)) continue;
      const known = this.files.get(name);
      if (known === undefined) fresh.push(name);
      else if (known.state === 'rejected') {
        // A refused file is looked at again when it changes (someone fixed it).
        const now = statOrUndefined(join(this.eventsDir, name));
        if (now && (now.size !== known.size || now.mtimeMs !== known.mtimeMs)) this.processFile(name, now);
      }
    }
    // Conventional names sort by sequence number, so a first listing indexes in the experiment's order.
    fresh.sort();
    for (let i = 0; i < fresh.length; i++) {
      // A poll may have probed the file meanwhile.
      if (!this.files.has(fresh[i]!)) this.processFile(fresh[i]!);
      // Reading is synchronous; give other requests a turn now and then during a large first listing.
      if (i % READS_PER_TURN === READS_PER_TURN - 1) await new Promise((r) => setImmediate(r));
    }
    this.listingDone(st, startedAt);
    void this.store?.maybeSave();
  }

  /**
   * Stats every indexed file (a few thousand per turn of the event loop) and compares it with the stamp
   * its fact was taken from; indexes the directory again if any file changed or went away.
   */
  private async verifyStamps(): Promise<void> {
    // After the answers that waited for the first listing.
    await new Promise((r) => setImmediate(r));
    const entries = this.index.arrivals.slice();
    const changed = new Set<string>();
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const st = statOrUndefined(join(this.eventsDir, entry.name));
      if (!st?.isFile() || !sameFile(entry, st)) changed.add(entry.name);
      if (i % STATS_PER_TURN === STATS_PER_TURN - 1) await new Promise((r) => setImmediate(r));
    }
    if (changed.size === 0) return;
    if (this.listing) await this.listing;
    // Rules broken (an event rewritten or removed): start over from the facts of the files that did not
    // change, reading the others, so the summaries equal those of a fresh reader.
    const keep = this.index.arrivals.filter((e) => !changed.has(e.name));
    for (const name of changed) this.bodies.cache.delete(name);
    this.index = new EventIndex();
    this.files.clear();
    this.waiting.clear();
    this.problems.clear();
    this.maxSeq = -1;
    this.indexedRev = undefined;
    this.store?.changed();
    this.firstListing = this.startListing(storedIndexOf(keep));
    await this.firstListing;
  }

  /**
   * The stamp of events/ that a persistent index may record as "these names, unchanged": the folder has
   * not changed since the last complete listing started, and that listing started well after the
   * folder's last change (timestamps are coarse), or a listing now finds no name the reader does not know.
   */
  private confirmedFolderStamp(): string | undefined {
    const st = statOrUndefined(this.eventsDir);
    if (!st || !this.listed || folderStamp(st) !== this.listed.stamp) return undefined;
    if (this.listed.at - st.mtimeMs >= RACY_MS) return this.listed.stamp;
    if (Date.now() - st.mtimeMs < RACY_MS) return undefined;
    try {
      for (const name of readdirSync(this.eventsDir))
        if (isEventFileName(name) && !this.files.has(name)) return undefined;
    } catch {
      return undefined;
    }
    return folderStamp(statOrUndefined(this.eventsDir) ?? st) === this.listed.stamp
      ? this.listed.stamp
      : undefined;
  }

  private probe(): void {
    let misses = 0;
    for (let seq = this.maxSeq + 1; misses < PROBE_WINDOW; seq++) {
      let found = false;
      for (const kind of EVENT_KINDS) {
        const name = eventFileName(seq, kind);
        if (this.files.has(name)) {
          found = true;
          break;
        }
        const st = statOrUndefined(join(this.eventsDir, name));
        if (st) {
          this.processFile(name, st);
          found = true;
          break;
        }
      }
      misses = found ? 0 : misses + 1;
    }
  }

  private recheckWaiting(): void {
    for (const name of [...this.waiting]) {
      const state = this.files.get(name);
      if (state?.state !== 'waiting') {
        this.waiting.delete(name);
        continue;
      }
      const st = statOrUndefined(join(this.eventsDir, name));
      if (!st) {
        this.files.delete(name);
        this.waiting.delete(name);
        this.problems.resolve(`file:${name}`);
      } else if (st.size !== state.size || st.mtimeMs !== state.mtimeMs) this.processFile(name, st);
      else if (this.now() - st.mtimeMs >= this.settleMs) this.settle(name, state);
    }
  }

  /** A file that stayed unparseable: report it and stop checking it on every poll. */
  private settle(name: string, state: { size: number; mtimeMs: number; problem: FileProblem }): void {
    this.problems.raise(`file:${name}`, { ...state.problem, file: `events/${name}` });
    this.files.set(name, { state: 'rejected', size: state.size, mtimeMs: state.mtimeMs });
    this.waiting.delete(name);
  }

  private processFile(name: string, known?: Stats): void {
    this.waiting.delete(name);
    const path = join(this.eventsDir, name);
    const st = known ?? statOrUndefined(path);
    if (!st) {
      this.files.delete(name);
      return;
    }
    if (!st.isFile()) {
      this.files.set(name, IGNORED);
      return;
    }
    const file = `events/${name}`;
    const id = `file:${name}`;
    const reject = (problem: Omit<ReaderProblem, 'id'>) => {
      this.problems.raise(id, problem);
      this.files.set(name, { state: 'rejected', size: st.size, mtimeMs: st.mtimeMs });
    };
    if (st.size > this.maxFileBytes) {
      reject({
        kind: 'too-large',
        file,
        message: `the event file has ${st.size} bytes, more than the ${this.maxFileBytes} an event may have; split the data over several events`,
      });
      return;
    }
    let text: string;
    try {
      this.filesRead++;
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') this.files.delete(name);
      else
        reject({
          kind: 'unreadable',
          file,
          message: `cannot read the event file (${code ?? (error as Error).message}); check its permissions`,
        });
      return;
    }
    const check = checkEventText(text);
    if (!check.ok) {
      if (check.problem.kind === 'invalid') reject({ ...check.problem, file });
      else {
        const waiting = {
          state: 'waiting' as const,
          size: st.size,
          mtimeMs: st.mtimeMs,
          problem: check.problem,
        };
        this.files.set(name, waiting);
        this.waiting.add(name);
        // Possibly a writer still writing: it becomes a problem only once it stays broken.
        if (this.now() - st.mtimeMs >= this.settleMs) this.settle(name, waiting);
      }
      return;
    }
    if (this.accept(name, factOf(check.event), stampOf(st))) {
      this.bodies.cache.set(name, check.event);
      this.store?.changed();
    }
  }

  /** Indexes a checked event's fact, unless its seq is taken (a duplicate-seq problem); returns whether it did. */
  private accept(name: string, fact: EventFact, stamp: FileStamp): boolean {
    const id = `file:${name}`;
    const holder = this.index.holder(fact.seq);
    if (holder && holder.name !== name) {
      this.problems.raise(id, {
        kind: 'duplicate-seq',
        file: `events/${name}`,
        message: `seq ${fact.seq} is already used by events/${holder.name}; this file is ignored (every event needs its own sequence number)`,
      });
      this.files.set(name, { state: 'rejected', size: stamp.size, mtimeMs: stamp.mtimeMs });
      return false;
    }
    this.problems.resolve(id);
    this.rev++;
    this.index.add(fact, name, stamp, this.rev);
    this.files.set(name, INDEXED);
    if (fact.seq > this.maxSeq) this.maxSeq = fact.seq;
    return true;
  }

  private checkRoot(): void {
    const st = statOrUndefined(this.root);
    if (st?.isDirectory()) this.problems.resolve('root');
    else if (st)
      this.problems.raise('root', {
        kind: 'missing-root',
        message: `the live directory ${this.root} is a file, not a folder; check --root`,
      });
    else
      this.problems.raise('root', {
        kind: 'missing-root',
        message: `the live directory ${this.root} does not exist (yet); check --root`,
      });
  }
}

/** A usable page size from a requested one (anything not a positive number gives the default). */
function eventLimit(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested) || requested < 1) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.floor(requested));
}
