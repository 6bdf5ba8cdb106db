import type { Evidence } from '../evidence/test-case.js';
import type { Claim } from '../model/claims.js';
import type { Annotation } from '../sources/annotation.js';
import type { SourceContent } from '../sources/source-content-scan.js';
import { composeModelText, type ComposedFile } from '../model/compose-file.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Model } from '../model/model.js';
import type { ModelFileList } from '../model/model-files.js';
import type { ModelText } from '../model/model-text.js';
import { reviewStampsPathOf } from '../model/review-stamps.js';
import type { RuleContext } from '../validate/rule-context.js';
import { finalizeDiagnostics } from '../validate/validate-model.js';
import {
  claimsOverAttribution,
  completedAnalysis,
  invalidEntities,
  type Analysis,
  type ClaimAnalysis,
  type ModelAnalysis,
  type SourceAnnotations,
} from '../verify/analyze.js';
import { residualAccepted, verdictRun, type EntityVerdict, type VerdictRun } from '../verify/verdicts.js';
import { attributeTarget, type Attribution, type AttributedCase } from '../verify/attribution.js';
import { repeatedPaths } from '../verify/cross-target-rules.js';
import { verdictReuse, type VerdictInputs } from './verdict-inputs.js';
import type { VerificationLock } from '../verify/verification-lock-file.js';
import { byCodePoint } from '../model/code-point-order.js';
import { appendTo } from '../model/multi-map.js';
import { AnnotationQueries, type SourceListing } from './annotation-queries.js';
import { assemblyQueries } from './assembly-queries.js';
import { UNIT_ALONE_BYTES } from './file-units.js';
import { anchorFinding, reanchor, type AnchoredFinding } from './finding-anchor.js';
import {
  LinkFacts,
  sameClaims,
  sameClaimsByTarget,
  sameComposedFile,
  sameDiagnostics,
  sameLinkFactsLists,
} from './model-fingerprints.js';
import { memoByObject } from './object-memo.js';
import { QueryDatabase, type RunCounts } from './query-database.js';
import { ReviewQueries, type ReviewStampsFile } from './review-queries.js';
import { configRuleFindings, cycleFindings, entityRuleFindings, targetRuleFindings } from './rule-slices.js';

const ONE = '';

/** How an engine groups its files (tests set every file apart to count work file by file). */
export interface EngineOptions {
  /** files at least this long are units of their own (file-units.ts; 0: every file) */
  unitAloneBytes?: number;
}

/** A composed file's link facts, one object per composed file (an unchanged file's compare by ===). */
const linkFactsOf = memoByObject((file: ComposedFile) => new LinkFacts(file));
/** A composed file's risks whose residual is accepted, by id. */
const acceptedRisksOf = memoByObject((file: ComposedFile) =>
  file.documents.flatMap((doc) => doc.entities.filter(residualAccepted).map((e) => e.id)),
);
const sameJson = <V>(a: V, b: V): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
const sameText = (a: ModelText, b: ModelText): boolean =>
  a === b || (a.ok && b.ok ? a.text === b.text && a.bom === b.bom : sameJson(a, b));

/**
 * The incremental engine (docs/incremental.md): the model held as inputs (the file listing, each
 * file's text, the evidence, the lock, the source annotations, the review stamps) and derived
 * queries (each file composed, the model assembled, rules run per file, per target and over the
 * links) memoised in a QueryDatabase. A change to one file composes that file only and runs again only the rules whose
 * inputs changed; what comes out is what a fresh batch run gives (test/incremental/differential.test.ts).
 */
export class ModelEngine {
  private readonly db = new QueryDatabase();
  private readonly listingInput = this.db.input<string, ModelFileList>('listing', sameJson);
  private readonly textInput = this.db.input<string, ModelText>('text', sameText);
  private readonly evidenceInput = this.db.input<string, Evidence | undefined>('evidence');
  private readonly lockInput = this.db.input<string, VerificationLock | undefined>('lock');
  private readonly sourcesInput = this.db.input<string, SourceAnnotations | undefined>('sources');

