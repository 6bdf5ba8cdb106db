// The cases of a testlogs target (a bazel-testlogs folder of one test): each file read into its shard,
// run and attempt, then merged and sorted (docs/evidence.md). Shared by the final assembly of evidence
// and by early-targets.ts, which assembles complete targets while other files are still being read.
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnostic } from '../model/diagnostic.js';
import type { Label, LabelOptions } from '../model/labels.js';
import { failureAfterOwnXml, isBazelGenerated, syntheticCasePath } from './bazel-generated.js';
import type { CaseObservation } from './case-observation.js';
import { mergeOneRun, mergeParts, mergeSequence } from './case-merge.js';
import { sortByCodePointKey } from '../model/code-point-order.js';
import { targetOfDir, type EvidenceRole } from './evidence-layout.js';
import type { JUnitRead } from './junit-files.js';
import type { JUnitReport } from './junit-report.js';
import type { EvidenceRecordInfo, TargetEvidence, TestCase } from './test-case.js';

/** One test.xml or attempt_N.xml of a testlogs target, read. */
export interface TestlogsFile {
  shard: number;
  run: number;
  attempt: number;
  cases: CaseObservation[];
  /** written by Bazel for a test that wrote no XML */
  synthetic: boolean;
  /** the test's own XML followed by the failure Bazel would write: the test failed after writing it */
  failedAfterOwnXml?: boolean;
}

/** What is collected for one target before its files are merged. */
export interface Collected {
  origin: TargetEvidence['origin'];
  /** testlogs targets: every file, merged by shard, run and attempt at the end */
  files: TestlogsFile[];
  /** record and suite targets: independent parts, one per file */
  parts: CaseObservation[][];
  record?: EvidenceRecordInfo;
}

/** What reading one file needs: where files are, where results and diagnostics go. */
export interface Reading {
  dir: string;
  xml: ReadonlyMap<string, JUnitRead>;
  labelOptions: LabelOptions;
  diagnostics: Diagnostic[];
  /** the entry of a target, created on first use */
  collect: (label: string, origin: Collected['origin']) => Collected;
}

/** A testlogs file read into its target's entry (or a bad-target diagnostic when its folder names none). */
export function readTestlogsFile(
  rel: string,
  role: Extract<EvidenceRole, { kind: 'testlogs' }>,
  reading: Reading,
): void {
  const target = targetOfDir(role.targetDir, reading.labelOptions);
  if (!target.ok) {
    reading.diagnostics.push(
      badTarget(rel, `folder "${role.targetDir}" names no Bazel target: ${target.message}`),
    );
    return;
  }
  const report = readXml(reading, rel);
  if (report === undefined) return;
  const file = testlogsFile(report, target.label, rel, reading.diagnostics);
  const { shard, run, attempt } = role;
  reading.collect(target.label.canonical, 'testlogs').files.push({ shard, run, attempt, ...file });
}

/** A target's merged, sorted cases. */
export function targetEvidence(label: string, entry: Collected, diagnostics: Diagnostic[]): TargetEvidence {
  const observations =
    entry.origin === 'testlogs'
      ? mergeTestlogs(entry.files, label, diagnostics)
      : mergeParts(entry.parts, label, diagnostics);
  const cases = sortByCodePointKey(
    observations.map((o) => toTestCase(label, o)),
    (c) => c.path,
  );
  const evidence: TargetEvidence = {
    target: label,
    origin: entry.origin,
    synthetic: cases.length > 0 && cases.every((c) => c.synthetic),
    cases,
  };
  if (entry.record !== undefined) evidence.record = entry.record;
  return evidence;
}

/** A file's JUnit report, or undefined (with diagnostics) when the file gives no evidence. */
export function readXml(reading: Reading, rel: string): JUnitReport | undefined {
  const read = reading.xml.get(rel);
  if (read === undefined) return undefined; // listed files ending in .xml are all read
  if ('unreadable' in read) {
    reading.diagnostics.push(read.unreadable);
    return undefined;
  }
  // One at a time: a file's diagnostics (one per unnamed case) spread into push's arguments could
  // overflow the stack.
  for (const d of read.diagnostics) reading.diagnostics.push(d);
  return read.report;
}

/** A testlogs file's cases: its one synthetic case when Bazel wrote it, else its own (one run). */
function testlogsFile(
  report: JUnitReport,
  label: Label,
  rel: string,
  diagnostics: Diagnostic[],
): Pick<TestlogsFile, 'cases' | 'synthetic' | 'failedAfterOwnXml'> {
  // The tag, file and line fields of a synthetic case stay empty: Bazel knows none of them.
  const synthetic = (generated: CaseObservation): CaseObservation => ({
    ...generated,
    path: syntheticCasePath(label),
    synthetic: true,
  });
  if (isBazelGenerated(report, label))
    return { cases: [synthetic(report.suites[0]!.cases[0]!)], synthetic: true };
  const failure = failureAfterOwnXml(report, label);
  const suites = failure === undefined ? report.suites : report.suites.slice(0, -1);
  const cases = mergeOneRun(
    suites.flatMap((suite) => suite.cases),
    rel,
    diagnostics,
  );
  if (failure === undefined) return { cases, synthetic: false };
  return { cases: [...cases, synthetic(failure)], synthetic: false, failedAfterOwnXml: true };
}

/**
 * A testlogs target's cases: per shard, its runs and attempts in order (the last decides, earlier
 * failures make a pass flaky); then the shards together. Where the target wrote XML of its own, Bazel's
 * synthetic results are dropped, except a failed one that is a shard's last word (a shard that crashed,
 * or failed after writing its XML).
 */
function mergeTestlogs(files: TestlogsFile[], label: string, diagnostics: Diagnostic[]): CaseObservation[] {
  const wroteOwnXml = files.some((f) => !f.synthetic);
  // Grouped in one pass: filtering all files once per shard cost shards × files on a sharded target.
  const byShard = new Map<number, TestlogsFile[]>();
  for (const f of files) {
    const group = byShard.get(f.shard);
    if (group === undefined) byShard.set(f.shard, [f]);
    else group.push(f);
  }
  const shards = [...byShard.keys()].sort((a, b) => a - b);
  const parts = shards.map((shard) => {
    const sequence = byShard.get(shard)!.sort((a, b) => a.run - b.run || a.attempt - b.attempt);
    const merged = mergeSequence(sequence.map((f) => f.cases));
    if (!wroteOwnXml) return merged;
    const last = sequence[sequence.length - 1]!;
    const lastIsSynthetic = last.synthetic || last.failedAfterOwnXml === true;
    return merged.filter(
      (o) => !o.synthetic || (lastIsSynthetic && (o.result === 'failed' || o.result === 'error')),
    );
  });
  return mergeParts(parts, label, diagnostics);
}

/** A bad-target error about a file. */
export function badTarget(file: string, message: string, line?: number): Diagnostic {
  return diagnostic('bad-target', 'error', message, { file, line });
}

function toTestCase(target: string, o: CaseObservation): TestCase {
  const testCase: TestCase = {
    target,
    path: o.path,
    result: o.result,
    flaky: o.flaky,
    tags: o.tags,
    synthetic: o.synthetic,
    sources: o.sources,
  };
  if (o.level !== undefined) testCase.level = o.level;
  if (o.file !== undefined) testCase.file = o.file;
  if (o.line !== undefined) testCase.line = o.line;
  if (o.message !== undefined) testCase.message = o.message;
  if (o.attachments !== undefined) testCase.attachments = o.attachments;
  if (o.at !== undefined) testCase.at = o.at;
  return testCase;
}
