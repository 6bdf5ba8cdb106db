// Bazel writes test.xml itself (tools/test/generate-xml.sh) when a test wrote none: one <testsuite>
// and one <testcase>, both named after the test binary's runfiles path (TEST_BINARY, e.g.
// `pump/dose/dose_test`, `../rules_pump+/hal/hal_test`, `pump/dose/dose_test_shard_1/2` when sharded),
// with no classname, and an <error> child when the test exited non-zero. rr's verification sets add the
// same suite after a test's own suites when it failed after writing them.
import type { Label } from '../model/labels.js';
import type { CaseObservation } from './case-observation.js';
import type { JUnitReport, JUnitSuite } from './junit-report.js';

/** The path rr gives a target's synthetic case: `<package>/<name>`, or `<name>` in the root package. */
export function syntheticCasePath(label: Label): string {
  return label.pkg === '' ? label.name : `${label.pkg}/${label.name}`;
}

/** Whether a suite is the one Bazel generates for the test `label`: one case named as the suite. */
function isGeneratedSuite(suite: JUnitSuite, label: Label): boolean {
  if (suite.cases.length !== 1) return false;
  const testcase = suite.cases[0]!;
  // With no classname the path is `<suite>/<name>`; Bazel gives suite and case the same name.
  if (testcase.path !== `${suite.name}/${suite.name}`) return false;
  const written = suite.name.replace(/^\.{1,2}\//, '').replace(/_shard_\d+\/\d+$/, '');
  const expected = syntheticCasePath(label);
  return written === expected || written.endsWith(`/${expected}`);
}

/** Whether a target's test.xml is the one Bazel generates for a test that wrote no XML of its own. */
export function isBazelGenerated(report: JUnitReport, label: Label): boolean {
  const [suite, ...more] = report.suites;
  return suite !== undefined && more.length === 0 && isGeneratedSuite(suite, label);
}

/**
 * The failed case of a generated suite that ends a test's own XML, or undefined: `rr bazel test-results`
 * adds it for a test that failed (exit code, signal, timeout) after writing its XML, as `bazel test`
 * counts such a test failed.
 */
export function failureAfterOwnXml(report: JUnitReport, label: Label): CaseObservation | undefined {
  const last = report.suites.at(-1);
  if (report.suites.length < 2 || last === undefined || !isGeneratedSuite(last, label)) return undefined;
  const testcase = last.cases[0]!;
  return testcase.result === 'failed' || testcase.result === 'error' ? testcase : undefined;
}
