// `rr bazel test-results`, the step a verification set runs for each of its tests (docs/bazel.md): a test
// past its timeout is stopped with everything it started and leaves an error test.xml, and a test that
// fails after writing its own XML counts as failed, as `bazel test` counts it.
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ingestEvidence } from '../../tools/evidence/ingest-evidence.js';
import { rr } from './run-cli.js';

const OWN_XML = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="src/dose.test.mjs" tests="1" time="0.01">
    <testcase classname="src/dose.test.mjs" name="keeps the rate" time="0.002">
      <properties><property name="requirement" value="REQ-001"/></properties>
    </testcase>
  </testsuite>
</testsuites>
`;

let root: string | undefined;

afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/**
 * An execution root holding the test `//pump:dose_test` as the shell script `body`, its runfiles tree
 * beside it; runs the step there with `timeout` seconds and returns what it printed and where it wrote.
 */
async function runWithTimeout(body: string, timeout: number) {
  root = await mkdtemp(join(tmpdir(), 'rr-test-results-'));
  const exe = join(root, 'bazel-out/bin/pump/dose_test');
  await mkdir(join(`${exe}.runfiles`, 'ws'), { recursive: true });
  await writeFile(exe, `#!/bin/sh\n${body}\n`);
  await chmod(exe, 0o755);
  const xml = join(root, 'evidence/pump/dose_test/test.xml');
  const pidFile = join(root, 'grandchild.pid');
  const args = ['bazel', 'test-results', '--label', '//pump:dose_test', '--exe', exe, '--workspace', 'ws'];
  const run = await rr([...args, '--xml', xml, '--timeout', String(timeout)], root, {
    ...process.env,
    PID_FILE: pidFile,
    OWN_XML,
  });
  return { run, xml, pidFile, evidence: join(root, 'evidence') };
}

/** Whether a process is still running (a zombie waiting to be reaped is not). */
function running(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    // The state follows the command name in parentheses: `123 (sleep) S ...`.
    return !/\) Z /.test(readFileSync(stat, 'utf8'));
  } catch {
    return false;
  }
}

/** The cases of //pump:dose_test as rr reads the kept evidence. */
async function cases(evidence: string) {
  const read = await ingestEvidence(evidence);
  return read.targets
    .get('//pump:dose_test')!
    .cases.map((c) => ({ path: c.path, result: c.result, message: c.message }));
}

describe('rr bazel test-results', { timeout: 60_000 }, () => {
  it('stops a test past its timeout with the children it started, and keeps an error test.xml', async () => {
    // A child that would outlive the test and hold its output open, then the test sleeps past 1 s.
    const { run, xml, pidFile, evidence } = await runWithTimeout(
      'sleep 300 &\necho $! > "$PID_FILE"\nsleep 300',
      1,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('//pump:dose_test: timed out after 1 s (no XML of its own)\n');
    expect(await readFile(xml, 'utf8')).toContain('<error message="timed out after 1 s"></error>');
    const grandchild = Number(await readFile(pidFile, 'utf8'));
    expect(grandchild).toBeGreaterThan(0);
    expect(running(grandchild)).toBe(false);
    expect(await cases(evidence)).toEqual([
      { path: 'pump/dose_test', result: 'error', message: 'timed out after 1 s' },
    ]);
  });

  it('counts a test that wrote its XML and then exited non-zero as failed, keeping its own cases', async () => {
    const { run, xml, evidence } = await runWithTimeout(
      'printf %s "$OWN_XML" > "$XML_OUTPUT_FILE"\nexit 3',
      60,
    );
    expect(run.stdout).toBe('//pump:dose_test: exited with error code 3\n');
    const kept = await readFile(xml, 'utf8');
    // The test's own XML (without its clock), then the suite Bazel writes for a failed test.
    expect(kept).toBe(
      OWN_XML.replace(' time="0.01"', '')
        .replace(' time="0.002"', '')
        .replace(
          '</testsuites>\n',
          '  <testsuite name="pump/dose_test" tests="1" failures="0" errors="1">\n' +
            '    <testcase name="pump/dose_test" status="run">\n' +
            '      <error message="exited with error code 3"/>\n' +
            '    </testcase>\n' +
            '  </testsuite>\n</testsuites>\n',
        ),
    );
    expect(await cases(evidence)).toEqual([
      { path: 'pump/dose_test', result: 'error', message: 'exited with error code 3' },
      { path: 'src/dose.test.mjs/keeps the rate', result: 'passed', message: undefined },
    ]);
  });

  it('counts a test that wrote its XML and then hung past its timeout as failed', async () => {
    const { run, evidence } = await runWithTimeout('printf %s "$OWN_XML" > "$XML_OUTPUT_FILE"\nsleep 300', 1);
    expect(run.stdout).toBe('//pump:dose_test: timed out after 1 s\n');
    expect(await cases(evidence)).toEqual([
      { path: 'pump/dose_test', result: 'error', message: 'timed out after 1 s' },
      { path: 'src/dose.test.mjs/keeps the rate', result: 'passed', message: undefined },
    ]);
  });

  it('keeps the XML of a test that passed as it wrote it, less its clock', async () => {
    const { run, xml, evidence } = await runWithTimeout('printf %s "$OWN_XML" > "$XML_OUTPUT_FILE"', 60);
    expect(run.stdout).toBe('//pump:dose_test: exit 0\n');
    expect(await readFile(xml, 'utf8')).toBe(
      OWN_XML.replace(' time="0.01"', '').replace(' time="0.002"', ''),
    );
    expect(await cases(evidence)).toEqual([
      { path: 'src/dose.test.mjs/keeps the rate', result: 'passed', message: undefined },
    ]);
  });
});