  /** Files composed already by whoever set their text (the editor's snapshot): taken once, not composed again. */
  private readonly precomposed = new Map<string, { text: ModelText; composed: ComposedFile }>();

  private readonly composed = this.db.derived<string, ComposedFile>(
    'composed',
    (file) => {
      const text = this.textInput.get(file);
      const given = this.precomposed.get(file);
      this.precomposed.delete(file);
      return given && sameText(given.text, text) ? given.composed : composeModelText(file, text);
    },
    sameComposedFile,
  );

  /**
   * Every file's link facts in load order: unchanged unless a link, id, kind, status or config changed.
   * A file's facts are kept per composed file (linkFactsOf), so an unchanged file gives the same object.
   */
  private readonly linkFacts = this.db.derived<string, readonly LinkFacts[]>(
    'linkFacts',
    () => this.listingInput.get(ONE).files.map((f) => linkFactsOf(this.composed.get(f))),
    sameLinkFactsLists,
  );

  private readonly assembly = assemblyQueries(this.db, {
    root: () => this.root,
    listing: () => this.listingInput.get(ONE),
    composed: (file) => this.composed.get(file),
    linkFacts: () => this.linkFacts.get(ONE),
    size: (file) => {
      const text = this.textInput.get(file);
      return text.ok ? text.text.length : 0;
    },
    unitAloneBytes: () => this.options.unitAloneBytes ?? UNIT_ALONE_BYTES,
  });

  private readonly assembled = this.assembly.assembled;

  /** The review stamps and suspect-link (tools/incremental/review-queries.ts). */
  private readonly review = new ReviewQueries(this.db, {
    listing: () => this.listingInput.get(ONE),
    composed: (file) => this.composed.get(file),
    linkFacts: () => this.linkFacts.get(ONE),
    assembled: () => this.assembled.get(ONE),
  });

  /** Source annotations file by file (tools/incremental/annotation-queries.ts). */
  private readonly annotations = new AnnotationQueries(this.db, {
    linkFacts: () => this.linkFacts.get(ONE),
    model: () => this.assembled.get(ONE).model,
  });

  /** Reads a unit's files' texts (tracked): a unit's queries run again when one of its files changes. */
  private readUnit(key: string): void {
    for (const file of this.assembly.unitFiles.get(key)) this.composed.get(file);
  }

  /**
   * The per-entity rules' findings about one unit of files (its key is its first file; file-units.ts):
   * read its texts and the links, nothing else.
   */
  private readonly unitRules = this.db.derived<string, Diagnostic[]>(
    'unitRules',
    (key) => {
      this.readUnit(key);
      this.linkFacts.get(ONE);
      const { ctx, claimsByUnit } = this.assembled.peek(ONE);
      const own = claimsByUnit.get(key);
      return own ? entityRuleFindings(ctx, own.entities, own) : [];
    },
    sameDiagnostics,
  );

  /** One unit's claims by target: what the target's rules and the evidence read of it. */
  private readonly claimFactsOfUnit = this.db.derived<string, Map<string, Claim[]>>(
    'claimFactsOfUnit',
    (key) => {
      this.readUnit(key);
      this.linkFacts.get(ONE);
      const { claimsByUnit } = this.assembled.peek(ONE);
      return claimsByUnit.get(key)?.byTarget() ?? new Map<string, Claim[]>();
    },
    sameClaimsByTarget,
  );

  /** The units' keys, in load order. */
  private unitKeys(): string[] {
    return this.assembly.units.get(ONE).units.map((u) => u[0]!);
  }

  /** Each target claimed anywhere, in load order, with the units (by key) that claim it. */
  private readonly claimers = this.db.derived<string, Map<string, string[]>>(
    'claimers',
    () => {
      const out = new Map<string, string[]>();
      for (const key of this.unitKeys())
        for (const t of this.claimFactsOfUnit.get(key).keys()) appendTo(out, t, key);
      return out;
    },
    sameLists,
  );

