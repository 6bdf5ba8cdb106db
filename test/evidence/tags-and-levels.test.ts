// Requirement tags and levels on testcases, and the suite-level-requirement warning.
import { describe, expect, it } from 'vitest';
import { ingest, junit, ofRule, rows } from './evidence-dir.js';

const one = (testcase: string, suite = '<testsuite name="S">') => ({
  'p/t/test.xml': junit(suite, testcase, '</testsuite>'),
});

describe('tags', () => {
  it('reads requirement and verifies properties; several properties give several tags', async () => {
    const evidence = await ingest(
      one(
        [
          '<testcase classname="S" name="t"><properties>',
          '  <property name="requirement" value="REQ-2"/>',
          '  <property name="verifies" value="REQ-1"/>',
          '  <property name="requirement" value="REQ-2"/>',
          '  <property name="owner" value="REQ-9"/>',
          '</properties></testcase>',
        ].join('\n'),
      ),
    );
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/t', result: 'passed', tags: ['REQ-1', 'REQ-2'] }]);
  });

  it('splits a value on commas and whitespace, keeping every id, sorted and unique', async () => {
    const evidence = await ingest(
      one(
        '<testcase classname="S" name="t"><properties><property name="requirement" value=" REQ-3, REQ-1 ,,REQ-2&#10;REQ-1"/></properties></testcase>',
      ),
    );
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'S/t', result: 'passed', tags: ['REQ-1', 'REQ-2', 'REQ-3'] },
    ]);
  });

  it('reads googletest RecordProperty attributes on the testcase, and values in property text', async () => {
    const evidence = await ingest(
      one(
        [
          '<testcase classname="S" name="a" requirement="REQ-1" level="unit" status="run"/>',
          '<testcase classname="S" name="b" verifies="REQ-2,REQ-3"/>',
          '<testcase classname="S" name="c"><properties><property name="requirement">REQ-4</property></properties></testcase>',
        ].join('\n'),
      ),
    );
    expect(rows(evidence, '//p:t')).toEqual([
      { path: 'S/a', result: 'passed', tags: ['REQ-1'], level: 'unit' },
      { path: 'S/b', result: 'passed', tags: ['REQ-2', 'REQ-3'] },
      { path: 'S/c', result: 'passed', tags: ['REQ-4'] },
    ]);
  });

  it('is case-sensitive about the property name and ignores empty values', async () => {
    const evidence = await ingest(
      one(
        '<testcase classname="S" name="t"><properties><property name="Requirement" value="REQ-1"/><property name="verifies" value=" "/><property name="level" value=""/></properties></testcase>',
      ),
    );
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/t', result: 'passed' }]);
  });

  it('takes the first level, from properties before attributes', async () => {
    const evidence = await ingest(
      one(
        '<testcase classname="S" name="t" level="system"><properties><property name="level" value=" integration "/><property name="level" value="unit"/></properties></testcase>',
      ),
    );
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/t', result: 'passed', level: 'integration' }]);
  });
});

describe('suite-level-requirement', () => {
  it('warns for a requirement property on a testsuite, per id, and does not tag the cases', async () => {
    const evidence = await ingest(
      one(
        '<testcase classname="S" name="t"/>',
        [
          '<testsuite name="S">',
          '  <properties>',
          '    <property name="requirement" value="REQ-1, REQ-2"/>',
          '    <property name="verifies" value="REQ-1"/>',
          '  </properties>',
        ].join('\n'),
      ),
    );
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'S/t', result: 'passed' }]);
    expect(ofRule(evidence, 'suite-level-requirement')).toEqual([
      {
        rule: 'suite-level-requirement',
        severity: 'warning',
        entity: 'REQ-1',
        file: 'p/t/test.xml',
        line: 5,
        message:
          'test suite "S" has a "requirement" property naming REQ-1; suite properties are not inherited by ' +
          'its cases, so no case is tagged with REQ-1: put the property on each testcase',
      },
      {
        rule: 'suite-level-requirement',
        severity: 'warning',
        entity: 'REQ-2',
        file: 'p/t/test.xml',
        line: 5,
        message:
          'test suite "S" has a "requirement" property naming REQ-2; suite properties are not inherited by ' +
          'its cases, so no case is tagged with REQ-2: put the property on each testcase',
      },
    ]);
  });

  it('warns for googletest suite attributes and for the <testsuites> root', async () => {
    const evidence = await ingest({
      'p/t/test.xml': [
        '<testsuites name="AllTests" verifies="REQ-7">',
        '  <testsuite name="DoseTest" requirement="REQ-9">',
        '    <testcase classname="DoseTest" name="t" requirement="REQ-1"/>',
        '  </testsuite>',
        '</testsuites>',
      ].join('\n'),
    });
    expect(rows(evidence, '//p:t')).toEqual([{ path: 'DoseTest/t', result: 'passed', tags: ['REQ-1'] }]);
    expect(
      ofRule(evidence, 'suite-level-requirement').map((d) => [d.line, d.entity, d.message.split(';')[0]]),
    ).toEqual([
      [1, 'REQ-7', 'the <testsuites> element "AllTests" has a "verifies" property naming REQ-7'],
      [2, 'REQ-9', 'test suite "DoseTest" has a "requirement" property naming REQ-9'],
    ]);
  });

  it('other suite properties (go.version, java.version) are no warning', async () => {
    const evidence = await ingest(
      one(
        '<testcase classname="S" name="t"/>',
        '<testsuite name="S"><properties><property name="go.version" value="go1.22"/><property name="level" value="unit"/></properties>',
      ),
    );
    expect(evidence.diagnostics).toEqual([]);
  });
});
