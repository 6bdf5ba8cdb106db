// Evidence ingestion (docs/evidence.md): every result file of an evidence directory, read into the
// cases of normalized targets, merged over shards, runs and attempts.
import { compareDiagnostics, diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { parseLabel, type LabelOptions } from '../model/labels.js';
import type { CaseObservation } from './case-observation.js';
import { mergeOneRun } from './case-merge.js';
import { byCodePoint } from '../model/code-point-order.js';
import { EarlyTargets, type EarlyTarget } from './early-targets.js';
import { listEvidenceFiles, type EvidenceFileList } from './evidence-files.js';
import { evidenceRole, type EvidenceRole } from './evidence-layout.js';
import { readEvidenceText } from './evidence-text.js';
import { readJUnitFiles, readJUnitFilesInParallel, type JUnitRead } from './junit-files.js';
import type { JUnitReport } from './junit-report.js';
import { readEvidenceRecordJson } from './evidence-record-json.js';
import {
  badTarget,
  readTestlogsFile,
  readXml,
  targetEvidence,
  type Collected,
  type Reading,
} from './testlogs-target.js';
import type { Evidence, TargetEvidence } from './test-case.js';

/** Settings that change how evidence paths become labels. */
export interface IngestOptions {
  /** config main_repo: results under `external/<mainRepo>/` belong to this repository */
  mainRepo?: string;
}

/** The label settings of ingest options. */
function labelOptionsOf(options: IngestOptions): LabelOptions {
  return options.mainRepo === undefined ? {} : { mainRepo: options.mainRepo };
}

/** An evidence directory's listing and its XML files read and parsed: the CPU-heavy part of ingestion. */
export interface EvidenceReading {
  dir: string;
  listing: EvidenceFileList;
  /** every listed *.xml file by relative path */
  xml: Map<string, JUnitRead>;
  /** testlogs targets assembled while the files were read, when the label settings came in time */
  early?: EarlyTargets;
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
  /**
   * The settings the evidence will be assembled with, when they come while files are still being read
   * (the model's config): from then on, each testlogs target whose files are all read is assembled at
   * once, in the time this thread would otherwise spend parsing XML the workers can parse.
   */
  assembleWith?: Promise<IngestOptions>;
}

/** Lists an evidence directory and parses its XML files. */
export async function readEvidence(dir: string, options: ReadOptions = {}): Promise<EvidenceReading> {
  const listing = listEvidenceFiles(dir);
  const xmlFiles = listing.files.filter((rel) => rel.toLowerCase().endsWith('.xml'));
  const xml = new Map<string, JUnitRead>();
  const early = options.assembleWith ? new EarlyTargets(dir, listing, xml) : undefined;
  // A load that fails leaves the final assembly all the work; its own error surfaces where it is awaited.
  options.assembleWith?.then(
    (ingest) => early!.start(labelOptionsOf(ingest)),
    () => undefined,
  );
  const arrived = (rel: string, read: JUnitRead) => {
    xml.set(rel, read);
    early?.read(rel);
  };
  if (options.shareWithWorkers) {
    await readJUnitFilesInParallel(dir, xmlFiles, (i, read) => arrived(xmlFiles[i]!, read));
  } else {
    readJUnitFiles(dir, xmlFiles).forEach((read, i) => arrived(xmlFiles[i]!, read));
  }
  return { dir, listing, xml, ...(early ? { early } : {}) };
}

/** The cases of every target, from a directory's files already read; settings decide the labels. */
export function assembleEvidence(read: EvidenceReading, options: IngestOptions = {}): Evidence {
  const { dir, listing } = read;
  const diagnostics = [...listing.diagnostics];
  const collected = new Map<string, Collected>();
  const labelOptions = labelOptionsOf(options);
  const reading: Reading = {
    dir,
    xml: read.xml,
    labelOptions,
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
  // Targets already assembled while reading (with these settings) are taken as they are.
  const early = read.early?.close(labelOptions);
  const earlyTarget = (rel: string): EarlyTarget | undefined => {
    const label = early?.labelOf.get(rel);
    return label === undefined ? undefined : early!.done.get(label);
  };

  // Files are read one after another in code-point order, so diagnostics come out the same every run.
  for (const rel of listing.files) {
    const role = evidenceRole(rel);
    if (role.kind === 'testlogs') {
      if (earlyTarget(rel) === undefined) readTestlogsFile(rel, role, reading);
    } else if (role.kind === 'record') readEvidenceRecordFile(rel, role, reading);
    else if (role.kind === 'suites') readSuitesFile(rel, reading);
    else if (role.why !== undefined) {
      diagnostics.push(diagnostic('read-error', 'warning', `file not read: ${role.why}`, { file: rel }));
    }
  }

  const assembled = new Map<string, TargetEvidence>();
  for (const target of early?.done.values() ?? []) {
    for (const d of target.diagnostics) diagnostics.push(d);
    if (target.evidence) assembled.set(target.evidence.target, target.evidence);
  }
  const targets = new Map<string, TargetEvidence>();
  for (const label of [...collected.keys(), ...assembled.keys()].sort(byCodePoint)) {
    targets.set(label, assembled.get(label) ?? targetEvidence(label, collected.get(label)!, diagnostics));
  }
  return {
    root: dir,
    targets,
    diagnostics: diagnostics.sort(compareDiagnostics),
    unreadable: listing.unreadable,
  };
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
  // One at a time: spread into push's arguments, a record's diagnostics (one per bad case) could
  // overflow the stack.
  for (const d of record.diagnostics) reading.diagnostics.push(d);
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
    // One at a time: spreading a suite of 200,000 cases into push's arguments overflows the stack.
    for (const c of suite.cases) list.push(c);
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
