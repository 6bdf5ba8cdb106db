// records/<stem>.{json,xml} → record:STEM, and free-standing JUnit files → suite:NAME per <testsuite>.
import { describe, expect, it } from 'vitest';
import { ingest, junit, ofRule, rows, suiteOf, target } from './evidence-dir.js';

const record = (value: unknown) => JSON.stringify(value, null, 2);

describe('records', () => {
  it('a JSON record gives record:STEM with its cases, record block and attachments', async () => {
    const evidence = await ingest({
      'records/bench.json': record({
        record: { title: 'Bench', operator: 'A. B.' },
        cases: [
          { path: 'b/two', result: 'failed', message: 'first line\nsecond line', tags: ['R2', 'R1', 'R2'] },
          { path: 'a/one', result: 'passed', level: 'system', attachments: [{ path: 'scope.png' }] },
        ],
      }),
    });
    const bench = target(evidence, 'record:bench');
    expect(bench).toEqual({
      target: 'record:bench',
      origin: 'record',
      synthetic: false,
      record: { title: 'Bench', operator: 'A. B.' },
      cases: [
        {
          target: 'record:bench',
          path: 'a/one',
          result: 'passed',
          flaky: false,
          tags: [],
          level: 'system',
          synthetic: false,
          sources: ['records/bench.json'],
          at: { file: 'records/bench.json', line: 17 },
          attachments: [{ path: 'scope.png' }],
        },
        {
          target: 'record:bench',
          path: 'b/two',
          result: 'failed',
          flaky: false,
          tags: ['R1', 'R2'],
          message: 'first line',
          synthetic: false,
          sources: ['records/bench.json'],
          at: { file: 'records/bench.json', line: 7 },
        },
      ],
    });
    expect(evidence.diagnostics).toEqual([]);
  });

  it('a JUnit record merges all its suites into record:STEM', async () => {
    const evidence = await ingest({
      'records/lab.xml': junit(
        '<testsuite name="one"><testcase classname="a" name="x"/></testsuite>',
        '<testsuite name="two"><testcase name="y"><failure message="m"/></testcase></testsuite>',
      ),
    });
    expect(rows(evidence, 'record:lab')).toEqual([
      { path: 'a/x', result: 'passed' },
      { path: 'two/y', result: 'failed', message: 'm' },
    ]);
  });

  it('records/<stem>.json and .xml of one stem are one target; a shared case is a duplicate', async () => {
    const evidence = await ingest({
      'records/lab.json': record({
        cases: [
          { path: 'S/x', result: 'passed' },
          { path: 'S/j', result: 'passed' },
        ],
      }),
      'records/lab.xml': suiteOf({ x: 'failure', k: '' }),
    });
    expect(rows(evidence, 'record:lab')).toEqual([
      { path: 'S/j', result: 'passed' },
      { path: 'S/k', result: 'passed' },
      { path: 'S/x', result: 'failed', message: 'x failure' },
    ]);
    expect(ofRule(evidence, 'duplicate-case').map((d) => d.file)).toEqual(['records/lab.xml']);
  });

  it('the same path twice in one JSON record is duplicate-case at the second entry', async () => {
    const evidence = await ingest({
      'records/lab.json': record({
        cases: [
          { path: 'x', result: 'failed' },
          { path: 'x', result: 'passed' },
        ],
      }),
    });
    expect(rows(evidence, 'record:lab')).toEqual([{ path: 'x', result: 'failed' }]);
    expect(ofRule(evidence, 'duplicate-case').map((d) => [d.file, d.line])).toEqual([
      ['records/lab.json', 7],
    ]);
  });

  it('only files directly in the root records/ folder are records', async () => {
    const evidence = await ingest({
      'records/2024/old.json': record({ cases: [] }),
      'records/lab/test.xml': suiteOf({ t: '' }),
      'sub/records/x.xml': suiteOf({ t: '' }, 'nested'),
    });
    expect([...evidence.targets.keys()]).toEqual(['//records:lab', 'suite:nested']);
    expect(evidence.diagnostics.map((d) => [d.file, d.severity, d.message])).toEqual([
      [
        'records/2024/old.json',
        'warning',
        'file not read: a record file must sit directly in records/ (its name gives record:STEM)',
      ],
    ]);
  });

  it('a record file name that is no label is bad-target', async () => {
    const evidence = await ingest({ 'records/lab run.json': record({ cases: [] }) });
    expect(evidence.targets.size).toBe(0);
    expect(ofRule(evidence, 'bad-target').map((d) => d.file)).toEqual(['records/lab run.json']);
  });

  it('an empty record is a record target with no cases', async () => {
    const evidence = await ingest({ 'records/empty.json': record({ cases: [] }) });
    expect(target(evidence, 'record:empty')).toEqual({
      target: 'record:empty',
      origin: 'record',
      synthetic: false,
      cases: [],
    });
  });
});

