// Turns vitest's reported test modules into JUnit records: one testcase per test, with stable case
// paths (classname = the test file relative to the root, name = `describe > … > test`, as vitest's own
// junit reporter writes them), requirement properties from `verifies()` meta, and errors outside tests.
import { relative, sep } from 'node:path';
import type { SerializedError, TestCase, TestModule, TestResult, TestSuite } from 'vitest/node';
import type { JUnitCaseRecord, JUnitOutcome, JUnitProblem, JUnitSuiteRecord } from './junit-records.js';
import { readRequirementMeta } from './verifies.js';

/** An error of a failed test: vitest adds a diff to assertion errors. */
type TestError = Extract<TestResult, { state: 'failed' }>['errors'][number];

/** Name of the case standing for errors raised in a test file outside any test (import, top-level hooks). */
export const FILE_ERROR_NAME = '(file)';
/** Last segment of the name of the case standing for errors in a describe block's beforeAll/afterAll. */
export const DESCRIBE_ERROR_NAME = '(describe)';

/** The `/`-separated path of a test file relative to the report's root directory. */
function reportPath(moduleId: string, root: string): string {
  const path = relative(root, moduleId);
  return sep === '/' ? path : path.split(sep).join('/');
}

/** The JUnit suite of one test file. */
export function suiteRecord(module: TestModule, root: string): JUnitSuiteRecord {
  const path = reportPath(module.moduleId, root);
  const cases: JUnitCaseRecord[] = [];
  if (module.errors().length > 0) cases.push(errorCase(path, FILE_ERROR_NAME, module.errors()));
  for (const suite of module.children.allSuites()) {
    if (suite.errors().length > 0) cases.push(errorCase(path, describeErrorName(suite), suite.errors()));
  }
  for (const test of module.children.allTests()) cases.push(testRecord(test, path));
  return { name: path, file: path, seconds: module.diagnostic().duration / 1000, cases };
}

/** A case for errors that no test owns, so a file that failed to load is not a silent pass. */
export function errorCase(
  classname: string,
  name: string,
  errors: readonly SerializedError[],
): JUnitCaseRecord {
  return {
    classname,
    name,
    file: classname,
    seconds: 0,
    properties: [],
    outcome: { kind: 'error', error: problem(errors) },
  };
}

function describeErrorName(suite: TestSuite): string {
  return `${suite.fullName} > ${DESCRIBE_ERROR_NAME}`;
}

function testRecord(test: TestCase, path: string): JUnitCaseRecord {
  const record: JUnitCaseRecord = {
    classname: path,
    name: test.fullName,
    file: path,
    seconds: (test.diagnostic()?.duration ?? 0) / 1000,
    properties: properties(test),
    outcome: outcome(test),
  };
  // vitest knows locations only with includeTaskLocation, which the reporter turns on.
  if (test.location !== undefined) record.line = test.location.line;
  return record;
}

/** One `requirement` property per id, then `level`, then the test's annotations (as vitest's junit does). */
function properties(test: TestCase): JUnitCaseRecord['properties'] {
  const { ids, level } = readRequirementMeta(test.meta());
  const list = ids.map((id) => ({ name: 'requirement', value: id }));
  if (level !== undefined) list.push({ name: 'level', value: level });
  for (const annotation of test.annotations())
    list.push({ name: annotation.type, value: annotation.message });
  return list;
}

function outcome(test: TestCase): JUnitOutcome {
  const result = test.result();
  switch (result.state) {
    case 'passed':
      // Errors on a passed test are the failed attempts before a successful retry.
      return { kind: 'passed', flaky: (result.errors ?? []).map((e) => problem([e])) };
    case 'failed':
      return { kind: 'failed', failure: problem(result.errors) };
    case 'skipped':
      return skipped(test.options.mode === 'todo' ? 'todo' : result.note);
    case 'pending':
      return skipped('not run: the test run ended before this test finished');
  }
}

function skipped(message: string | undefined): JUnitOutcome {
  return message === undefined || message === '' ? { kind: 'skipped' } : { kind: 'skipped', message };
}

/** The first error's message and type, and every error's stack (and diff) as details. */
function problem(errors: readonly (SerializedError | TestError)[]): JUnitProblem {
  const first = errors[0];
  const result: JUnitProblem = {
    message: first?.message || first?.name || 'unknown error',
    details: errors.map(errorDetails).join('\n\n'),
  };
  if (first?.name !== undefined && first.name !== '') result.type = first.name;
  return result;
}

function errorDetails(error: SerializedError | TestError): string {
  const head = error.stack ?? `${error.name ?? 'Error'}: ${error.message}`;
  const diff = typeof error.diff === 'string' && error.diff !== '' ? `\n\n${error.diff}` : '';
  return `${head}${diff}`;
}
