// A loaded model, as the editor serves it and `rr cases --apply` changes it: the model as last read
// (kept as a snapshot of bytes, so a save neither re-reads nor re-composes it), the evidence, the lock,
// source annotations and their analysis. Saves run one at a time; after each one the snapshot and
// analysis are those the save proved and checked.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Evidence } from '../evidence/test-case.js';
import type { EditRequest } from '../edit/edit-request.js';
import {
  readSnapshot,
  snapshotAfter,
  type ModelSnapshot,
  type SnapshotFiles,
} from '../edit/model-snapshot.js';
import { ModelEngine } from '../incremental/model-engine.js';
import type { RunCounts } from '../incremental/query-database.js';
import { reviewStampsPathOf } from '../model/review-stamps.js';
import { decodeModelBytes, readModelTextSync, type ModelText } from '../model/model-text.js';
import type { EditPlan } from '../edit/plan-edit.js';
import { saveEdit, type SaveResult } from '../edit/save-edit.js';
import type { CommitOptions } from '../edit/transaction.js';
import type { Model } from '../model/model.js';
import type { Author } from '../git/git-client.js';
import {
  analyzeClaims,
  withVerdicts,
  type Analysis,
  type ClaimAnalysis,
  type ModelAnalysis,
  type SourceAnnotations,
} from '../verify/analyze.js';
import { checkScope, indexEvidence, type EvidenceIndex } from '../verify/check-scope.js';
import { loadInputs } from '../verify/inputs.js';
import { parseModelVerificationLock, type VerificationLock } from '../verify/verification-lock-file.js';
import { scanModelAnnotations } from '../verify/model-annotations.js';
import type { ScanProgress } from '../sources/scan-annotations.js';
import { ownerChecks, type Conflict } from '../verify/owner-checks.js';
import { OwnerConflictError } from '../verify/owner-conflict-error.js';
import { authorText } from '../git/author-text.js';

/** What a session is opened with (from `rr serve`'s options). */
export interface SessionOptions {
  /** model file or directory (absolute) */
  modelPath: string;
  evidenceDir?: string;
  /** the checkout: the edit lock and journal live here, and the source endpoint serves only below it */
  root: string;
  /** the folder scanned for source annotations (the workspace of the model) */
  sourcesRoot?: string;
  /** told how far a scan for annotations in a large tree has got (`rr serve` prints it on stderr) */
  onSourcesProgress?: (progress: ScanProgress) => void;
  /** the case ledger's target groups (`--lane-targets NAME=FILE`): group name → target labels */
  targetGroups: Map<string, Set<string>>;
  /** a test hook: called at each commit step (the crash test stops the process there) */
  onStep?: CommitOptions['onStep'];
}

/** What a save did, with the notices the checks raised. */
export interface SaveOutcome {
  result: SaveResult;
  notices: Conflict[];
  /**
   * a dry run's analysis of the model it would leave, over the evidence the edit can affect (enough
   * for the edited entity's issues and set, see tools/verify/check-scope.ts)
   */
  analysis?: Analysis;
}

/** One save, as the state endpoint lists recent edits. */
export interface RecentEdit {
  at: string;
  author: string | null;
  op: EditRequest['op'];
  entity: string;
  files: string[];
}

/** More checks of one save: conflicts over the attribution after it (a move must reach its owner). */
export type ExtraCheck = (after: ClaimAnalysis) => Conflict[];

/** The model, evidence, lock and annotations of one checkout, and the one way to change them. */
export class ModelSession {
  snapshot!: ModelSnapshot;
  evidence: Evidence | undefined;
  verificationLock: VerificationLock | undefined;
  sources: SourceAnnotations | undefined;
  loadedAt = new Date();
  readonly edits: RecentEdit[] = [];
  private cached: Analysis | undefined;
  private index: EvidenceIndex | undefined;
  /** the incremental engine behind analysis(), made again by a reload */
  private engine: ModelEngine | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(readonly options: SessionOptions) {}

  /** Loads everything once. */
  static async open(options: SessionOptions): Promise<ModelSession> {
    const session = new ModelSession(options);
    await session.load();
    return session;
  }

  get model(): Model {
    return this.snapshot.model;
  }

  get root(): string {
    return this.options.root;
  }

  /**
   * How often each query of the session's incremental engine ran since the session (re)loaded, and
   * under `entityVerdict` how many entity verdicts were worked out (docs/incremental.md).
   */
  engineRuns(): RunCounts {
    const runs = new Map(this.engine?.runs ?? []);
    if (this.engine) runs.set('entityVerdict', this.engine.judged);
    return runs;
  }

  /** The analysis of the loaded model over the loaded evidence, lock and annotations. */
  analysis(): Analysis {
    this.cached ??= this.engineAnalysis();
    return this.cached;
  }

