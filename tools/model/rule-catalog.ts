import type { Severity } from './diagnostic.js';

/** A rule whose severity `config.rules` may change. */
export interface ConfigurableRule {
  name: string;
  defaultSeverity: Severity | 'off';
  summary: string;
}

/** Every configurable rule of spec 1 with its default severity. */
export const CONFIGURABLE_RULES: readonly ConfigurableRule[] = [
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
];

/** Errors of spec 1 that cannot be configured (hard errors and report-time quarantines). */
export const HARD_RULES: readonly string[] = [
  'attribution-conflict',
  'bad-selector',
  'bad-target',
  'lock-invalid',
  'lock-owner-changed',
  'multi-tag',
  'same-code-multiple-owners',
  'shared-case',
  'unknown-target',
];

/**
 * Errors rr adds for input it cannot use (not in spec 1's table, so not configurable either).
 * See docs/decisions.md.
 */
export const LOAD_RULES: readonly string[] = [
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
];

/**
 * Warnings about evidence rr reads in a safe but unusual way (docs/evidence.md): a suite-level failure
 * read as a case, a testcase without a name, a result word rr does not know. Not configurable: each
 * explains how a result was read, and switching it off would hide that.
 */
export const EVIDENCE_RULES: readonly string[] = ['suite-failure', 'unnamed-case', 'unknown-result'];

const BY_NAME = new Map(CONFIGURABLE_RULES.map((r) => [r.name, r]));

/** The catalog entry of a configurable rule, or undefined. */
export function configurableRule(name: string): ConfigurableRule | undefined {
  return BY_NAME.get(name);
}
