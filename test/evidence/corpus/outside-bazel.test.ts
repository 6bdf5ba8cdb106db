// docs/evidence.md, "Evidence from runners outside Bazel": each runner's real report, put where the
// table says, is read whole under the target of its folder, with the case paths the table gives.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ingestEvidence } from '../../../tools/evidence/ingest-evidence.js';
import { evidenceDir } from '../evidence-dir.js';
import { corpusBytes, needsJunitCorpus } from './junit-corpus.js';
import { available } from '../../requirements.js';
import { countResults } from './result-counter.js';

const VITEST_FIXTURE = new URL(
  '../../fixtures/evidence/testlogs/ui/dose_view/dose_view_test/test.xml',
  import.meta.url,
);

/** Runner, corpus file (or this repository's vitest fixture), folder from the docs' table, a case path it shows. */
const RUNNERS: [string, string | URL, string, string][] = [
  ['jest', 'test-reporter/jest-junit.xml', 'web/jest', 'Test 1 › Test 1.1/Failing test'],
  ['vitest', VITEST_FIXTURE, 'web/vitest', 'pump/dose.test.ts/dose calculator > computes the hourly rate'],
  [
    'mocha',
    'action-junit-report/mocha/mocha.xml',
    'web/mocha',
    'projectUTCOffset should be a callable with current UTC offset/Config files default config projectUTCOffset should be a callable with current UTC offset',
  ],
  [
    'pytest',
    'publish-unit-test-result-action/junit.fail.xml',
    'py/unit',
    'test.test_spark.SparkTests/test_get_available_devices',
  ],
  [
    'gotestsum',
    'gotestsum/junitxml-report.golden',
    'go/unit',
    'gotest.tools/gotestsum/testjson/internal/good/TestNestedSuccess',
  ],
  [
    'cargo-nextest',
    'action-junit-report/basic.xml',
    'rust/unit',
    'oxidized_navigation::parry3d/test_annotations',
  ],
  [
    'surefire',
    'action-junit-report/surefire-report.xml',
    'java/MicrosoftTeamsCrudTest',
    'io.sodadata.dependson.soda.integrations.msteams.MicrosoftTeamsCrudTest/createWebhook',
  ],
  [
    'googletest',
    'xunit-plugin/googletest-testcase4/input.xml',
    'cpp/unit',
    'DisabledTest/DISABLED_test_not_run',
  ],
  [
    'xunit.net',
    'publish-unit-test-result-action/xunit.xml',
    'dotnet/unit',
    'Rhino Collection/mytestapp.Tests.AttriubteTests.GetTestNoFeature',
  ],
  [
    'nunit',
    'publish-unit-test-result-action/NUnit-correct.junit-xml',
    'dotnet/unit',
    'NUnit.Tests.Assemblies.MockTestFixture/NUnit.Tests.Assemblies.MockTestFixture.FailingTest',
  ],
];

describe.runIf(available(needsJunitCorpus()))(
  'reports of runners outside Bazel, laid out as docs/evidence.md says',
  () => {
    const doc = readFileSync(new URL('../../../docs/evidence.md', import.meta.url), 'utf8');

    it.each(RUNNERS)('%s: %s in %s/test.xml', async (_, source, folder, path) => {
      const bytes = source instanceof URL ? readFileSync(source) : corpusBytes(source);
      const evidence = await ingestEvidence(await evidenceDir({ [`${folder}/test.xml`]: bytes }));
      const slash = folder.lastIndexOf('/');
      const label = `//${folder.slice(0, slash)}:${folder.slice(slash + 1)}`;
      expect([...evidence.targets.keys()]).toEqual([label]);
      const counted = countResults(bytes.toString('utf8'));
      if (counted.kind !== 'junit') throw new Error(`${String(source)} is no JUnit report`);
      const cases = evidence.targets.get(label)!.cases;
      expect(cases).toHaveLength(counted.count.cases);
      expect(cases.map((c) => c.path)).toContain(path);
      expect(evidence.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      // The docs' table shows the same path (long ones shortened with …).
      const shown = path.length > 60 ? path.split('/').pop()!.slice(0, 20) : path;
      expect(doc).toContain(shown);
    });
  },
);
