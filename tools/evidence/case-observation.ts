import type { Attachment, CaseResult } from './test-case.js';

/** One case as one evidence file reports it, before files are merged into a target's cases. */
export interface CaseObservation {
  /** classname/name, or testsuite-name/name when there is no classname */
  path: string;
  result: CaseResult;
  flaky: boolean;
  /** sorted, unique entity ids */
  tags: string[];
  level?: string;
  file?: string;
  line?: number;
  message?: string;
  /** the one result Bazel generates for a test that wrote no XML */
  synthetic: boolean;
  attachments?: Attachment[];
  /** evidence files behind this observation, relative to the evidence directory */
  sources: string[];
  /** where the case stands in the evidence file it was last read from, for diagnostics */
  at?: { file: string; line?: number };
}