  /** The targets claimed anywhere, in load order. */
  private readonly targets = this.db.derived<string, string[]>(
    'targets',
    () => [...this.claimers.get(ONE).keys()],
    sameJson,
  );

  /**
   * All claims on one target, in load order: a fingerprint (compared, entities by id), not read further.
   * It reads the units that claim the target only; which units those are is `claimers`.
   */
  private readonly targetClaimFacts = this.db.derived<string, Claim[]>(
    'targetClaimFacts',
    (target) =>
      (this.claimers.get(ONE).get(target) ?? []).flatMap(
        (key) => this.claimFactsOfUnit.get(key).get(target) ?? [],
      ),
    sameClaims,
  );

  /** The current revision's own claims on a target, from the units that claim it, in load order. */
  private claimsOn(target: string): Claim[] {
    const { claimsByUnit } = this.assembled.peek(ONE);
    const claims: Claim[] = [];
    for (const key of this.claimers.peek(ONE).get(target) ?? [])
      for (const c of claimsByUnit.get(key)?.byTarget().get(target) ?? []) claims.push(c);
    return claims;
  }

  private readonly targetRules = this.db.derived<string, Diagnostic[]>(
    'targetRules',
    (target) => {
      this.targetClaimFacts.get(target);
      // The revision's own claims on the target (the fingerprint may hold an earlier revision's entities).
      return targetRuleFindings(this.assembled.peek(ONE).ctx, this.claimsOn(target));
    },
    sameDiagnostics,
  );

  /** refines cycles, found from the links alone and anchored to the entity they are reported at. */
  private readonly cycles = this.db.derived<string, AnchoredFinding[]>(
    'cycles',
    () => {
      this.linkFacts.get(ONE);
      const { ctx, model } = this.untracked(() => this.assembled.get(ONE));
      return cycleFindings(ctx).map((d) => anchorFinding(d, model));
    },
    sameJson,
  );

  /**
   * One evidence target's cases attributed with the claims on it: read the target's claims (a
   * fingerprint), the links (ids and kinds a tag may name, the config) and the evidence. A claim edited
   * attributes the cases of its target again, not every target's.
   */
  private readonly attributedTarget = this.db.derived<string, Attribution>('attributedTarget', (target) => {
    const evidence = this.evidenceInput.get(ONE)!;
    this.linkFacts.get(ONE);
    this.targetClaimFacts.get(target);
    // The revision's own claims on the target (as targetRules reads them).
    const { model } = this.assembled.peek(ONE);
    const claims = this.claimsOn(target);
    return attributeTarget(evidence.targets.get(target)!, claims, model.config, model.byId, evidence.root);
  });

  /**
   * Attribution (target by target), evidence, lock and annotation findings: read the claims, the links
   * and those inputs. The rules across targets, the lock's checks and the quarantines write on some
   * cases, so those get copies of the attributed ones (a target's attribution is kept for the next
   * run, casesWrittenOn).
   */
  private readonly evidencePart = this.db.derived<string, ClaimAnalysis | undefined>('evidencePart', () => {
    const evidence = this.evidenceInput.get(ONE);
    const lock = this.lockInput.get(ONE);
    const sources = this.sourcesInput.get(ONE);
    if (!evidence && !sources) return undefined;
    this.linkFacts.get(ONE);
    for (const t of this.targets.get(ONE)) this.targetClaimFacts.get(t);
    let attributed: Attribution | undefined;
    if (evidence) {
      attributed = { cases: [], diagnostics: [] };
      const written = casesWrittenOn(evidence, lock);
      for (const target of evidence.targets.keys()) {
        const one = this.attributedTarget.get(target);
        for (const a of one.cases) attributed.cases.push(written(a) ? { ...a } : a);
        for (const d of one.diagnostics) attributed.diagnostics.push(d);
      }
    }
    const { model, ctx } = this.untracked(() => this.assembled.get(ONE));
    return claimsOverAttribution({ model, ctx, diagnostics: [] }, { evidence, lock, sources }, attributed);
  });