  /**
   * The analysis from the incremental engine (docs/incremental.md) fed with the snapshot's files: after
   * a save only the saved files are composed again and only the rules whose inputs changed run again,
   * so the read after a save no longer analyses the whole model. The review stamps are the snapshot's
   * (as loaded, or as a clear, rename or delete wrote them), so suspect links and suspect sets are
   * seen. Its findings are the batch's (test/incremental/differential.test.ts).
   */
  private engineAnalysis(): Analysis {
    const engine = this.engineOver(this.snapshot);
    engine.setEvidence(this.evidence, this.verificationLock, this.sources);
    return engine.analysis();
  }

  /**
   * The incremental engine with the texts of a snapshot (the loaded one, or the one a save would leave),
   * each with the composed file the snapshot holds, so nothing is composed again, and the snapshot's
   * review stamps (as loaded, or as a clear, rename or delete writes them).
   */
  private engineOver(snapshot: SnapshotFiles): ModelEngine {
    const engine = (this.engine ??= new ModelEngine(this.options.modelPath));
    const composed = new Map(snapshot.composed.map((c) => [c.file, c]));
    for (const file of snapshot.listing.files)
      engine.setText(file, snapshotText(snapshot, file), composed.get(file));
    engine.setListing(snapshot.listing);
    const stamps = snapshot.reviewStamps;
    // (a snapshot read from disk always knows where its stamps file is; files after an edit keep it)
    const model = (snapshot as Partial<ModelSnapshot>).model ?? this.snapshot.model;
    const path = stamps?.path ?? reviewStampsPathOf(model, snapshot.isDirectory);
    engine.setReviewStamps(stamps?.bytes ? { path, text: stamps.bytes.toString('utf8') } : { path });
    return engine;
  }

  /** The model's part of an analysis of a snapshot, from the incremental engine (stamped or not). */
  private modelPartOf(snapshot: ModelSnapshot): ModelAnalysis {
    return this.engineOver(snapshot).modelAnalysis();
  }

  /** Re-reads the model, the evidence, the lock and the sources (POST /api/reload, and after changed-on-disk). */
  reload(): Promise<void> {
    return this.exclusive(() => this.load());
  }

  /**
   * Saves one edit through the edit library over the loaded snapshot, with the one-owner checks in its
   * check hook; a dry run plans, proves and checks without writing. Throws EditError or
   * OwnerConflictError; nothing is written then.
   */
  save(
    request: EditRequest,
    options: { dryRun?: boolean; author?: Author; extraCheck?: ExtraCheck } = {},
  ): Promise<SaveOutcome> {
    return this.exclusive(async () => {
      let notices: Conflict[] = [];
      let after: Analysis | undefined;
      let lockAfter = this.verificationLock;
      let scoped = false;
      // The model's part of the side before, when no analysis of it is kept, taken while the engine
      // holds the loaded snapshot (the proof then moves it to the files after the edit).
      const beforePart = this.cached ? undefined : this.modelPartOf(this.snapshot);
      const result = await saveEdit({ root: this.root, modelPath: this.options.modelPath }, request, {
        base: this.snapshot,
        dryRun: options.dryRun ?? false,
        onStep: this.options.onStep,
        // The proof assembles the model after the edit with the engine: only the edited files' parts
        // are made again, and the model a save leaves is the engine's (docs/incremental.md).
        assemble: (files) => this.engineOver(files).model(),
        check: ({ after: model, plan, proven }) => {
          lockAfter = this.verificationLockAfter(plan);
          // Only the evidence the edit can affect is analysed (tools/verify/check-scope.ts), and only
          // as far as the checks need (no verdicts); the loaded model's full analysis, when there is
          // one, serves as the side before.
          const scope = this.evidence
            ? checkScope(this.evidence, this.evidenceIndex(), this.model, model, plan, this.verificationLock)
            : undefined;
          const evidence = scope?.evidence;
          const claimTargets = scope?.targets;
          scoped = scope !== undefined;
          // The model's part of each side from the incremental engine: only the edited files' rules run.
          const before =
            this.cached ??
            analyzeClaims({
              model: beforePart!.model,
              evidence,
              claimTargets,
              lock: this.verificationLock,
              sources: this.sources,
              modelAnalysis: beforePart,
            });
          const afterPart = this.modelPartOf(snapshotAfter(proven));
          const claims = analyzeClaims({
            model: afterPart.model,
            evidence,
            claimTargets,
            lock: lockAfter,
            sources: this.sources,
            modelAnalysis: afterPart,
          });
          const checked = ownerChecks({
            before: { model: this.model, analysis: before },
            after: { model, analysis: claims },
            changed: changedIds(plan),
            renamed: plan.renamed,
            paths: scope?.paths,
          });
          const conflicts = [...checked.conflicts, ...(options.extraCheck?.(claims) ?? [])];
          notices = checked.notices;
          if (options.dryRun || (!scoped && conflicts.length === 0))
            after = withVerdicts(afterPart.model, claims);
          if (conflicts.length > 0) {
            const refused = new OwnerConflictError(conflicts, notices);
            refused.entity = plan.entity.id;
            if (after) refused.after = { model, analysis: after };
            throw refused;
          }
        },
      });
      if (!options.dryRun) {
        const idsChanged = request.op !== 'update' && request.op !== 'update-many';
        this.snapshot = result.snapshot;
        this.verificationLock = lockAfter;
        // A check over part of the evidence is no analysis of the whole: the next read makes one.
        this.cached = scoped ? undefined : after;
        if (idsChanged && this.sources) {
          // Annotations count only ids of the model, so a new or renamed id needs a new scan.
          this.sources = await scanModelAnnotations(this.model, this.sources.root);
          this.cached = undefined;
        }
        this.edits.unshift({
          at: new Date().toISOString(),
          author: options.author ? authorText(options.author) : null,
          op: request.op,
          entity: result.entity.id,
          files: result.files.map((f) => this.repoPath(f)),
        });
        this.edits.splice(50);
      }
      return { result, notices, ...(after && options.dryRun ? { analysis: after } : {}) };
    });
  }

