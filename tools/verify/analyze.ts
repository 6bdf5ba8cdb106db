import { isAbsolute, join } from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Model } from '../model/model.js';
import { INVALIDATING_RULES } from '../model/rule-catalog.js';
import type { Evidence } from '../evidence/test-case.js';
import type { Annotation, AnnotationScan } from '../sources/annotation.js';
import { traceIndex } from '../trace/trace-index.js';
import { ruleContext, type RuleContext } from '../validate/rule-context.js';
import { finalizeDiagnostics, modelDiagnostics } from '../validate/validate-model.js';
import { attributeCases, settleQuarantines, type AttributedCase, type Attribution } from './attribution.js';
import { claimEvidenceRules } from './claim-evidence-rules.js';
import { crossTargetRules } from './cross-target-rules.js';
import { checkVerificationLock, type LockedAbsence } from './verification-lock-checks.js';
import type { VerificationLock } from './verification-lock-file.js';
import { findGaps, type Gap } from './gaps.js';
import { entityVerdicts, type EntityVerdict } from './verdicts.js';
import { linkReviews, type LinkReview } from '../change-control/link-reviews.js';

/** What analyze needs: the model, and optionally evidence and the verification-set lock. */
export interface AnalyzeInput {
  model: Model;
  evidence?: Evidence;
  lock?: VerificationLock;
  sources?: SourceAnnotations;
  /**
   * When the evidence is part of the whole (a save's check, check-scope.ts): the target labels it stands
   * for. The claims' rules over the evidence then look only at claims on them (a claim on another target
   * was left out of the part, it is not unknown).
   */
  claimTargets?: ReadonlySet<string>;
  /**
   * The model's own part, when it is already done (loadInputs does it while the evidence is still
   * being read); used only when it was made from this very model, else made again.
   */
  modelAnalysis?: ModelAnalysis;
}

/** The part of an analysis that needs only the model: its indexes and the model rules' findings. */
export interface ModelAnalysis {
  model: Model;
  ctx: RuleContext;
  /** the loader's findings and the model rules' (default severities; analyzeClaims finalizes them) */
  diagnostics: readonly Diagnostic[];
}

/** The model's part of an analysis. Pure: no I/O. */
export function analyzeModel(model: Model): ModelAnalysis {
  const ctx = ruleContext(model);
  return { model, ctx, diagnostics: modelDiagnostics(model, ctx) };
}

/** Annotations scanned under a source root (paths in the scan are relative to it). */
export interface SourceAnnotations {
  root: string;
  scan: AnnotationScan;
}

/** Everything rr knows about a model and its evidence, shared by the CLI, Bazel actions and the editor. */
export interface Analysis {
  diagnostics: Diagnostic[];
  cases: AttributedCase[];
  entities: EntityVerdict[];
  gaps: Gap[];
  absences: LockedAbsence[];
  /** entity id → its source annotations, files under the sources root as given */
  annotations: Map<string, Annotation[]>;
  /** every watched link's review state (docs/change-control.md) */
  reviews: LinkReview[];
  counts: { cases: number; owned: number; unowned: number; quarantined: number };
}

/** The first half of an analysis: diagnostics and attribution, without verdicts or gaps. */
export interface ClaimAnalysis {
  diagnostics: Diagnostic[];
  cases: AttributedCase[];
  absences: LockedAbsence[];
  /** case keys of lock-stale entries */
  stale: Set<string>;
  annotations: Map<string, Annotation[]>;
}

/** model + evidence + lock → diagnostics, attribution, verdicts. Pure: no I/O. */
export function analyze(input: AnalyzeInput): Analysis {
  return withVerdicts(input.model, analyzeClaims(input));
}

/**
 * Completes a claim analysis of a model with verdicts, gaps and counts. `suspectSets` (owner id → its
 * suspect sets' targets) is what the stamps say, when the caller already knows it (the incremental
 * engine, docs/incremental.md); else it is worked out from the model's stamps.
 */
export function withVerdicts(
  model: Model,
  claimAnalysis: ClaimAnalysis,
  suspectSets?: ReadonlyMap<string, ReadonlySet<string>>,
): Analysis {
  const { diagnostics: final, cases, absences, stale } = claimAnalysis;
  // Every link's review state is listed only where asked (report JSON, the editor): an unstamped model
  // has no suspect set, and listing its links is a tenth of a large report's analysis.
  let reviews: LinkReview[] | undefined;
  const reviewsOf = () => (reviews ??= linkReviews(model));
  const entities = entityVerdicts(
    traceIndex(model),
    cases,
    absences,
    invalidEntities(final),
    stale,
    model.config,
    suspectSets ?? (model.reviewed ? suspectSetsOf(reviewsOf()) : new Map()),
  );
  return completedAnalysis(model, claimAnalysis, entities, reviewsOf);
}

