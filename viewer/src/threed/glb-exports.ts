// SPDX-License-Identifier: AGPL-3.0-or-later
// The 3D view's exports: one GLB per board checkpoint, named by a content key (board hash, export
// options, KiCad version) in <cache>/3d/. This process runs one export at a time, and every viewer of
// the experiment shares one lock folder in the experiment folder, so two viewers asking for the same
// board run KiCad once: the second waits for the lock, then finds the first one's GLB and reuses it.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipCopy } from 'rules-rr/core/http/gzip-copy.js';
import { isJsonObject } from 'rules-rr/core/model/checked-json.js';
import { withFolderLock } from '../notes/folder-lock.js';
import { replaceFileFrom, writeFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import { GLB_EXPORT_ARGS, isGlbFile, runGlbExport } from './glb-export-run.js';

const run = promisify(execFile);

/** Name of the lock folder in the experiment folder. */
export const EXPORT_LOCK_NAME = '.viewer-3d-export.lock';

/** Where one export stands. */
export type GlbExportState = 'queued' | 'exporting' | 'done' | 'failed';

/** One export as GET /api/3d and /api/3d/status report it. */
export interface GlbExport {
  key: string;
  /** Content hash of the board file. */
  board: string;
  state: GlbExportState;
  /** When it was asked for, started exporting, ended (ISO times). */
  queuedAt: string;
  startedAt?: string;
  endedAt?: string;
  /** Milliseconds spent exporting (so far, while exporting). */
  elapsedMs?: number;
  /** Why it failed, in KiCad's words. */
  message?: string;
  /** Parts left out (missing 3D models) and other things KiCad warned about. */
  warnings: string[];
  missingModels: string[];
  /** Whether this viewer waited for another viewer of the experiment holding the export lock. */
  waitedForLock?: boolean;
  /** Whether the GLB came from the cache (exported before, or by another viewer) rather than this run. */
  reused?: boolean;
  /** The GLB's route, once done. */
  glb?: string;
}

/** What is stored beside a GLB: how it was made. */
interface GlbMeta {
  board: string;
  warnings: string[];
  missingModels: string[];
  exportMs: number;
  kicad: string;
  exportedAt: string;
}

/** The exports of one viewer process. */
export class GlbExports {
  private readonly jobs = new Map<string, GlbExport>();
  private queue: Promise<void> = Promise.resolve();
  private version: Promise<string> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly options: {
      cli: string;
      cacheDir: string;
      experimentDir: string;
      now?: () => Date;
      /** How long to wait for another viewer's export (default 30 minutes). */
      lockWaitMs?: number;
    },
  ) {}

  /** The folder the GLBs are cached in. */
  get folder(): string {
    return join(this.options.cacheDir, '3d');
  }

  /** Starts the export of a board (or finds it, or its cached GLB); `retry` restarts a failed one. */
  async request(boardFile: string, boardHash: string, retry = false): Promise<GlbExport> {
    const key = await this.keyOf(boardHash);
    const known = this.jobs.get(key);
    if (known && !(retry && known.state === 'failed')) return this.withElapsed(known);
    const cached = this.cached(key, boardHash);
    if (cached) {
      this.jobs.set(key, cached);
      return cached;
    }
    const job: GlbExport = {
      key,
      board: boardHash,
      state: 'queued',
      queuedAt: this.now().toISOString(),
      warnings: [],
      missingModels: [],
    };
    this.jobs.set(key, job);
    this.queue = this.queue.then(() => this.export(job, boardFile));
    return { ...job };
  }

  /** Stops a running export (KiCad is killed, the lock released) and refuses new ones. */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.queue;
  }

  /** One export by key, or undefined. */
  get(key: string): GlbExport | undefined {
    const job = this.jobs.get(key);
    return job && this.withElapsed(job);
  }

  /** Every export this viewer knows of, newest first. */
  list(): GlbExport[] {
    return [...this.jobs.values()].reverse().map((job) => this.withElapsed(job));
  }

  /** The cached GLB of a key, or undefined when there is none. */
  file(key: string): string | undefined {
    const path = join(this.folder, `${key}.glb`);
    return existsSync(path) ? path : undefined;
  }

  /** The version line of the CLI, part of the key: another KiCad may export differently. */
  kicadVersion(): Promise<string> {
    this.version ??= run(this.options.cli, ['version'], { timeout: 60_000 }).then(
      (r) => r.stdout.trim() || 'unknown',
      () => 'unknown',
    );
    return this.version;
  }

  private async keyOf(boardHash: string): Promise<string> {
    const version = await this.kicadVersion();
    return createHash('sha256')
      .update(`rr-3d-v1\n${boardHash}\n${GLB_EXPORT_ARGS.join(' ')}\n${version}\n`)
      .digest('hex');
  }

  private cached(key: string, boardHash: string): GlbExport | undefined {
    const glb = join(this.folder, `${key}.glb`);
    if (!isGlbFile(glb)) return undefined;
    let meta: Record<string, unknown> = {};
    try {
      const value: unknown = JSON.parse(readFileSync(join(this.folder, `${key}.json`), 'utf8'));
      if (isJsonObject(value)) meta = value;
    } catch {
      // a GLB without its note still shows; its warnings are lost
    }
    const texts = (v: unknown) =>
      Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
    const at = this.now().toISOString();
    return {
      key,
      board: boardHash,
      state: 'done',
      queuedAt: at,
      endedAt: at,
      ...(typeof meta.exportMs === 'number' ? { elapsedMs: meta.exportMs } : {}),
      warnings: texts(meta.warnings),
      missingModels: texts(meta.missingModels),
      reused: true,
      glb: `/api/3d/glb/${key}`,
    };
  }

  private async export(job: GlbExport, boardFile: string): Promise<void> {
    const lock = join(this.options.experimentDir, EXPORT_LOCK_NAME);
    try {
      mkdirSync(this.folder, { recursive: true });
      await withFolderLock(
        lock,
        async () => {
          // Another viewer of the experiment may have made it while this one waited.
          const made = this.cached(job.key, job.board);
          if (made) {
            Object.assign(job, made, { queuedAt: job.queuedAt, waitedForLock: job.waitedForLock });
            return;
          }
          await this.exportNow(job, boardFile);
        },
        {
          waitMs: this.options.lockWaitMs ?? 30 * 60_000,
          staleMs: 60_000,
          heartbeatMs: 5_000,
          onWait: () => {
            job.waitedForLock = true;
          },
          signal: this.stopping.signal,
        },
      );
    } catch (error) {
      job.state = 'failed';
      job.endedAt = this.now().toISOString();
      job.message = (error as Error).message;
    }
  }

  private async exportNow(job: GlbExport, boardFile: string): Promise<void> {
    job.state = 'exporting';
    const started = this.now();
    job.startedAt = started.toISOString();
    const glb = join(this.folder, `${job.key}.glb`);
    // KiCad writes the GLB to a temporary name (with the .glb it chooses the format by), which becomes
    // the GLB only when the export succeeded; a failed or interrupted one leaves nothing behind.
    const made = await replaceFileFrom(
      glb,
      async (temporary) => {
        if (this.stopping.signal.aborted) throw new Error('the viewer is closing');
        const outcome = await runGlbExport({
          cli: this.options.cli,
          board: boardFile,
          output: temporary,
          signal: this.stopping.signal,
        });
        const ended = this.now();
        job.endedAt = ended.toISOString();
        job.elapsedMs = ended.getTime() - started.getTime();
        if (!outcome.ok) {
          job.state = 'failed';
          job.message = outcome.message;
          return false;
        }
        const meta: GlbMeta = {
          board: job.board,
          warnings: outcome.warnings,
          missingModels: outcome.missingModels,
          exportMs: job.elapsedMs,
          kicad: await this.kicadVersion(),
          exportedAt: job.endedAt,
        };
        // The note first: a GLB is only ever seen with its warnings.
        writeFileAtomicSync(join(this.folder, `${job.key}.json`), `${JSON.stringify(meta, null, 2)}\n`);
        job.warnings = outcome.warnings;
        job.missingModels = outcome.missingModels;
        return true;
      },
      { suffix: '.glb' },
    );
    if (!made) return;
    await gzipCopy(glb);
    job.state = 'done';
    job.glb = `/api/3d/glb/${job.key}`;
  }

  private withElapsed(job: GlbExport): GlbExport {
    if (job.state === 'exporting' && job.startedAt)
      return { ...job, elapsedMs: this.now().getTime() - Date.parse(job.startedAt) };
    return { ...job };
  }

  private now(): Date {
    return (this.options.now ?? (() => new Date()))();
  }
}
