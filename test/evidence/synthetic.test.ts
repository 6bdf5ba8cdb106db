// Bazel-generated test.xml (a test that wrote no XML): one synthetic case per target.
import { describe, expect, it } from 'vitest';
import { bazelGenerated, ingest, ofRule, rows, suiteOf, target } from './evidence-dir.js';

describe('synthetic targets', () => {
  it('a generated test.xml gives one synthetic case named <pkg>/<name>', async () => {
    const evidence = await ingest({ 'pump/boot_test/test.xml': bazelGenerated('pump/boot_test') });
    const boot = target(evidence, '//pump:boot_test');
    expect(boot.synthetic).toBe(true);
    expect(boot.cases).toEqual([
      {
        target: '//pump:boot_test',
        path: 'pump/boot_test',
        result: 'passed',
        flaky: false,
        tags: [],
        synthetic: true,
        sources: ['pump/boot_test/test.xml'],
        at: { file: 'pump/boot_test/test.xml', line: 4 },
      },
    ]);
  });

  it('a non-zero exit is an error with Bazel message', async () => {
    const evidence = await ingest({ 'pump/boot_test/test.xml': bazelGenerated('pump/boot_test', 3) });
    expect(rows(evidence, '//pump:boot_test')).toEqual([
      { path: 'pump/boot_test', result: 'error', message: 'exited with error code 3' },
    ]);
  });

  it('recognizes the root package, external repos and shard suffixes', async () => {
    const evidence = await ingest({
      'top_test/test.xml': bazelGenerated('top_test'),
      'external/lib+/hal/hal_test/test.xml': bazelGenerated('../lib+/hal/hal_test'),
      'pump/flash_test/shard_1_of_2/test.xml': bazelGenerated('pump/flash_test_shard_1/2'),
      'pump/flash_test/shard_2_of_2/test.xml': bazelGenerated('pump/flash_test_shard_2/2', 1),
    });
    expect(rows(evidence, '//:top_test')).toEqual([{ path: 'top_test', result: 'passed' }]);
    expect(rows(evidence, '@lib+//hal:hal_test')).toEqual([{ path: 'hal/hal_test', result: 'passed' }]);
    // one synthetic result for all shards: the worst; no duplicate-case
    expect(rows(evidence, '//pump:flash_test')).toEqual([
      { path: 'pump/flash_test', result: 'error', message: 'exited with error code 1' },
    ]);
    expect(target(evidence, '//pump:flash_test').cases[0]!.sources).toEqual([
      'pump/flash_test/shard_1_of_2/test.xml',
      'pump/flash_test/shard_2_of_2/test.xml',
    ]);
    expect(evidence.diagnostics).toEqual([]);
  });

  it('a crashed attempt followed by a pass makes the synthetic case flaky', async () => {
    const evidence = await ingest({
      'pump/boot_test/test_attempts/attempt_1.xml': bazelGenerated('pump/boot_test', 1),
      'pump/boot_test/test.xml': bazelGenerated('pump/boot_test'),
    });
    expect(rows(evidence, '//pump:boot_test')).toEqual([
      { path: 'pump/boot_test', result: 'passed', flaky: true, message: 'exited with error code 1' },
    ]);
    expect(target(evidence, '//pump:boot_test').synthetic).toBe(true);
  });

  it('is not fooled by a real report whose one case shares the suite name', async () => {
    const real = '<testsuites><testsuite name="Other"><testcase name="Other"/></testsuite></testsuites>';
    const classname =
      '<testsuites><testsuite name="p/t"><testcase classname="C" name="p/t"/></testsuite></testsuites>';
    const evidence = await ingest({ 'p/t/test.xml': real, 'p/u/test.xml': classname });
    expect(target(evidence, '//p:t').synthetic).toBe(false);
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'Other/Other', result: 'passed' }]);
    expect(rows(evidence, '//p:u')).toEqual([{ path: 'C/p/t', result: 'passed' }]);
  });

  it('where the test wrote XML of its own, a passing generated shard adds nothing', async () => {
    const evidence = await ingest({
      'p/t/shard_1_of_2/test.xml': suiteOf({ a: '' }),
      'p/t/shard_2_of_2/test.xml': bazelGenerated('p/t_shard_2/2'),
    });
    expect(target(evidence, '//p:t').synthetic).toBe(false);
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/a', result: 'passed' }]);
  });

  it('a shard that crashed without XML keeps its synthetic error next to the real cases', async () => {
    const evidence = await ingest({
      'p/t/shard_1_of_2/test.xml': suiteOf({ a: '' }),
      'p/t/shard_2_of_2/test.xml': bazelGenerated('p/t_shard_2/2', 139),
    });
    const t = target(evidence, '//p:t');
    expect(t.synthetic).toBe(false);
    expect(t.cases.map((c) => [c.path, c.result, c.synthetic])).toEqual([
      ['S/a', 'passed', false],
      ['p/t', 'error', true],
    ]);
  });

  it('a crashed attempt before a real final attempt leaves only the real cases', async () => {
    const evidence = await ingest({
      'p/t/test_attempts/attempt_1.xml': bazelGenerated('p/t', 1),
      'p/t/test.xml': suiteOf({ a: '' }),
    });
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/a', result: 'passed' }]);
    expect(ofRule(evidence, 'duplicate-case')).toEqual([]);
  });
});
