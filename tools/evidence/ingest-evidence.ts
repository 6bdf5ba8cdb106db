// Evidence ingestion (docs/evidence.md): every result file of an evidence directory, read into the
// cases of normalized targets, merged over shards, runs and attempts.
import { compareDiagnostics, diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { parseLabel, type Label, type LabelOptions } from '../model/labels.js';
import { failureAfterOwnXml, isBazelGenerated, syntheticCasePath } from './bazel-generated.js';
import type { CaseObservation } from './case-observation.js';
import { mergeOneRun, mergeParts, mergeSequence } from './case-merge.js';
import { byCodePoint, sortByCodePointKey } from '../model/code-point-order.js';
import { listEvidenceFiles, type EvidenceFileList } from './evidence-files.js';
import { evidenceRole, targetOfDir, type EvidenceRole } from './evidence-layout.js';
import { readEvidenceText } from './evidence-text.js';
import { readJUnitFiles, readJUnitFilesInParallel, type JUnitRead } from './junit-files.js';
import type { JUnitReport } from './junit-report.js';
import { readEvidenceRecordJson } from './evidence-record-json.js';
import type { Evidence, EvidenceRecordInfo, TargetEvidence, TestCase } from './test-case.js';

/** Settings that change how evidence paths become labels. */
export interface IngestOptions {
  /** config main_repo: results under `external/<mainRepo>/` belong to this repository */
  mainRepo?: string;
}

/** One test.xml or attempt_N.xml of a testlogs target, read. */
interface TestlogsFile {
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
interface Collected {
  origin: TargetEvidence['origin'];
  /** testlogs targets: every file, merged by shard, run and attempt at the end */
  files: TestlogsFile[];
  /** record and suite targets: independent parts, one per file */
  parts: CaseObservation[][];
  record?: EvidenceRecordInfo;
}

/** An evidence directory's listing and its XML files read and parsed: the CPU-heavy part of ingestion. */
export interface EvidenceReading {
  dir: string;
  listing: EvidenceFileList;
  /** every listed *.xml file by relative path */
  xml: Map<string, JUnitRead>;
}

/** What reading one file needs: where files are, where results and diagnostics go. */
interface Reading {
  dir: string;
  xml: Map<string, JUnitRead>;
  labelOptions: LabelOptions;
  diagnostics: Diagnostic[];
  /** the entry of a target, created on first use */
  collect: (label: string, origin: Collected['origin']) => Collected;
}

/**
 * Reads an evidence directory laid out like bazel-testlogs (plus records/ and free JUnit files), with
 * worker threads sharing the XML when there is much of it.
 */
export async function ingestEvidence(dir: string, options: IngestOptions = {}): Promise<Evidence> {
  return assembleEvidence(await readEvidence(dir, { shareWithWorkers: true }), options);
}

/** How readEvidence uses the machine. */
export interface ReadOptions {
  /**
   * Share large XML with worker threads. Without it everything runs synchronously on this thread, for
   * callers whose workers are busy with something else (loadInputs composing a large model).
   */
  shareWithWorkers?: boolean;
}

/** Lists an evidence directory and parses its XML files. */
export async function readEvidence(dir: string, options: ReadOptions = {}): Promise<EvidenceReading> {
  const listing = listEvidenceFiles(dir);
  const xmlFiles = listing.files.filter((rel) => rel.toLowerCase().endsWith('.xml'));
  const reads = options.shareWithWorkers
    ? await readJUnitFilesInParallel(dir, xmlFiles)
    : readJUnitFiles(dir, xmlFiles);
  return { dir, listing, xml: new Map(xmlFiles.map((rel, i) => [rel, reads[i]!])) };
}

/** The cases of every target, from a directory's files already read; settings decide the labels. */
export function assembleEvidence(read: EvidenceReading, options: IngestOptions = {}): Evidence {
  const { dir, listing } = read;
  const diagnostics = [...listing.diagnostics];
  const collected = new Map<string, Collected>();
  const reading: Reading = {
    dir,
    xml: read.xml,
    labelOptions: options.mainRepo === undefined ? {} : { mainRepo: options.mainRepo },
    diagnostics,
    collect: (label, origin) => {
      let entry = collected.get(label);
      if (entry === undefined) {
        entry = { origin, files: [], parts: [] };
        collected.set(label, entry);
      }
      return entry;
    },
  };

  // Files are read one after another in code-point order, so diagnostics come out the same every run.
  for (const rel of listing.files) {
    const role = evidenceRole(rel);
    if (role.kind === 'testlogs') readTestlogsFile(rel, role, reading);
    else if (role.kind === 'record') readEvidenceRecordFile(rel, role, reading);
    else if (role.kind === 'suites') readSuitesFile(rel, reading);
    else if (role.why !== undefined) {
      diagnostics.push(diagnostic('read-error', 'warning', `file not read: ${role.why}`, { file: rel }));
    }
  }

  const targets = new Map<string, TargetEvidence>();
  for (const label of [...collected.keys()].sort(byCodePoint)) {
    targets.set(label, targetEvidence(label, collected.get(label)!, diagnostics));
  }
  return {
    root: dir,
    targets,
    diagnostics: diagnostics.sort(compareDiagnostics),
    unreadable: listing.unreadable,
  };
}

function readTestlogsFile(
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

function readEvidenceRecordFile(
  rel: string,
  role: Extract<EvidenceRole, { kind: 'record' }>,
  reading: Reading,
): void {
  const label = parseLabel(`record:${role.stem}`);
  if (!label.ok) {
    reading.diagnostics.push(badTarget(rel, `file name gives no record label: ${label.message}`));
    return;
  }
  if (role.format === 'xml') {
    const report = readXml(reading, rel);
    if (report === undefined) return;
    const cases = report.suites.flatMap((suite) => suite.cases);
    reading.collect(label.label.canonical, 'record').parts.push(mergeOneRun(cases, rel, reading.diagnostics));
    return;
  }
  const text = readEvidenceText(reading.dir, rel);
  if (!text.ok) {
    reading.diagnostics.push(text.diagnostic);
    return;
  }
  const record = readEvidenceRecordJson(text.text, rel);
  reading.diagnostics.push(...record.diagnostics);
  // A record that breaks the schema is rejected whole: no target, not even an empty one.
  if (record.diagnostics.length > 0) return;
  const entry = reading.collect(label.label.canonical, 'record');
  if (record.record !== undefined) entry.record = record.record;
  entry.parts.push(mergeOneRun(record.cases, rel, reading.diagnostics));
}

function readSuitesFile(rel: string, reading: Reading): void {
  const report = readXml(reading, rel);
  if (report === undefined) return;
  for (const [label, cases] of suiteCases(report, rel, reading.diagnostics)) {
    reading.collect(label, 'suite').parts.push(mergeOneRun(cases, rel, reading.diagnostics));
  }
}

/** A target's merged, sorted cases. */
function targetEvidence(label: string, entry: Collected, diagnostics: Diagnostic[]): TargetEvidence {
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
function readXml(reading: Reading, rel: string): JUnitReport | undefined {
  const read = reading.xml.get(rel);
  if (read === undefined) return undefined; // listed files ending in .xml are all read
  if ('unreadable' in read) {
    reading.diagnostics.push(read.unreadable);
    return undefined;
  }
  reading.diagnostics.push(...read.diagnostics);
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
  const shards = [...new Set(files.map((f) => f.shard))].sort((a, b) => a - b);
  const parts = shards.map((shard) => {
    const sequence = files
      .filter((f) => f.shard === shard)
      .sort((a, b) => a.run - b.run || a.attempt - b.attempt);
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

/**
 * A free-standing report's cases by suite:NAME label. Suites whose name is no label are refused with one
 * error per file that names them, says why, and gives the layout that keeps every case.
 */
function suiteCases(
  report: JUnitReport,
  rel: string,
  diagnostics: Diagnostic[],
): Map<string, CaseObservation[]> {
  const bySuite = new Map<string, CaseObservation[]>();
  const refused: { suite: JUnitReport['suites'][number]; why: string }[] = [];
  for (const suite of report.suites) {
    const label = parseLabel(`suite:${suite.name}`);
    if (!label.ok) {
      refused.push({ suite, why: label.message });
      continue;
    }
    const list = bySuite.get(label.label.canonical) ?? [];
    list.push(...suite.cases);
    bySuite.set(label.label.canonical, list);
  }
  const [first] = refused;
  if (first !== undefined) {
    const cases = refused.reduce((n, r) => n + r.suite.cases.length, 0);
    diagnostics.push(
      badTarget(rel, refusedSuitesMessage(rel, first, refused.length, cases), first.suite.line),
    );
  }
  return bySuite;
}

/** Why a free file's suites give no target, and the layouts that read every case of the file. */
function refusedSuitesMessage(
  rel: string,
  first: { suite: { name: string }; why: string },
  count: number,
  cases: number,
): string {
  const who = first.suite.name === '' ? 'a test suite without a name' : `test suite "${first.suite.name}"`;
  const more = count > 1 ? ` (and ${count - 1} more suite${count > 2 ? 's' : ''})` : '';
  const why =
    first.suite.name === ''
      ? 'suite:NAME needs a name'
      : first.why.replace(/^label "[^"]*": /, '').replace(/^segment /, 'the name ');
  return (
    `${who}${more} cannot be a target: a free-standing JUnit file's suites become suite:NAME targets, ` +
    `and ${why}; ${cases} case${cases === 1 ? ' is' : 's are'} not read. To keep every case whatever ` +
    `the suites are called, ${wayOut(rel)} (see "Evidence from runners outside Bazel" in docs/evidence.md)`
  );
}

/** The target-folder and record layouts for a free file, spelled out for its own name where they can be. */
function wayOut(rel: string): string {
  const slash = rel.lastIndexOf('/');
  const dir = slash === -1 ? '' : rel.slice(0, slash);
  const stem = rel
    .slice(slash + 1)
    .replace(/\.xml$/i, '')
    .replace(/[^A-Za-z0-9._+~-]+/g, '_');
  const target = parseLabel(`//${dir}:${stem}`);
  const record = parseLabel(`record:${stem}`);
  if (!target.ok || !record.ok || dir.split('/')[0] === 'records') {
    return 'put it in a target folder as PKG/TARGET/test.xml (target //PKG:TARGET) or in records/ as records/STEM.xml (record:STEM)';
  }
  const folder = dir === '' ? stem : `${dir}/${stem}`;
  return (
    `move it to ${folder}/test.xml (target ${target.label.canonical}) or to records/${stem}.xml ` +
    `(${record.label.canonical})`
  );
}

function badTarget(file: string, message: string, line?: number): Diagnostic {
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
