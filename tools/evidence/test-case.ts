import type { Diagnostic } from '../model/diagnostic.js';

/** A case's outcome as its runner reported it. */
export type CaseResult = 'passed' | 'failed' | 'error' | 'skipped';

/** One test case of one target, merged over shards, runs and attempts. */
export interface TestCase {
  /** normalized label: //pkg:name, @repo//pkg:name, suite:NAME or record:STEM */
  target: string;
  /** classname/name, or testsuite-name/name when there is no classname */
  path: string;
  result: CaseResult;
  /** failed (or errored) in an earlier attempt or run and passed in the last one */
  flaky: boolean;
  /** entity ids from `requirement` / `verifies` properties of the testcase */
  tags: string[];
  /** the `level` property of the testcase, when present */
  level?: string;
  /** source file and 1-based line of the test when the runner reports them (pytest, googletest …) */
  file?: string;
  line?: number;
  /** failure or skip message, first line */
  message?: string;
  /** the one result Bazel generates for a target that wrote no XML of its own */
  synthetic: boolean;
  /** evidence files the case was read from, relative to the evidence directory, sorted */
  sources: string[];
  /** where the case stands in the evidence file it was last read from (relative path, 1-based line) */
  at?: { file: string; line?: number };
  /** files a record names for the case (records/*.json only) */
  attachments?: Attachment[];
}

/** A file a record attaches to a case, e.g. a lab protocol or a measurement export. */
export interface Attachment {
  /** as written in the record; relative paths are relative to the record file's folder */
  path: string;
  /** lowercase hex SHA-256 of the file, as the record states it (not checked) */
  sha256?: string;
  description?: string;
}

/** What a records/*.json file says about the record as a whole. */
export interface EvidenceRecordInfo {
  title?: string;
  date?: string;
  operator?: string;
  equipment?: string[];
}

/** Everything known about one target from the evidence. */
export interface TargetEvidence {
  target: string;
  origin: 'testlogs' | 'record' | 'suite';
  /** true when the target reports no cases of its own (one synthetic case stands for it) */
  synthetic: boolean;
  cases: TestCase[];
  /** the `record` block of a records/<stem>.json file */
  record?: EvidenceRecordInfo;
}

/** The ingested evidence directory. */
export interface Evidence {
  root: string;
  /** by normalized target label, in sorted order */
  targets: Map<string, TargetEvidence>;
  /** suite-level-requirement, duplicate-case, unreadable or malformed files */
  diagnostics: Diagnostic[];
  /** true when the directory itself cannot be read (no such directory, permission denied) */
  unreadable?: boolean;
}
