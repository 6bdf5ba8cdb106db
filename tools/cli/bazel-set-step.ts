// `rr bazel set`: the build action of rules_rr's rr_verification_set. From the composed model (rr_model's
// output), the declared evidence, sources and the checked-in lock it writes the report, the lock
// `rr lock update` would write, and what the set's test prints; it never fails on findings.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readComposedModel } from '../model/load-model.js';
import type { Model } from '../model/model.js';
import { withReviewStamps } from '../model/read-review-stamps.js';
import { parseReviewStamps } from '../model/review-stamps.js';
import { countDiagnostics, plural } from '../report/diagnostic-counts.js';
import { formatDiagnosticLine } from '../report/diagnostics-text.js';
import { junitOfChecks, type CheckResult } from '../report/junit-checks.js';
import {
  verificationLockOutOfDateLine,
  verificationLockPlanLines,
} from '../report/verification-lock-plan-text.js';
import { reportJson } from '../report/report-json.js';
import { reportText } from '../report/report-text.js';
import { analyze } from '../verify/analyze.js';
import { loadInputs } from '../verify/inputs.js';
import { serializeVerificationLock } from '../verify/verification-lock-file.js';
import {
  planChanges,
  planVerificationLockUpdate,
  type VerificationLockPlan,
} from '../verify/verification-lock-update.js';
import { EXIT, type CliIo } from './cli-io.js';
import { prettyJsonFile } from '../report/json-chunks.js';

/** Options of `rr bazel set`. */
export interface BazelSetOptions {
  label: string;
  /** model.json written by `rr bazel model` */
  modelJson: string;
  evidence?: string;
  /** where the evidence files live in the workspace: diagnostics name them there, not in bazel-out */
  evidenceSource?: string;
  /** the checked-in lock, when the package has one */
  lock?: string;
  /** where the lock lives in the workspace (named in messages) */
  lockPath: string;
  /** the checked-in review stamps, when the package has them (docs/change-control.md) */
  reviewed?: string;
  /** where the stamps live in the workspace (named in messages) */
  reviewedPath?: string;
  /** a file listing source files to scan for annotations, one execroot-relative path per line */
  sourcesFile?: string;
  /** the command that writes the computed lock into the workspace */
  updateCommand: string;
  allowRemovals?: boolean;
  outDir: string;
}

/**
 * Writes report.json, report.txt, lock.json (the lock to check in), update_refusal.txt (why the lock
 * cannot be updated, empty when it can), check.txt and test.xml (the set's test) and exit_code.
 */
export async function runBazelSet(options: BazelSetOptions, io: CliIo): Promise<number> {
  const lockFile = options.lock;
  const inputs = await loadInputs({
    model: options.modelJson,
    // The composed model, with the stamps the set declares: suspect links are reported like any rule.
    readModel: async (path) => withDeclaredStamps(await readComposedModel(path), options),
    evidence: options.evidence,
    evidenceRoot: options.evidenceSource,
    // Read from the action's input, named where it lives in the workspace.
    lock: options.lockPath,
    readLock: async () => (lockFile ? readFile(lockFile, 'utf8') : undefined),
    ...(options.sourcesFile ? { sources: '.', sourceFiles: await listedFiles(options.sourcesFile) } : {}),
  });
  const analysis = analyze(inputs);
  const plan = planVerificationLockUpdate(inputs, options.allowRemovals ?? false);
  const lockCheck = checkVerificationLock(plan, options);
  const errors = countDiagnostics(analysis.diagnostics).errors;
  const code = errors > 0 || lockCheck.failure ? EXIT.errors : EXIT.ok;

  const out = (name: string, text: string) => writeFile(join(options.outDir, name), text);
  await mkdir(options.outDir, { recursive: true });
  // In pieces: a large report's JSON is over 100 MB.
  await writeFile(join(options.outDir, 'report.json'), prettyJsonFile(reportJson(analysis)));
  const text = reportText(analysis);
  await out('report.txt', text);
  await out(
    'lock.json',
    plan.refusedBy.length > 0
      ? (inputs.lockText ?? serializeVerificationLock([]))
      : serializeVerificationLock(plan.entries),
  );
  await out('update_refusal.txt', refusal(plan, options));
  await out('check.txt', `${text}\n${lockCheck.detail}\n`);
  const checks: CheckResult[] = [
    {
      name: 'lock',
      ...(lockCheck.failure ? { failure: { message: lockCheck.failure, detail: lockCheck.detail } } : {}),
    },
    diagnosticsCheck(analysis.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnosticLine)),
  ];
  await out('test.xml', junitOfChecks(`rr verification set ${options.label}`, checks));
  await out('exit_code', `${code}\n`);
  io.out(`${options.label}: ${plural(analysis.counts.cases, 'case')}, ${plural(errors, 'error')}\n`);
  return EXIT.ok;
}

/** A model with the review stamps of the action's input, named where they live in the workspace. */
async function withDeclaredStamps(model: Model, options: BazelSetOptions): Promise<Model> {
  if (!options.reviewed) return model;
  const text = await readFile(options.reviewed, 'utf8');
  return withReviewStamps(model, parseReviewStamps(options.reviewedPath ?? options.reviewed, text));
}

/** The paths a list file names, one a line. */
async function listedFiles(listFile: string): Promise<string[]> {
  return (await readFile(listFile, 'utf8')).split('\n').filter((line) => line !== '');
}

/** Whether the checked-in lock is what an update would write; the detail says what differs and the fix. */
function checkVerificationLock(
  plan: VerificationLockPlan,
  options: BazelSetOptions,
): { failure?: string; detail: string } {
  if (plan.refusedBy.length > 0) {
    return { failure: 'cases quarantined', detail: refusal(plan, options) };
  }
  if (!planChanges(plan))
    return { detail: `${options.lockPath} is up to date (${plural(plan.entries.length, 'case')})` };
  const lines = [
    // Removals count as changes here: the set's test lists them as `rr lock check` does.
    ...verificationLockPlanLines(plan, true),
    verificationLockOutOfDateLine(options.lockPath, options.updateCommand),
  ];
  return { failure: `${options.lockPath} is out of date`, detail: lines.join('\n') };
}

function refusal(plan: VerificationLockPlan, options: BazelSetOptions): string {
  if (plan.refusedBy.length === 0) return '';
  return [
    `${options.lockPath} cannot be updated: ${plural(plan.refusedBy.length, 'case')} quarantined (the lock never decides an owner):`,
    ...plan.refusedBy.map((q) => `  ${q}`),
    '',
  ].join('\n');
}

function diagnosticsCheck(errors: string[]): CheckResult {
  if (errors.length === 0) return { name: 'diagnostics' };
  return {
    name: 'diagnostics',
    failure: { message: plural(errors.length, 'error'), detail: errors.join('\n') },
  };
}
