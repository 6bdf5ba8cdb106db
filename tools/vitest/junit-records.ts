// The plain data of a JUnit report as rr's vitest reporter writes it: built from vitest's reported
// tasks by vitest-cases.ts, turned into XML by junit-xml.ts.

/** A failure, error or flaky failure of a testcase. */
export interface JUnitProblem {
  /** the first error's message */
  message: string;
  /** the first error's class name, e.g. AssertionError */
  type?: string;
  /** every error's stack and diff, for the reader of the report */
  details: string;
}

/** What happened to one testcase. */
export type JUnitOutcome =
  | { kind: 'passed'; flaky: JUnitProblem[] }
  | { kind: 'failed'; failure: JUnitProblem }
  | { kind: 'error'; error: JUnitProblem }
  | { kind: 'skipped'; message?: string };

/** One <testcase>. */
export interface JUnitCaseRecord {
  classname: string;
  name: string;
  /** the test file, relative to the report's root, `/`-separated */
  file?: string;
  /** 1-based line of the test in its file */
  line?: number;
  seconds: number;
  /** written in order as <property name value/>: requirement ids, level, then vitest annotations */
  properties: { name: string; value: string }[];
  outcome: JUnitOutcome;
}

/** One <testsuite>: the cases of one test file. */
export interface JUnitSuiteRecord {
  name: string;
  file?: string;
  seconds: number;
  cases: JUnitCaseRecord[];
}
