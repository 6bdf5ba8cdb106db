// Check results as a JUnit XML report, so Bazel's test UI and CI test views list each failing check.
import { junitDocumentXml } from '../junit-writer/junit-writer.js';

/** One check: passes, or fails with a one-line message and the detail lines. */
export interface CheckResult {
  name: string;
  failure?: { message: string; detail: string };
}

/** A `<testsuites>` document with one suite named `suite` and one testcase per check. */
export function junitOfChecks(suite: string, checks: readonly CheckResult[]): string {
  const counts = { tests: checks.length, failures: checks.filter((c) => c.failure !== undefined).length };
  const testcases = checks.map((check) => ({
    attributes: { classname: suite, name: check.name },
    results: check.failure
      ? [
          {
            element: 'failure' as const,
            attributes: { message: check.failure.message },
            text: check.failure.detail,
          },
        ]
      : [],
  }));
  return junitDocumentXml({
    attributes: counts,
    testsuites: [{ attributes: { name: suite, ...counts }, testcases }],
  });
}