  /**
   * The loader's and the model rules' findings as the rules raise them (default severities, unsorted),
   * with the stamps file's own findings and suspect-link, as analyzeModel gives them for a stamped model.
   */
  private readonly modelFindings = this.db.derived<string, Diagnostic[]>('modelFindings', () => {
    const { model, ctx } = this.assembled.get(ONE);
    const out: Diagnostic[] = [...model.diagnostics];
    for (const key of this.unitKeys()) out.push(...this.unitRules.get(key));
    out.push(...this.cycles.get(ONE).map((a) => reanchor(a, model)));
    out.push(...configRuleFindings(ctx));
    for (const t of this.targets.get(ONE)) out.push(...this.targetRules.get(t));
    out.push(...this.review.diagnostics());
    return out;
  });

  /** Every finding, finalized as the batch run does (config severities, repeats dropped, sorted). */
  private readonly allDiagnostics = this.db.derived<string, Diagnostic[]>(
    'diagnostics',
    () => {
      const out = [...this.modelFindings.get(ONE)];
      out.push(...this.annotations.diagnostics());
      const part = this.evidencePart.get(ONE);
      if (part) out.push(...part.diagnostics);
      return finalizeDiagnostics(out, this.assembled.get(ONE).model.config);
    },
    sameDiagnostics,
  );

  private readonly byFile = this.db.derived<string, Map<string, Diagnostic[]>>('byFile', () => {
    const map = new Map<string, Diagnostic[]>();
    for (const d of this.allDiagnostics.get(ONE)) {
      const key = d.file ?? '';
      const list = map.get(key);
      if (list) list.push(d);
      else map.set(key, [d]);
    }
    return map;
  });

  private readonly fileDiagnostics = this.db.derived<string, Diagnostic[]>(
    'fileDiagnostics',
    (file) => this.byFile.get(ONE).get(file) ?? [],
    sameDiagnostics,
  );

  /** The entities some finding makes INVALID, sorted: unchanged while no such finding comes or goes. */
  private readonly invalid = this.db.derived<string, string[]>(
    'invalid',
    () => [...invalidEntities(this.allDiagnostics.get(ONE))].sort(byCodePoint),
    sameJson,
  );

  /** The risks whose residual is accepted, in load order: what the verdicts read of an entity beyond its links. */
  private readonly acceptedRisks = this.db.derived<string, string[]>(
    'acceptedRisks',
    () => this.listingInput.get(ONE).files.flatMap((f) => acceptedRisksOf(this.composed.get(f))),
    sameJson,
  );

  /**
   * Every entity's verdict: read the links (ids, kinds, statuses, order), the accepted risks, the
   * evidence part, the INVALID entities and the suspect verification sets the review stamps make
   * (tools/incremental/review-queries.ts), so an edit of a title or a description keeps them.
   */
  private readonly verdicts = this.db.derived<string, EntityVerdict[]>('verdicts', () => {
    const links = this.linkFacts.get(ONE);
    const accepted = this.acceptedRisks.get(ONE);
    const part = this.evidencePart.get(ONE);
    const invalid = this.invalid.get(ONE);
    const suspectSets = this.review.suspectSets();
    const { model, ctx } = this.untracked(() => this.assembled.get(ONE));
    const inputs: VerdictInputs = {
      links,
      cases: part?.cases ?? [],
      absences: part?.absences ?? [],
      stale: part?.stale ?? new Set<string>(),
      invalid,
      suspectSets,
      accepted,
    };
    // Over the same links, only the entities whose inputs changed (and what derives from them) are
    // judged again (verdict-inputs.ts); the last run's inputs are kept for the next.
    const last = this.lastVerdicts;
    const reuse = last && !last.run.cyclic ? verdictReuse(last.inputs, inputs, last.run.verdicts) : undefined;
    const run = verdictRun(
      ctx.trace,
      inputs.cases,
      inputs.absences,
      new Set(invalid),
      inputs.stale,
      model.config,
      suspectSets,
      reuse,
    );
    this.lastVerdicts = { inputs, run };
    this.judged += run.judged;
    return run.verdicts;
  });