  /** Runs work that reads and replaces the session's state one at a time (saves, reloads, lock writes). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Takes the lock bytes written outside a model edit (POST /api/lock/update) into the snapshot. */
  verificationLockWritten(path: string, bytes: Buffer, hash: string): void {
    this.snapshot = { ...this.snapshot, verificationLock: { path, bytes, hash } };
    this.verificationLock = this.parsedVerificationLock(this.snapshot);
    this.cached = undefined;
  }

  /** A message with the checkout's absolute paths made relative, as the API names files. */
  repoText(text: string): string {
    return text.split(this.root + sep).join('');
  }

  /** A path as the API shows it: relative to the checkout, '/'-separated. */
  repoPath(path: string): string {
    const rel = relative(this.root, resolve(path));
    return rel.startsWith('..') || isAbsolute(rel) ? path : rel.split(sep).join('/');
  }

  private async load(): Promise<void> {
    let snapshot: ModelSnapshot | undefined;
    this.engine = undefined;
    const inputs = await loadInputs({
      model: this.options.modelPath,
      readModel: async (path) => {
        snapshot = await readSnapshot(path);
        // The engine's rules run while the evidence is read (on worker threads), so the first
        // analysis after the load finds them made.
        this.modelPartOf(snapshot);
        return snapshot.model;
      },
      analyzeModel: false,
      evidence: this.options.evidenceDir,
      // The lock as the snapshot read it: the bytes a save confirms.
      readLock: () => Promise.resolve(snapshot!.verificationLock?.bytes?.toString('utf8')),
      sources: this.options.sourcesRoot,
      ...(this.options.onSourcesProgress ? { onSourcesProgress: this.options.onSourcesProgress } : {}),
    });
    this.snapshot = snapshot!;
    this.evidence = inputs.evidence;
    this.index = undefined;
    this.verificationLock = inputs.lock;
    this.sources = inputs.sources;
    this.cached = undefined;
    this.loadedAt = new Date();
  }

  /** Where tags and case paths occur in the loaded evidence (built on first use). */
  private evidenceIndex(): EvidenceIndex {
    this.index ??= indexEvidence(this.evidence!);
    return this.index;
  }

  /** The lock as the snapshot read it (the bytes a save confirms), parsed. */
  private parsedVerificationLock(snapshot: ModelSnapshot): VerificationLock | undefined {
    const lock = snapshot.verificationLock;
    return lock?.bytes
      ? parseModelVerificationLock(snapshot.model, lock.path, lock.bytes.toString('utf8'))
      : undefined;
  }

  /** The lock as a plan leaves it. */
  private verificationLockAfter(plan: EditPlan): VerificationLock | undefined {
    const change = plan.files.find((f) => f.role === 'verification-lock');
    if (!change?.after) return this.verificationLock;
    return parseModelVerificationLock(this.model, change.path, change.after.toString('utf8'));
  }
}

/** Ids (after the save) of the entities a plan creates or changes. */
function changedIds(plan: EditPlan): string[] {
  const ids = [...plan.changes.values()].filter((e) => e !== null).map((e) => e.id);
  return [...ids, ...plan.created.map((c) => c.id)];
}

/** A snapshot file's text as the engine takes it (decoded; or why it cannot be read). */
function snapshotText(snapshot: SnapshotFiles, file: string): ModelText {
  const read = snapshot.files.get(file);
  if (read?.text !== undefined) return { ok: true, text: read.text, bom: read.bom };
  return read?.bytes ? decodeModelBytes(file, read.bytes) : readModelTextSync(file);
}
