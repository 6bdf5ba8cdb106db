// `rr bazel test-results`: runs a test target's executable inside a build action, as `bazel test` would,
// and keeps its JUnit XML (or the one Bazel writes for a test that wrote none), so a verification set's
// report and lock cover the set's own tests and are cached like any action.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { syntheticCasePath } from '../evidence/bazel-generated.js';
import { junitDocumentXml } from '../junit-writer/junit-writer.js';
import { parseLabel } from '../model/labels.js';
import { reproducibleTestXml } from './bazel-test-xml.js';
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
 * kept XML is the same on every machine (bazel-test-xml.ts): it is a cached, shared action output.
 */
export async function runBazelTest(options: BazelTestOptions, io: CliIo): Promise<number> {
  const exe = resolve(options.exe);
  const runfiles = `${exe}.runfiles`;
  const tmp = mkdtempSync(join(tmpdir(), 'rr-test-'));
  const scratch = join(tmp, 'tmp');
  mkdirSync(scratch);
  const written = join(tmp, 'test.xml');
  try {
    const run = spawnSync(exe, [], {
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
      },
      encoding: 'utf8',
      timeout: Number(options.timeout) * 1000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const code = run.status ?? 1;
    const own = existsSync(written) && statSync(written).size > 0 ? readFileSync(written, 'utf8') : undefined;
    await mkdir(dirname(options.xml), { recursive: true });
    const paths = new Map([
      [scratch, '$TEST_TMPDIR'],
      [`${process.cwd()}/`, ''],
    ]);
    const xml =
      own === undefined
        ? bazelGeneratedXml(options.label, code, run.signal)
        : reproducibleTestXml(own, paths);
    await writeFile(options.xml, xml);
    io.out(`${options.label}: exit ${code}${own ? '' : ' (no XML of its own)'}\n`);
    return EXIT.ok;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
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

/** The test.xml Bazel's generate-xml.sh writes for a test that wrote none (see bazel-generated.ts). */
export function bazelGeneratedXml(label: string, code: number, signal: NodeJS.Signals | null): string {
  const name = binaryPath(label);
  const failed = code !== 0 || signal !== null;
  const message = signal ? `killed by ${signal}` : `exited with error code ${code}`;
  return junitDocumentXml({
    emptyElements: 'paired',
    testsuites: [
      {
        attributes: { name, tests: 1, failures: 0, errors: failed ? 1 : 0 },
        testcases: [
          {
            attributes: { name, status: 'run' },
            results: failed ? [{ element: 'error', attributes: { message } }] : [],
          },
        ],
      },
    ],
  });
}
