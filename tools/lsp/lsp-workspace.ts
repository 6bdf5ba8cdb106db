import { basename, isAbsolute } from 'node:path';
import { syncEngineWithDisk } from '../incremental/engine-from-disk.js';
import { ModelEngine } from '../incremental/model-engine.js';
import { syncReviewStampsWithDisk } from '../incremental/review-stamps-from-disk.js';
import type { Evidence } from '../evidence/test-case.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { isModelFileName } from '../model/model-files.js';
import type { Model } from '../model/model.js';
import { REVIEW_STAMPS_FILE } from '../model/review-stamps.js';
import type { Analysis } from '../verify/analyze.js';
import { loadInputs } from '../verify/inputs.js';
import type { ResolvedSettings } from './lsp-settings.js';
import { LspSources, type WatchedChange } from './lsp-sources.js';

/**
 * What the language server knows of one model: the incremental engine over its files and its review
 * stamps (open editor buffers in place of the files on disk), the source files scanned for
 * annotations, and the evidence and lock read once at start and when the user says so. Every feature
 * asks it; none reads the model another way.
 */
export class LspWorkspace {
  readonly engine: ModelEngine;
  /** open buffers of model files and of the review stamps file */
  private readonly open = new Map<string, string>();
  private readonly sources: LspSources;
  private evidenceRead: Evidence | undefined;

  constructor(readonly settings: ResolvedSettings) {
    this.engine = new ModelEngine(settings.model);
    this.sources = new LspSources(this.engine, settings.model, settings.sources);
  }

  /** Reads the model from disk, the configured sources, and the evidence and lock when the settings name evidence. */
  async load(): Promise<void> {
    this.refresh();
    await this.sources.load();
    if (this.settings.evidence) {
      const inputs = await loadInputs({
        model: this.settings.model,
        evidence: this.settings.evidence,
        ...(this.settings.lock ? { lock: this.settings.lock } : {}),
      });
      this.engine.setEvidence(inputs.evidence, inputs.lock);
      this.evidenceRead = inputs.evidence;
    }
  }

  /** Whether evidence is part of the analysis (diagnostics are then rr report's). */
  get withEvidence(): boolean {
    return this.evidenceRead !== undefined;
  }

  /** The evidence read at start (targets and cases for completion and code actions). */
  get evidence(): Evidence | undefined {
    return this.evidenceRead;
  }

  /**
   * Lists the model again and reads the files not open in the editor, the review stamps among them
   * (after a save or a watcher's news).
   */
  refresh(changed?: readonly string[]): void {
    const reread = changed ? new Set(changed) : undefined;
    syncEngineWithDisk(this.engine, this.open, (f) => reread === undefined || reread.has(f));
  }

  /** The watcher's news: model files and the stamps file read again, source files scanned again. */
  async filesChanged(changes: readonly WatchedChange[]): Promise<void> {
    const model = changes.filter((c) => this.isModelFile(c.path) || isReviewStamps(c.path));
    if (model.length > 0) this.refresh(model.map((c) => c.path));
    await this.sources.changed(changes);
  }

  /** An editor buffer's text, which counts instead of the file's while the file is open. */
  setOpen(file: string, text: string): void {
    this.sources.setOpen(file, text);
    if (!this.isModelFile(file) && !isReviewStamps(file)) return;
    const known = this.open.has(file);
    this.open.set(file, text);
    if (!known) this.refresh([file]);
    else if (this.isModelFile(file)) this.engine.setText(file, { ok: true, text, bom: false });
    // A stamps buffer's text is taken by settle(), once per round of changes.
  }

  /**
   * Brings the review stamps up to date with the buffers typed since the last round: the stamps
   * buffer's text, or the stamps file of a new place when config.sets_lock was typed.
   */
  settle(): void {
    syncReviewStampsWithDisk(this.engine, this.open, () => false);
  }

  /** The buffer closed: the file on disk counts again. */
  async close(file: string): Promise<void> {
    if (this.open.delete(file)) this.refresh([file]);
    await this.sources.close(file);
  }

  /** Takes a change of the model's annotation patterns (typed into rr.yaml) into the sources read. */
  async modelChanged(): Promise<void> {
    await this.sources.changed([]);
  }

  /** Whether a path is one of the model's files (or would be, as a new file under the model folder). */
  isModelFile(file: string): boolean {
    return isAbsolute(file) && file.startsWith(this.settings.model) && isModelFileName(file);
  }

  /** The text of a file as the analysis sees it (a source file's only while it is open). */
  textOf(file: string): string | undefined {
    return this.open.get(file) ?? this.sources.textOf(file) ?? this.engine.textOf(file);
  }

  /** Whether any open buffer differs from its file on disk. */
  openFiles(): ReadonlyMap<string, string> {
    return this.open;
  }

  model(): Model {
    return this.engine.model();
  }

  diagnostics(): Diagnostic[] {
    return this.engine.diagnostics();
  }

  /** The analysis with verdicts (meaningful with evidence). */
  analysis(): Analysis {
    return this.engine.analysis();
  }
}

/** Whether a path names a review stamps file (docs/change-control.md). */
function isReviewStamps(file: string): boolean {
  return isAbsolute(file) && basename(file) === REVIEW_STAMPS_FILE;
}
