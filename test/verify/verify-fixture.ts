// Fixtures for analyze: models written as YAML to a temp dir and loaded, evidence built in memory.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { stringify } from 'yaml';
import { syntheticCasePath } from '../../tools/evidence/bazel-generated.js';
import type { CaseResult, Evidence, TargetEvidence, TestCase } from '../../tools/evidence/test-case.js';
import type { Diagnostic } from '../../tools/model/diagnostic.js';
import { parseLabel } from '../../tools/model/labels.js';
import { loadModel } from '../../tools/model/load-model.js';
import type { Model } from '../../tools/model/model.js';
import { analyze, type Analysis } from '../../tools/verify/analyze.js';
import type { AttributedCase } from '../../tools/verify/attribution.js';
import {
  parseVerificationLock,
  serializeVerificationLock,
  type VerificationLock,
} from '../../tools/verify/verification-lock-file.js';
import type { EntityVerdict } from '../../tools/verify/verdicts.js';
import { dedent } from '../validate/model-fixture.js';

/** Where test evidence claims to live; only messages name it. */
export const EVIDENCE_ROOT = '/evidence';

/** The file a lock fixture claims to be read from. */
export const LOCK_FILE = '/model/sets.lock.json';

/** One case as a test writes it; fields left out take the values of a plain passing case. */
export interface CaseSpec {
  path: string;
  result?: CaseResult;
  tags?: string[];
  level?: string;
  file?: string;
  flaky?: boolean;
}

/**
 * Evidence from case lists per normalized target. Each label in `synthetic` is a target that reports
 * no cases of its own: its one listed case, or a passing `<pkg>/<name>` case, becomes the synthetic one.
 */
export function evidence(
  targets: Record<string, CaseSpec[]>,
  options: { synthetic?: string[] } = {},
): Evidence {
  const synthetic = new Set(options.synthetic ?? []);
  const specs = new Map(Object.entries(targets));
  for (const label of synthetic) {
    if (!specs.has(label)) specs.set(label, [{ path: syntheticCasePath(labelOf(label)) }]);
    if (specs.get(label)!.length !== 1) throw new Error(`synthetic target ${label} needs exactly one case`);
  }
  const out = new Map<string, TargetEvidence>();
  for (const label of [...specs.keys()].sort()) {
    const isSynthetic = synthetic.has(label);
    const kind = labelOf(label).kind;
    out.set(label, {
      target: label,
      origin: kind === 'target' ? 'testlogs' : kind,
      synthetic: isSynthetic,
      cases: specs.get(label)!.map((spec) => testCase(label, spec, isSynthetic)),
    });
  }
  return { root: EVIDENCE_ROOT, targets: out, diagnostics: [] };
}

function labelOf(text: string) {
  const parsed = parseLabel(text);
  if (!parsed.ok || parsed.label.canonical !== text) throw new Error(`${text} is no normalized label`);
  return parsed.label;
}

function testCase(target: string, spec: CaseSpec, synthetic: boolean): TestCase {
  const c: TestCase = {
    target,
    path: spec.path,
    result: spec.result ?? 'passed',
    flaky: spec.flaky ?? false,
    tags: spec.tags ?? [],
    synthetic,
    sources: [`${target.replace(/^\/\//, '').replace(':', '/')}/test.xml`],
  };
  if (spec.level !== undefined) c.level = spec.level;
  if (spec.file !== undefined) c.file = spec.file;
  return c;
}

/** A per-case claim item. */
export function cases(target: string, ...selectors: string[]): Record<string, unknown> {
  return { target, cases: selectors };
}

/** A whole-target claim item (with its reason, so whole-target-reference stays quiet). */
export function whole(target: string): Record<string, unknown> {
  return { target, whole: true, reason: 'the test reports no cases of its own' };
}

/** A requirement that satisfies UN-1 and claims the given items (none when the list is empty). */
export function req(id: string, claims: unknown[] = [], extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `requirement ${id}`,
    satisfies: 'UN-1',
    ...(claims.length ? { verified_by: claims } : {}),
    ...extra,
  };
}

/** The sections of a test model; UN-1 is always there for requirements to satisfy. */
export interface ModelDoc {
  config?: Record<string, unknown>;
  user_needs?: Record<string, unknown>[];
  requirements?: Record<string, unknown>[];
  risks?: Record<string, unknown>[];
  mitigations?: Record<string, unknown>[];
  test_methods?: Record<string, unknown>[];
}

/** The YAML text of a model document. */
export function modelYaml(doc: ModelDoc): string {
  const { config, user_needs = [], ...rest } = doc;
  const sections = {
    ...(config ? { config } : {}),
    user_needs: [{ id: 'UN-1', title: 'a user need' }, ...user_needs],
    ...rest,
  };
  return stringify(sections);
}

/** Writes model YAML (a document, or text that is dedented) to a fresh temp dir and loads it. */
export async function loadYaml(model: ModelDoc | string): Promise<Model> {
  const dir = await mkdtemp(join(tmpdir(), 'rr-verify-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'model.yaml'), typeof model === 'string' ? dedent(model) : modelYaml(model));
  return loadModel(dir);
}

/** A lock of the given entries, parsed back from the text `rr lock update` would write. */
export function lockOf(entries: { target: string; path: string; owner: string }[]): VerificationLock {
  return parseVerificationLock(LOCK_FILE, serializeVerificationLock(entries));
}

/** analyze's result with ways to look into it. */
export interface Analyzed extends Analysis {
  model: Model;
  /** diagnostics of one rule */
  of(rule: string): Diagnostic[];
  /** the attributed case of a target and path (throws when there is none) */
  at(target: string, path: string): AttributedCase;
  /** the verdict of an entity (throws when there is none) */
  entity(id: string): EntityVerdict;
}

/** Loads the model and runs analyze over it, the evidence and the lock. */
export async function analyzeYaml(
  model: ModelDoc | string | Model,
  ev?: Evidence,
  lock?: VerificationLock,
): Promise<Analyzed> {
  const loaded = typeof model === 'object' && 'byId' in model ? model : await loadYaml(model);
  return inspect(loaded, analyze({ model: loaded, evidence: ev, lock }));
}

/** Wraps an analysis with lookups. */
export function inspect(model: Model, analysis: Analysis): Analyzed {
  return {
    ...analysis,
    model,
    of: (rule) => analysis.diagnostics.filter((d) => d.rule === rule),
    at(target, path) {
      const found = analysis.cases.find((a) => a.case.target === target && a.case.path === path);
      if (!found) throw new Error(`no case ${target} ${path}`);
      return found;
    },
    entity(id) {
      const found = analysis.entities.find((e) => e.id === id);
      if (!found) throw new Error(`no entity ${id}`);
      return found;
    },
  };
}

/** Owner per case as `target path` → owner (null when none), for compact expectations. */
export function owners(analysis: Analysis): Record<string, string | null> {
  return Object.fromEntries(analysis.cases.map((a) => [`${a.case.target} ${a.case.path}`, a.owner]));
}