  /** What the last verdicts were made from, and the run: the next run judges again what changed only. */
  private lastVerdicts: { inputs: VerdictInputs; run: VerdictRun } | undefined;

  private readonly analysisQuery = this.db.derived<string, Analysis>('analysis', () => {
    const model = this.review.model();
    const part = this.evidencePart.get(ONE);
    const claims: ClaimAnalysis = {
      diagnostics: this.allDiagnostics.get(ONE),
      cases: part?.cases ?? [],
      absences: part?.absences ?? [],
      stale: part?.stale ?? new Set<string>(),
      annotations: this.annotations.active()
        ? this.annotations.byEntity()
        : (part?.annotations ?? new Map<string, Annotation[]>()),
    };
    return completedAnalysis(model, claims, this.verdicts.get(ONE));
  });

  /** An engine over the model at `root` (a directory or one file, as given to rr validate). */
  constructor(
    readonly root: string,
    private readonly options: EngineOptions = {},
  ) {
    this.evidenceInput.set(ONE, undefined);
    this.lockInput.set(ONE, undefined);
    this.sourcesInput.set(ONE, undefined);
  }

  /** Sets the model's file listing (load order) and the listing's own findings. */
  setListing(listing: ModelFileList): void {
    this.listingInput.set(ONE, listing);
  }

  /**
   * Sets one file's text (from disk or from an editor's buffer). `composed`, when given, must be what
   * composeModelText makes of this text (the editor's snapshot composed it already): it is taken instead
   * of composing the text again.
   */
  setText(file: string, text: ModelText, composed?: ComposedFile): void {
    const revision = this.db.currentRevision;
    if (composed) this.precomposed.set(file, { text, composed });
    this.textInput.set(file, text);
    // The same text as before: nothing is composed, so nothing is kept for it.
    if (this.db.currentRevision === revision) this.precomposed.delete(file);
  }

  /** The model's file listing as last set. */
  listing(): ModelFileList {
    return this.db.untracked(() => this.listingInput.get(ONE));
  }

  /** A file's current text as the engine has it (undefined: never set or unreadable). */
  textOf(file: string): string | undefined {
    if (!this.textInput.has(file)) return undefined;
    const text = this.db.untracked(() => this.textInput.get(file));
    return text.ok ? text.text : undefined;
  }

  /** Whether a file's text was ever set. */
  hasText(file: string): boolean {
    return this.textInput.has(file);
  }

  /** Sets the evidence, the verification-set lock and the source annotations (undefined: none). */
  setEvidence(evidence: Evidence | undefined, lock?: VerificationLock, sources?: SourceAnnotations): void {
    this.evidenceInput.set(ONE, evidence);
    this.lockInput.set(ONE, lock);
    this.sourcesInput.set(ONE, sources);
  }

  /**
   * Sets the review stamps file as read (docs/change-control.md): its path, and its text or none when
   * there is no such file (stamping has not started).
   */
  setReviewStamps(file: ReviewStampsFile): void {
    this.review.set(file);
  }

  /** The review stamps file as last set (undefined: never set). */
  reviewStampsFile(): ReviewStampsFile | undefined {
    return this.review.file();
  }

  /**
   * Sets the source files scanned for annotations one by one (undefined: none); their contents are
   * set with setSourceContent. Not together with a whole scan given to setEvidence (the editor gives
   * one; the language server scans file by file).
   */
  setSourceListing(listing: SourceListing | undefined): void {
    this.annotations.setListing(listing);
  }

  /** Sets one source file's content, by its path relative to the source listing's root. */
  setSourceContent(file: string, content: SourceContent): void {
    this.annotations.setContent(file, content);
  }

