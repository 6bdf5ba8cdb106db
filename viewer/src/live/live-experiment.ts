// SPDX-License-Identifier: AGPL-3.0-or-later
// The experiment around a live directory: its folder (parent of the root unless given), the trial run
// folders under it, and restart-status.json. One reader per run folder, the least recently used dropped;
// each keeps its persistent index in `indexDir` (one file per live directory, named by its path).
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { LruCache } from './event-cache.js';
import { cursorRevision } from './live-cursor.js';
import { LiveDirectoryReader, type ReaderOptions } from './live-directory-reader.js';
import { liveIndexPath } from './live-index-file.js';
import type { LiveState, StateQuery } from './live-state.js';
import { RestartStatusFile, type RestartStatus } from './restart-status.js';
import { resolveRunDir } from './run-path.js';
import { statOrUndefined } from './safe-stat.js';

export interface LiveExperimentOptions extends Omit<ReaderOptions, 'root' | 'indexFile'> {
  root: string;
  /** The folder of the readers' persistent indexes; none are kept when omitted. */
  indexDir?: string;
  /** Default: the parent of the root. */
  experimentDir?: string;
  /** Readers of other run folders kept open (default 4). */
  maxRunReaders?: number;
}

/** A run folder of the experiment. */
export interface RunFolder {
  /** Path relative to the experiment folder (`/`-separated); pass it as `run`. */
  path: string;
  /** Whether it is the viewer's root. */
  root: boolean;
}

/** GET /api/state for an experiment: a run's state plus experiment-level fields. */
export interface ExperimentState extends LiveState {
  experimentDir: string;
  /** The run asked for (relative to the experiment folder), or null for the root. */
  run: string | null;
  /** Included in full states and when it changed after the cursor; null when there is none. */
  restartStatus?: RestartStatus | null;
  /** Run folders (full states only). */
  runs?: RunFolder[];
}

/** The viewer's entry to the telemetry of one experiment. */
export class LiveExperiment {
  readonly root: string;
  readonly experimentDir: string;
  private readonly rootReader: LiveDirectoryReader;
  private readonly runReaders: LruCache<string, LiveDirectoryReader>;
  private readonly restart: RestartStatusFile;
  /** Per reader: the restart-status change it last reported, and at which of its revisions. */
  private readonly restartSeen = new WeakMap<LiveDirectoryReader, { version: number; rev: number }>();
  private restartVersion = 0;

  constructor(private readonly options: LiveExperimentOptions) {
    this.root = resolve(options.root);
    this.experimentDir = resolve(options.experimentDir ?? dirname(this.root));
    this.rootReader = this.newReader(this.root);
    this.runReaders = new LruCache(options.maxRunReaders ?? 4);
    this.restart = new RestartStatusFile(this.experimentDir);
  }

  /** The reader of the root, or of a run folder (refused unless it lies under the experiment folder). */
  reader(run?: string): LiveDirectoryReader {
    if (run === undefined || run === '') return this.rootReader;
    const dir = resolveRunDir(this.experimentDir, run);
    if (dir === this.root) return this.rootReader;
    let reader = this.runReaders.get(dir);
    if (!reader) {
      reader = this.newReader(dir);
      this.runReaders.set(dir, reader);
    }
    return reader;
  }

  /**
   * Polls the run's live directory and answers GET /api/state?lane=&since=&run=. With `partial`, the
   * answer does not wait for the first indexing of the directory: it holds what is indexed so far.
   */
  async state(query: StateQuery & { run?: string; partial?: boolean } = {}): Promise<ExperimentState> {
    const reader = this.reader(query.run);
    await reader.poll({ wait: query.partial !== true });
    if (this.restart.check()) this.restartVersion++;
    let seen = this.restartSeen.get(reader);
    if (!seen || seen.version !== this.restartVersion) {
      seen = { version: this.restartVersion, rev: reader.bump() };
      this.restartSeen.set(reader, seen);
    }
    const state: ExperimentState = {
      ...reader.state(query),
      experimentDir: this.experimentDir,
      run: query.run ? query.run : null,
    };
    if (state.reset) state.runs = this.runs();
    const since = state.reset ? -1 : cursorRevision(query.since ?? '', reader.epoch, reader.revision)!;
    if (seen.rev > since) state.restartStatus = this.restart.status;
    return state;
  }

  /** Writes the persistent indexes that changed (when the viewer closes). */
  async close(): Promise<void> {
    const readers = new Set([this.rootReader, ...this.runReaders.values()]);
    await Promise.all([...readers].map((reader) => reader.saveIndex()));
  }

  private newReader(root: string): LiveDirectoryReader {
    const { indexDir, ...options } = this.options;
    return new LiveDirectoryReader({
      ...options,
      root,
      ...(indexDir !== undefined ? { indexFile: liveIndexPath(indexDir, root) } : {}),
    });
  }

  /** Run folders: the root, direct children of the experiment folder that hold events/, and run_dir of the root's runs. */
  runs(): RunFolder[] {
    const found = new Map<string, RunFolder>();
    const rootRel = relative(this.experimentDir, this.root).split(sep).join('/');
    let names: string[];
    try {
      names = readdirSync(this.experimentDir);
    } catch {
      names = [];
    }
    for (const name of names.sort()) {
      if (name.startsWith('.')) continue;
      if (statOrUndefined(join(this.experimentDir, name, 'events'))?.isDirectory())
        found.set(name, { path: name, root: name === rootRel });
    }
    if (!found.has(rootRel)) found.set(rootRel, { path: rootRel, root: true });
    for (const run of this.rootReader.experiment().runs) {
      if (run.runDir === undefined || found.has(run.runDir)) continue;
      try {
        resolveRunDir(this.experimentDir, run.runDir);
        found.set(run.runDir, { path: run.runDir, root: false });
      } catch {
        // A run_dir outside the experiment folder or not (yet) there is not offered.
      }
    }
    return [...found.values()];
  }
}
