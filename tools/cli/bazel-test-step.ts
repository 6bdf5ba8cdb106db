// `rr bazel test-results`: runs a test target's executable inside a build action, as `bazel test` would,
// and keeps its JUnit XML (or the one Bazel writes for a test that wrote none), so a verification set's
// report and lock cover the set's own tests and are cached like any action.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { syntheticCasePath } from '../evidence/bazel-generated.js';
import { junitDocumentXml } from '../junit-writer/junit-writer.js';
import { parseLabel } from '../model/labels.js';
import { reproducibleTestXml, withTrailingSuite } from './bazel-test-xml.js';
import { EXIT, type CliIo } from './cli-io.js';

/** Options of `rr bazel test-results`. */
export interface BazelTestOptions {
  /** the test target, e.g. //pump/dose:dose_test */
  label: string;
  /** the test executable (execroot-relative) */
  exe: string;
  /** the test's workspace name, the folder of its runfiles tree it starts in */
  workspace: string;
  /** where the test.xml goes */
  xml: string;
  /** seconds before the test is stopped */
  timeout: string;
}

/**
 * Runs the test once and writes its test.xml; the action succeeds whatever the test's result. The
 * kept XML is the same on every machine (bazel-test-xml.ts): it is a cached, shared action output. A
 * test that fails after writing its own XML (a non-zero exit, a signal, the timeout) keeps its XML and
 * gets the failure Bazel would have written for it as one more suite, so it counts as failed, as
 * `bazel test` counts it (docs/evidence.md).
 */
export async function runBazelTest(options: BazelTestOptions, io: CliIo): Promise<number> {
  const exe = resolve(options.exe);
  const runfiles = `${exe}.runfiles`;
  const tmp = mkdtempSync(join(tmpdir(), 'rr-test-'));
  const scratch = join(tmp, 'tmp');
  mkdirSync(scratch);
  const written = join(tmp, 'test.xml');
  const seconds = Number(options.timeout);
  try {
    const run = await runTest(exe, {
      cwd: join(runfiles, options.workspace),
      env: {
        // The action's environment (Bazel's action env), then what `bazel test` sets; HOME and
        // TMPDIR as there, in the test's own temporary folder, never the user's.
        ...testEnvironment(process.env),
        HOME: scratch,
        TMPDIR: scratch,
        XML_OUTPUT_FILE: written,
        TEST_TMPDIR: scratch,
        TEST_SRCDIR: runfiles,
        RUNFILES_DIR: runfiles,
        TEST_WORKSPACE: options.workspace,
        TEST_TARGET: options.label,
        TEST_BINARY: binaryPath(options.label),
        TEST_TIMEOUT: String(seconds),
      },
      timeoutMs: seconds * 1000,
    });
    const own = existsSync(written) && statSync(written).size > 0 ? readFileSync(written, 'utf8') : undefined;
    await mkdir(dirname(options.xml), { recursive: true });
    const paths = new Map([
      [scratch, '$TEST_TMPDIR'],
      [`${process.cwd()}/`, ''],
    ]);
    const failure = failureMessage(run, seconds);
    let xml: string;
    if (own === undefined) xml = bazelGeneratedXml(options.label, failure);
    else if (failure === undefined) xml = reproducibleTestXml(own, paths);
    else xml = withTrailingSuite(reproducibleTestXml(own, paths), bazelGeneratedXml(options.label, failure));
    await writeFile(options.xml, xml);
    const how = failure ?? `exit ${run.code}`;
    io.out(`${options.label}: ${how}${own ? '' : ' (no XML of its own)'}\n`);
    return EXIT.ok;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** How a test run ended. */
interface TestRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
}

/** Seconds between SIGTERM and SIGKILL for a test past its timeout: Bazel's default grace. */
const TERMINATION_GRACE_MS = 15_000;

/**
 * Runs the test in a process group of its own, as Bazel's process wrapper does: at the timeout the whole
 * group gets SIGTERM, then SIGKILL after the grace, and whatever the test leaves running when it exits
 * is killed too. Its output is not kept (`bazel test` keeps it in test.log), so a child that holds it
 * open cannot keep the action waiting.
 */
function runTest(
  exe: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<TestRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(exe, [], { cwd: options.cwd, env: options.env, detached: true, stdio: 'ignore' });
    let timedOut = false;
    let grace: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid, 'SIGTERM');
      grace = setTimeout(() => killGroup(child.pid, 'SIGKILL'), TERMINATION_GRACE_MS);
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(grace);
      killGroup(child.pid, 'SIGKILL');
      resolvePromise({ code, signal, timedOut });
    });
  });
}

/** Signals every process of the group `pid` leads; a group already gone is no error. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing of the group is left.
  }
}

/** Why the run failed, as the error message of its test.xml, or undefined when it passed. */
function failureMessage(run: TestRun, seconds: number): string | undefined {
  if (run.timedOut) return `timed out after ${seconds} s`;
  if (run.signal !== null) return `killed by ${run.signal}`;
  if (run.code !== 0) return `exited with error code ${run.code ?? 1}`;
  return undefined;
}

/**
 * The action's environment without what belongs to rr's own launcher: BAZEL_BINDIR (set for a rules_js
 * rr, see rules/private/rr_tool.bzl) and the js_binary launcher's JS_BINARY__* variables would
 * mislead a rules_js test, which `bazel test` starts without them.
 */
function testEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => name !== 'BAZEL_BINDIR' && !name.startsWith('JS_BINARY__')),
  );
}

/** TEST_BINARY as Bazel sets it, `<package>/<name>`: the path rr's ingester expects of a synthetic case. */
function binaryPath(label: string): string {
  const parsed = parseLabel(label);
  if (!parsed.ok) throw new Error(`rr bazel test-results: ${parsed.message}`);
  return syntheticCasePath(parsed.label);
}

/**
 * The test.xml Bazel's generate-xml.sh writes for a test that wrote none (see bazel-generated.ts): one
 * case named after the test binary, with an `<error>` carrying `failure` when the test failed.
 */
export function bazelGeneratedXml(label: string, failure: string | undefined): string {
  const name = binaryPath(label);
  return junitDocumentXml({
    emptyElements: 'paired',
    testsuites: [
      {
        attributes: { name, tests: 1, failures: 0, errors: failure === undefined ? 0 : 1 },
        testcases: [
          {
            attributes: { name, status: 'run' },
            results: failure === undefined ? [] : [{ element: 'error', attributes: { message: failure } }],
          },
        ],
      },
    ],
  });
}
