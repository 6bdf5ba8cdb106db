// Testlogs targets assembled while the rest of the evidence is still being read: once the label
// settings are known (the model's config), each target whose files have all been read is merged and
// sorted at once, on this thread, while worker threads go on parsing XML. The final assembly
// (assembleEvidence) then takes these targets as they are. Same functions, same results: only when.
import type { Diagnostic } from '../model/diagnostic.js';
import type { LabelOptions } from '../model/labels.js';
import type { EvidenceFileList } from './evidence-files.js';
import { evidenceRole, targetOfDir } from './evidence-layout.js';
import type { JUnitRead } from './junit-files.js';
import { readTestlogsFile, targetEvidence, type Collected, type Reading } from './testlogs-target.js';
import type { TargetEvidence } from './test-case.js';

/** A target assembled early: its evidence (none when no file of it gave any) and its diagnostics. */
export interface EarlyTarget {
  evidence?: TargetEvidence;
  diagnostics: Diagnostic[];
}

/** The testlogs targets of one evidence reading, assembled as their files arrive. */
export class EarlyTargets {
  /** the label settings the targets are assembled with, once known */
  private labelOptions: LabelOptions | undefined;
  /** per label: its files in listing order, and how many are not read yet */
  private readonly plan = new Map<string, { rels: string[]; missing: number }>();
  private readonly labelOf = new Map<string, string>();
  private readonly done = new Map<string, EarlyTarget>();
  private closed = false;

  constructor(
    private readonly dir: string,
    private readonly listing: EvidenceFileList,
    /** the reads so far, by relative path (filled by the reader) */
    private readonly xml: ReadonlyMap<string, JUnitRead>,
  ) {}

  /** The label settings are known: plans every testlogs target and assembles those already read. */
  start(labelOptions: LabelOptions): void {
    if (this.closed || this.labelOptions !== undefined) return;
    this.labelOptions = labelOptions;
    for (const rel of this.listing.files) {
      const role = evidenceRole(rel);
      if (role.kind !== 'testlogs') continue;
      const target = targetOfDir(role.targetDir, labelOptions);
      if (!target.ok) continue; // the final assembly reports it
      const label = target.label.canonical;
      let entry = this.plan.get(label);
      if (entry === undefined) {
        entry = { rels: [], missing: 0 };
        this.plan.set(label, entry);
      }
      entry.rels.push(rel);
      if (!this.xml.has(rel)) entry.missing++;
      this.labelOf.set(rel, label);
    }
    for (const [label, entry] of this.plan) if (entry.missing === 0) this.assemble(label, entry.rels);
  }

  /** A file's read has arrived (it is in the reads). */
  read(rel: string): void {
    if (this.closed) return;
    const label = this.labelOf.get(rel);
    if (label === undefined) return;
    const entry = this.plan.get(label)!;
    if (--entry.missing === 0) this.assemble(label, entry.rels);
  }

  /**
   * Ends early assembly and gives what was assembled, when it was with `labelOptions` (the final
   * assembly's settings); undefined otherwise, and the final assembly does all the work.
   */
  close(
    labelOptions: LabelOptions,
  ): { labelOf: ReadonlyMap<string, string>; done: ReadonlyMap<string, EarlyTarget> } | undefined {
    this.closed = true;
    if (this.labelOptions === undefined || this.labelOptions.mainRepo !== labelOptions.mainRepo)
      return undefined;
    return { labelOf: this.labelOf, done: this.done };
  }

  /** Merges and sorts one target from its files, as the final assembly would. */
  private assemble(label: string, rels: readonly string[]): void {
    const diagnostics: Diagnostic[] = [];
    let entry: Collected | undefined;
    const reading: Reading = {
      dir: this.dir,
      xml: this.xml,
      labelOptions: this.labelOptions!,
      diagnostics,
      collect: (_label, origin) => (entry ??= { origin, files: [], parts: [] }),
    };
    for (const rel of rels) {
      const role = evidenceRole(rel);
      if (role.kind === 'testlogs') readTestlogsFile(rel, role, reading);
    }
    this.done.set(label, {
      ...(entry ? { evidence: targetEvidence(label, entry, diagnostics) } : {}),
      diagnostics,
    });
  }
}