  /** The source listing as last set. */
  sourceListing(): SourceListing | undefined {
    return this.annotations.listing();
  }

  /** The annotations of the listed source files that name an id, their files absolute (none unlisted). */
  annotationsOf(id: string): Annotation[] {
    return this.annotations.active() ? (this.annotations.byEntity().get(id) ?? []) : [];
  }

  /**
   * Where the current revision's review stamps file is (as loadModel looks for it: beside
   * config.sets_lock, else in the model's folder), from the resolved config alone: a front end that
   * sets the stamps before asking for the model does not have the whole assembly verified again.
   */
  reviewStampsPath(modelIsDirectory: boolean): string {
    const { config, sources } = this.assembly.resolvedConfig.get(ONE);
    return reviewStampsPathOf({ root: this.root, config, configSources: sources }, modelIsDirectory);
  }

  /** The model of the current revision, with its review stamps (Model.reviewed) when it has some. */
  model(): Model {
    return this.review.model();
  }

  /**
   * The model's part of an analysis of the current revision, as analyzeModel makes it (the evidence is
   * not read): what the editor's save checks hand to analyzeClaims instead of analysing the model whole.
   */
  modelAnalysis(): ModelAnalysis {
    const { ctx } = this.assembled.get(ONE);
    return { model: this.review.model(), ctx, diagnostics: this.modelFindings.get(ONE) };
  }

  /** The model's shared indexes (claims, children, satisfiers, mitigations) of the current revision. */
  ruleContext(): RuleContext {
    return this.assembled.get(ONE).ctx;
  }

  /** Every diagnostic, as `rr validate` (no evidence) or `rr report` (with evidence) gives them. */
  diagnostics(): Diagnostic[] {
    return this.allDiagnostics.get(ONE);
  }

  /** The diagnostics of one file (as the diagnostics name it). */
  diagnosticsOf(file: string): Diagnostic[] {
    return this.fileDiagnostics.get(file);
  }

  /** The whole analysis with verdicts, gaps and counts, as analyze() gives it. */
  analysis(): Analysis {
    return this.analysisQuery.get(ONE);
  }

  /** How often each query ran since the engine was made. */
  get runs(): RunCounts {
    return this.db.runs;
  }

  /** How many entity verdicts the `verdicts` query worked out since the engine was made (not taken over). */
  judged = 0;

  private untracked<T>(read: () => T): T {
    return this.db.untracked(read);
  }
}

/**
 * Which attributed cases the steps after attribution may write on (claimsOverAttribution): quarantined
 * ones (settled), those whose path the evidence has more than once (the rules across targets quarantine
 * only among those) and those whose path the lock pins (its checks quarantine only those). A superset:
 * the others are handed over as attribution made them.
 */
function casesWrittenOn(
  evidence: Evidence,
  lock: VerificationLock | undefined,
): (a: AttributedCase) => boolean {
  const repeated = repeatedPaths(evidence);
  const locked = lock ? lockedPaths(lock) : new Set<string>();
  return (a) => a.quarantine !== null || repeated.has(a.case.path) || locked.has(a.case.path);
}

/** The case paths a lock pins, found once per lock. */
function lockedPaths(lock: VerificationLock): ReadonlySet<string> {
  let paths = lockPaths.get(lock);
  if (!paths) lockPaths.set(lock, (paths = new Set(lock.entries.map((e) => e.path))));
  return paths;
}

const lockPaths = new WeakMap<VerificationLock, Set<string>>();

/** Whether two maps of lists have the same keys in the same order, each with the same list. */
function sameLists(
  a: ReadonlyMap<string, readonly string[]>,
  b: ReadonlyMap<string, readonly string[]>,
): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  const other = b.entries();
  for (const [key, list] of a) {
    const [k, l] = other.next().value as [string, readonly string[]];
    if (k !== key || l.length !== list.length || l.some((x, i) => x !== list[i])) return false;
  }
  return true;
}
