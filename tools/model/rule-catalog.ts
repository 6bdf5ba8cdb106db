// Every rule rr raises, by name, and the groups of rules the engine treats alike. The tables are the
// ones docs/diagnostics.md and docs/config.md document (test/docs/docs-in-step.test.ts keeps them in
// step); the types make a misspelt rule name a compile error.
import type { Severity } from './diagnostic.js';

/** The configurable rules with their default severity (docs/config.md, `rules`). */
const CONFIGURABLE = [
  {
    name: 'need-unsatisfied',
    defaultSeverity: 'error',
    summary: 'a user need that no requirement satisfies',
  },
  {
    name: 'requirement-orphan',
    defaultSeverity: 'error',
    summary: 'a requirement that satisfies no need, refines no requirement and implements no mitigation',
  },
  {
    name: 'risk-unmitigated',
    defaultSeverity: 'error',
    summary: 'a risk with no mitigation and no recorded acceptance',
  },
  {
    name: 'mitigation-unimplemented',
    defaultSeverity: 'error',
    summary: 'a mitigation that no requirement implements',
  },
  {
    name: 'risk-unacceptable',
    defaultSeverity: 'warning',
    summary: 'residual risk above the acceptability threshold',
  },
  { name: 'unknown-field', defaultSeverity: 'error', summary: 'an unknown key' },
  {
    name: 'bare-target-reference',
    defaultSeverity: 'warning',
    summary: 'a deprecated claim item claiming a whole target',
  },
  {
    name: 'whole-target-reference',
    defaultSeverity: 'warning',
    summary: 'a whole-target claim without a reason',
  },
  {
    name: 'coarse-claim',
    defaultSeverity: 'warning',
    summary: 'a whole-target claim on a target that reports per-case results',
  },
  { name: 'glob-selector', defaultSeverity: 'off', summary: 'any selector containing *' },
  {
    name: 'redundant-selector',
    defaultSeverity: 'warning',
    summary: 'two selectors of one entity on one target that can select the same case',
  },
  {
    name: 'tag-mismatch',
    defaultSeverity: 'warning',
    summary: "a case's single tag names an entity other than the owner of the claim that owns it",
  },
  {
    name: 'unclaimed-tag',
    defaultSeverity: 'warning',
    summary: 'model mode: a single-id tag on a case no claim covers',
  },
  {
    name: 'suite-level-requirement',
    defaultSeverity: 'warning',
    summary: 'a requirement property on a test suite',
  },
  { name: 'duplicate-case', defaultSeverity: 'warning', summary: 'the same case key twice in one run' },
  {
    name: 'level-mismatch',
    defaultSeverity: 'warning',
    summary: "a case's own level differs from the level of the owning claim",
  },
  {
    name: 'same-path-multiple-owners',
    defaultSeverity: 'warning',
    summary: 'equal case paths in different targets with different owners and no source file',
  },
  {
    name: 'multi-parent-refines',
    defaultSeverity: 'error',
    summary: 'a requirement that refines two or more parents',
  },
  {
    name: 'multi-parent-implements',
    defaultSeverity: 'error',
    summary: 'a requirement that implements a mitigation and also has another parent',
  },
  {
    name: 'parent-with-claims',
    defaultSeverity: 'warning',
    summary: 'a requirement that has refining children and also claims cases itself',
  },
  {
    name: 'multi-verifies-annotation',
    defaultSeverity: 'warning',
    summary: 'a source annotation naming several ids',
  },
  {
    name: 'lock-stale',
    defaultSeverity: 'error',
    summary: 'a lock entry that no claim of its owner matches',
  },
  {
    name: 'suspect-link',
    defaultSeverity: 'warning',
    summary: "a trace link or verification set whose parent's normative text changed since it was reviewed",
  },
] as const satisfies readonly { name: string; defaultSeverity: Severity | 'off'; summary: string }[];

/** The name of a rule whose severity `config.rules` may change. */
export type ConfigurableRuleName = (typeof CONFIGURABLE)[number]['name'];

/** A rule whose severity `config.rules` may change. */
export interface ConfigurableRule {
  name: ConfigurableRuleName;
  defaultSeverity: Severity | 'off';
  summary: string;
}

/** Every configurable rule with its default severity. */
export const CONFIGURABLE_RULES: readonly ConfigurableRule[] = CONFIGURABLE;

// Errors that cannot be configured: hard errors and report-time quarantines (docs/diagnostics.md).
const HARD = [
  'attribution-conflict',
  'bad-selector',
  'bad-target',
  'lock-invalid',
  'lock-owner-changed',
  'multi-tag',
  'same-code-multiple-owners',
  'shared-case',
  'unknown-target',
] as const;

/** The name of a hard error. */
export type HardRuleName = (typeof HARD)[number];

