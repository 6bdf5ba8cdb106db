// Check results as a JUnit XML report, so Bazel's test UI and CI test views list each failing check.
import { XMLBuilder } from 'fast-xml-parser';

/** One check: passes, or fails with a one-line message and the detail lines. */
export interface CheckResult {
  name: string;
  failure?: { message: string; detail: string };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
});

/** A `<testsuites>` document with one suite named `suite` and one testcase per check. */
export function junitOfChecks(suite: string, checks: readonly CheckResult[]): string {
  const failures = checks.filter((c) => c.failure !== undefined).length;
  const testcase = checks.map((check) => ({
    '@classname': suite,
    '@name': check.name,
    ...(check.failure
      ? { failure: { '@message': check.failure.message, '#text': check.failure.detail } }
      : {}),
  }));
  const document = {
    testsuites: {
      '@tests': checks.length,
      '@failures': failures,
      testsuite: { '@name': suite, '@tests': checks.length, '@failures': failures, testcase },
    },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(document) as string}`;
}