/** The entities whose findings make them INVALID (a rule of INVALIDATING_RULES names them). */
export function invalidEntities(diagnostics: readonly Diagnostic[]): Set<string> {
  return new Set(diagnostics.filter((d) => INVALIDATING_RULES.has(d.rule) && d.entity).map((d) => d.entity!));
}

/**
 * An analysis from a claim analysis and the verdicts made from it: counts, and the gaps, which are
 * found when first read (the language server's status reads the verdicts only).
 */
export function completedAnalysis(
  model: Model,
  claimAnalysis: ClaimAnalysis,
  entities: EntityVerdict[],
  reviewsOf: () => LinkReview[] = () => linkReviews(model),
): Analysis {
  const { diagnostics: final, cases, absences, annotations } = claimAnalysis;
  let gaps: Gap[] | undefined;
  const quarantined = cases.filter((a) => a.quarantine).length;
  const owned = cases.filter((a) => a.owner).length;
  return {
    diagnostics: final,
    cases,
    entities,
    get gaps() {
      return (gaps ??= findGaps(model.entities, entities, final, model.config));
    },
    absences,
    annotations,
    get reviews() {
      return reviewsOf();
    },
    counts: { cases: cases.length, owned, unowned: cases.length - owned - quarantined, quarantined },
  };
}

/** Owner id → the targets of its suspect verification sets. */
export function suspectSetsOf(reviews: readonly LinkReview[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of reviews) {
    if (r.state !== 'suspect' || r.link.childEntity) continue;
    const set = out.get(r.link.parent.id);
    if (set) set.add(r.link.child);
    else out.set(r.link.parent.id, new Set([r.link.child]));
  }
  return out;
}

/**
 * Diagnostics (model rules, evidence, attribution, lock, annotations) and the one owner of each case,
 * without verdicts and gaps: what the editor's save checks compare. Pure: no I/O.
 */
export function analyzeClaims(input: AnalyzeInput): ClaimAnalysis {
  const { model, evidence } = input;
  const prepared = input.modelAnalysis?.model === model ? input.modelAnalysis : analyzeModel(model);
  const attributed = evidence
    ? attributeCases(prepared.ctx.claims, evidence, model.config, model.byId)
    : undefined;
  return claimsOverAttribution(prepared, input, attributed);
}

/**
 * A claim analysis once the cases are attributed (`attributed`, present when there is evidence): the
 * rules across targets, the lock's checks and the quarantines, which write on the attributed cases,
 * the claims' rules over the evidence, and the annotations. Pure: no I/O.
 */
export function claimsOverAttribution(
  prepared: ModelAnalysis,
  {
    evidence,
    lock,
    sources,
    claimTargets,
  }: Pick<AnalyzeInput, 'evidence' | 'lock' | 'sources' | 'claimTargets'>,
  attributed: Attribution | undefined,
): ClaimAnalysis {
  const { model, ctx } = prepared;
  const diagnostics: Diagnostic[] = [...prepared.diagnostics];
  let cases: AttributedCase[] = [];
  let absences: LockedAbsence[] = [];
  let stale = new Set<string>();
  if (evidence && attributed) {
    // Evidence names files relative to its directory; people open them from where they ran rr.
    diagnostics.push(...evidence.diagnostics.map((d) => underRoot(d, evidence.root)));
    cases = attributed.cases;
    diagnostics.push(...attributed.diagnostics);
    diagnostics.push(...crossTargetRules(cases, model.config, evidence));
    if (lock) {
      const checked = checkVerificationLock(lock, cases, ctx.claims, evidence, model.config, model.byId);
      diagnostics.push(...checked.diagnostics);
      absences = checked.absences;
      stale = checked.stale;
    }
    settleQuarantines(cases, model.byId);
    const claims = claimTargets ? ctx.claims.filter((c) => c.label && claimTargets.has(c.label)) : ctx.claims;
    diagnostics.push(...claimEvidenceRules(claims, evidence, lock));
  }
  const annotations = new Map<string, Annotation[]>();
  if (sources) {
    diagnostics.push(...sources.scan.diagnostics.map((d) => underRoot(d, sources.root)));
    for (const [id, list] of sources.scan.byEntity) {
      annotations.set(
        id,
        list.map((a) => ({ ...a, file: join(sources.root, a.file) })),
      );
    }
  }
  return { diagnostics: finalizeDiagnostics(diagnostics, model.config), cases, absences, stale, annotations };
}

/** A diagnostic whose file is relative to a scanned root, with the root put in front. */
function underRoot(d: Diagnostic, root: string): Diagnostic {
  return d.file && !isAbsolute(d.file) ? { ...d, file: join(root, d.file) } : d;
}
