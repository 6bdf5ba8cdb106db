// Evidence directories for the ingestion tests: the committed testlogs fixture, or a fresh temporary
// directory per test holding the files a test writes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, onTestFinished } from 'vitest';
import type { Diagnostic } from '../../tools/model/diagnostic.js';
import { ingestEvidence, type IngestOptions } from '../../tools/evidence/ingest-evidence.js';
import type { Evidence, TargetEvidence, TestCase } from '../../tools/evidence/test-case.js';

/** The committed bazel-testlogs-like fixture tree (one target per JUnit dialect). */
export const TESTLOGS = fileURLToPath(new URL('../fixtures/evidence/testlogs/', import.meta.url));

/** File contents by '/'-separated path relative to the evidence directory. */
export type Files = Record<string, string | Uint8Array>;

/** Writes files into a fresh temp directory (removed after the test) and returns its path. */
export async function evidenceDir(files: Files): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rr-evidence-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

/** Writes files and ingests the directory. */
export async function ingest(files: Files, options: IngestOptions = {}): Promise<Evidence> {
  return ingestEvidence(await evidenceDir(files), options);
}

/** The evidence of one target; fails the test when the target is missing. */
export function target(evidence: Evidence, label: string): TargetEvidence {
  const found = evidence.targets.get(label);
  expect(found, `target ${label} in ${[...evidence.targets.keys()].join(', ')}`).toBeDefined();
  return found!;
}

/** A case in the compact form the dialect tests compare: only the fields that are set. */
export type CaseRow = Partial<Omit<TestCase, 'target' | 'sources' | 'synthetic'>> & {
  path: string;
  result: TestCase['result'];
};

/** The cases of a target as rows: path, result, and flaky/tags/level/file/line/message when set. */
export function rows(evidence: Evidence, label: string): CaseRow[] {
  return target(evidence, label).cases.map((c) => {
    const row: CaseRow = { path: c.path, result: c.result };
    if (c.flaky) row.flaky = true;
    if (c.tags.length > 0) row.tags = c.tags;
    if (c.level !== undefined) row.level = c.level;
    if (c.file !== undefined) row.file = c.file;
    if (c.line !== undefined) row.line = c.line;
    if (c.message !== undefined) row.message = c.message;
    return row;
  });
}

/** The diagnostics of one rule. */
export function ofRule(evidence: Evidence, rule: string): Diagnostic[] {
  return evidence.diagnostics.filter((d) => d.rule === rule);
}

/** Lines joined with LF and a final LF. */
export function lines(...text: string[]): string {
  return text.map((l) => `${l}\n`).join('');
}

/** A minimal JUnit report: <testsuites> around the given suites' XML. */
export function junit(...suites: string[]): string {
  return lines('<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>', ...suites, '</testsuites>');
}

/** Bazel's generated test.xml (tools/test/generate-xml.sh) for a test binary that wrote no XML. */
export function bazelGenerated(testName: string, exitCode = 0): string {
  const error = exitCode === 0 ? '' : `<error message="exited with error code ${exitCode}"></error>`;
  return lines(
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite name="${testName}" tests="1" failures="0" errors="${exitCode === 0 ? 0 : 1}">`,
    `    <testcase name="${testName}" status="run" duration="1" time="1">${error}</testcase>`,
    '      <system-out>',
    'Generated test.log (if the file is not UTF-8, then this may be unreadable):',
    '<![CDATA[exec ${PAGER:-/usr/bin/less} "$0" || exit 1]]>',
    '      </system-out>',
    '    </testsuite>',
    '</testsuites>',
  );
}

/** A report with one suite `S` holding one testcase per entry: name → '' (passed), 'failure', 'error' or 'skipped'. */
export function suiteOf(outcomes: Record<string, '' | 'failure' | 'error' | 'skipped'>, suite = 'S'): string {
  const cases = Object.entries(outcomes).map(([name, child]) =>
    child === ''
      ? `    <testcase classname="${suite}" name="${name}"/>`
      : `    <testcase classname="${suite}" name="${name}"><${child} message="${name} ${child}"/></testcase>`,
  );
  return junit(`  <testsuite name="${suite}">`, ...cases, '  </testsuite>');
}
