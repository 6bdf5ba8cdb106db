import { isAbsolute } from 'node:path';
import { syncEngineWithDisk } from '../incremental/engine-from-disk.js';
import { ModelEngine } from '../incremental/model-engine.js';
import type { Evidence } from '../evidence/test-case.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { isModelFileName } from '../model/model-files.js';
import type { Model } from '../model/model.js';
import type { Analysis } from '../verify/analyze.js';
import { loadInputs } from '../verify/inputs.js';
import type { ResolvedSettings } from './lsp-settings.js';

/**
 * What the language server knows of one model: the incremental engine over its files (open editor
 * buffers in place of the files on disk), and the evidence and lock read once at start and when the
 * user says so. Every feature asks it; none reads the model another way.
 */
export class LspWorkspace {
  readonly engine: ModelEngine;
  private readonly open = new Map<string, string>();
  private evidenceRead: Evidence | undefined;

  constructor(readonly settings: ResolvedSettings) {
    this.engine = new ModelEngine(settings.model);
  }

  /** Reads the model from disk, and the evidence and lock when the settings name evidence. */
  async load(): Promise<void> {
    this.refresh();
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

  /** Lists the model again and reads the files not open in the editor (after a save or a watcher's news). */
  refresh(changed?: readonly string[]): void {
    const reread = changed ? new Set(changed) : undefined;
    syncEngineWithDisk(this.engine, this.open, (f) => reread === undefined || reread.has(f));
  }

  /** An editor buffer's text, which counts instead of the file's while the file is open. */
  setOpen(file: string, text: string): void {
    if (!this.isModelFile(file)) return;
    const known = this.open.has(file);
    this.open.set(file, text);
    if (known) this.engine.setText(file, { ok: true, text, bom: false });
    else this.refresh([file]);
  }

  /** The buffer closed: the file on disk counts again. */
  close(file: string): void {
    if (!this.open.delete(file)) return;
    this.refresh([file]);
  }

  /** Whether a path is one of the model's files (or would be, as a new file under the model folder). */
  isModelFile(file: string): boolean {
    return isAbsolute(file) && file.startsWith(this.settings.model) && isModelFileName(file);
  }

  /** The text of a file as the analysis sees it. */
  textOf(file: string): string | undefined {
    return this.open.get(file) ?? this.engine.textOf(file);
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