describe('free-standing JUnit files', () => {
  it('every <testsuite> becomes suite:NAME, names with / included (Go package paths)', async () => {
    const evidence = await ingest({
      'junit/go.xml': junit(
        '<testsuite name="github.com/acme/pump/dosing"><testcase classname="github.com/acme/pump/dosing" name="TestRate/low"/></testsuite>',
        '<testsuite name="Other"><testcase name="t"/></testsuite>',
      ),
      'deep/er/x.xml': '<testsuite name="bare"><testcase classname="K" name="t"/></testsuite>',
    });
    expect([...evidence.targets.keys()]).toEqual([
      'suite:Other',
      'suite:bare',
      'suite:github.com/acme/pump/dosing',
    ]);
    expect(target(evidence, 'suite:Other').origin).toBe('suite');
    expect(rows(evidence, 'suite:github.com/acme/pump/dosing')).toEqual([
      { path: 'github.com/acme/pump/dosing/TestRate/low', result: 'passed' },
    ]);
    expect(rows(evidence, 'suite:bare')).toEqual([{ path: 'K/t', result: 'passed' }]);
  });

  it('nested <testsuite>s are suites of their own', async () => {
    const evidence = await ingest({
      'junit/nested.xml': junit(
        '<testsuite name="outer"><testcase name="a"/>',
        '  <testsuite name="inner"><testcase name="b"/></testsuite>',
        '</testsuite>',
      ),
    });
    expect(rows(evidence, 'suite:outer')).toEqual([{ path: 'outer/a', result: 'passed' }]);
    expect(rows(evidence, 'suite:inner')).toEqual([{ path: 'inner/b', result: 'passed' }]);
  });

  it('a suite name that is no label is bad-target naming file, line and suite; other suites still load', async () => {
    const evidence = await ingest({
      'junit/jest.xml': junit(
        '  <testsuite name="dose calculator">',
        '    <testcase classname="dose calculator rate" name="dose calculator rate"/>',
        '  </testsuite>',
        '  <testsuite name="ok"><testcase name="t"/></testsuite>',
      ),
    });
    expect([...evidence.targets.keys()]).toEqual(['suite:ok']);
    expect(ofRule(evidence, 'bad-target')).toEqual([
      {
        rule: 'bad-target',
        severity: 'error',
        file: 'junit/jest.xml',
        line: 3,
        message:
          'test suite "dose calculator" cannot be a target: a free-standing JUnit file\'s suites become ' +
          'suite:NAME targets, and the name "dose calculator" contains whitespace; 1 case is not read. To ' +
          'keep every case whatever the suites are called, move it to junit/jest/test.xml (target ' +
          '//junit:jest) or to records/jest.xml (record:jest) (see "Evidence from runners outside Bazel" ' +
          'in docs/evidence.md)',
      },
    ]);
  });

  it('one suite in two files is one target: cases are joined, a shared case is a duplicate', async () => {
    const evidence = await ingest({
      'junit/a.xml': suiteOf({ x: '', only_a: '' }),
      'junit/b.xml': suiteOf({ x: 'error', only_b: '' }),
    });
    expect(rows(evidence, 'suite:S')).toEqual([
      { path: 'S/only_a', result: 'passed' },
      { path: 'S/only_b', result: 'passed' },
      { path: 'S/x', result: 'error', message: 'x error' },
    ]);
    expect(target(evidence, 'suite:S').cases[2]!.sources).toEqual(['junit/a.xml', 'junit/b.xml']);
    expect(ofRule(evidence, 'duplicate-case').map((d) => d.file)).toEqual(['junit/b.xml']);
  });

  it('a suite without cases is a target without cases', async () => {
    const evidence = await ingest({ 'junit/empty.xml': junit('<testsuite name="empty" tests="0"/>') });
    expect(target(evidence, 'suite:empty')).toEqual({
      target: 'suite:empty',
      origin: 'suite',
      synthetic: false,
      cases: [],
    });
  });
});