// Errors rr adds for input it cannot use (loader errors in docs/diagnostics.md; not configurable
// either). See docs/decisions/0009-diagnostics-the-spec-does-not-name.md.
const LOAD = [
  'read-error',
  'syntax-error',
  'duplicate-key',
  'duplicate-id',
  'dangling-reference',
  'wrong-reference-kind',
  'invalid-field',
  'bad-config',
  'bad-id',
  'unknown-value',
  'refines-cycle',
  'unsupported-schema-version',
  'review-stamps-invalid',
] as const;

/** The name of a loader error. */
export type LoadRuleName = (typeof LOAD)[number];

// Warnings about evidence rr reads in a safe but unusual way (docs/evidence.md): a suite-level failure
// read as a case, a testcase without a name, a result word rr does not know. Not configurable: each
// explains how a result was read, and switching it off would hide that.
const EVIDENCE = ['suite-failure', 'unnamed-case', 'unknown-result'] as const;

/** The name of an evidence warning. */
export type EvidenceRuleName = (typeof EVIDENCE)[number];

/**
 * Rules outside the three tables: set-consistency takes its severity from config.set_consistency
 * rather than config.rules.
 */
export type OtherRuleName = 'set-consistency';

/** The name of any rule rr raises: what `Diagnostic.rule` holds. */
export type RuleName = ConfigurableRuleName | HardRuleName | LoadRuleName | EvidenceRuleName | OtherRuleName;

/** A group of rules: its names, and a `has` that takes any name and, when true, narrows it to them. */
export interface RuleGroup<R extends RuleName> {
  readonly rules: readonly R[];
  has(name: string): name is R;
}

/** The rules given, as a group. */
function ruleGroup<R extends RuleName>(...rules: R[]): RuleGroup<R> {
  const names = new Set<string>(rules);
  return { rules, has: (name: string): name is R => names.has(name) };
}

/** Errors that cannot be configured: hard errors and report-time quarantines (docs/diagnostics.md). */
export const HARD_RULES: RuleGroup<HardRuleName> = ruleGroup(...HARD);

/** Errors for input rr cannot use (loader errors; docs/decisions/0009-diagnostics-the-spec-does-not-name.md says why none is configurable). */
export const LOAD_RULES: RuleGroup<LoadRuleName> = ruleGroup(...LOAD);

/** Warnings about how evidence was read (docs/evidence.md); not configurable either. */
export const EVIDENCE_RULES: RuleGroup<EvidenceRuleName> = ruleGroup(...EVIDENCE);

/** Hard errors that take a case's owner away until they are fixed (a case's `quarantine`). */
export const QUARANTINE_RULES = ruleGroup(
  'shared-case',
  'multi-tag',
  'attribution-conflict',
  'same-code-multiple-owners',
  'lock-owner-changed',
  'lock-invalid',
);

/** The code a quarantined case carries. */
export type QuarantineRule = (typeof QUARANTINE_RULES)['rules'][number];

/** Hard errors on an entity's claims that make its verdict INVALID. */
export const INVALIDATING_RULES = ruleGroup(
  'bad-target',
  'bad-selector',
  'shared-case',
  'unknown-target',
  'same-code-multiple-owners',
);

/**
 * Quarantines a model edit can cause, which the editor's one-owner checks refuse a save for: every
 * quarantine but `multi-tag`, which a case's own tags cause.
 */
export const EDIT_QUARANTINE_RULES = ruleGroup(
  ...QUARANTINE_RULES.rules.filter((r): r is Exclude<QuarantineRule, 'multi-tag'> => r !== 'multi-tag'),
);

/** One-owner problems the model checks find (they have no case of their own, or targets have not run). */
export const EDIT_MODEL_RULES = ruleGroup('shared-case', 'bad-selector', 'bad-target', 'lock-invalid');

/** A requirement with more than one parent: while an error, a save may not add a parent. */
export const MULTI_PARENT_RULES = ruleGroup('multi-parent-refines', 'multi-parent-implements');

/** What the editor's attribution overview lists: every rule about who owns which case. */
export const ATTRIBUTION_RULES = ruleGroup(
  'shared-case',
  'multi-tag',
  'tag-mismatch',
  'unclaimed-tag',
  'attribution-conflict',
  'same-code-multiple-owners',
  'same-path-multiple-owners',
  'set-consistency',
  'lock-owner-changed',
  'lock-invalid',
  'lock-stale',
  'unknown-target',
  'coarse-claim',
  'level-mismatch',
);

const BY_NAME = new Map<string, ConfigurableRule>(CONFIGURABLE_RULES.map((r) => [r.name, r]));

/** The catalog entry of a configurable rule, or undefined. */
export function configurableRule(name: string): ConfigurableRule | undefined {
  return BY_NAME.get(name);
}
