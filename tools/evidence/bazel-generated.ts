// Bazel writes test.xml itself (tools/test/generate-xml.sh) when a test wrote none: one <testsuite>
// and one <testcase>, both named after the test binary's runfiles path (TEST_BINARY, e.g.
// `pump/dose/dose_test`, `../rules_pump+/hal/hal_test`, `pump/dose/dose_test_shard_1/2` when sharded),
// with no classname, and an <error> child when the test exited non-zero.
import type { Label } from '../model/labels.js';
import type { JUnitReport } from './junit-report.js';

/** The path rr gives a target's synthetic case: `<package>/<name>`, or `<name>` in the root package. */
export function syntheticCasePath(label: Label): string {
  return label.pkg === '' ? label.name : `${label.pkg}/${label.name}`;
}

/** Whether a target's test.xml is the one Bazel generates for a test that wrote no XML of its own. */
export function isBazelGenerated(report: JUnitReport, label: Label): boolean {
  const [suite, ...more] = report.suites;
  if (suite === undefined || more.length > 0 || suite.cases.length !== 1) return false;
  const testcase = suite.cases[0]!;
  // With no classname the path is `<suite>/<name>`; Bazel gives suite and case the same name.
  if (testcase.path !== `${suite.name}/${suite.name}`) return false;
  const written = suite.name.replace(/^\.{1,2}\//, '').replace(/_shard_\d+\/\d+$/, '');
  const expected = syntheticCasePath(label);
  return written === expected || written.endsWith(`/${expected}`);
}
