// Files that cannot be read as evidence: malformed XML, not JUnit, bad record JSON. Each is a
// diagnostic naming the file (and line); the other files still load.
import { describe, expect, it } from 'vitest';
import { ingest, junit, ofRule, rows, suiteOf, target } from './evidence-dir.js';

const GOOD = { 'p/good/test.xml': suiteOf({ t: '' }) };

describe('malformed XML', () => {
  it('is a read-error naming the file, line and column; other files still load', async () => {
    const evidence = await ingest({
      ...GOOD,
      'p/bad/test.xml':
        '<?xml version="1.0"?>\n<testsuites>\n  <testsuite name="S">\n    <testcase name="t">\n  </testsuite>\n</testsuites>\n',
    });
    expect([...evidence.targets.keys()]).toEqual(['//p:good']);
    expect(evidence.diagnostics).toEqual([
      {
        rule: 'read-error',
        severity: 'error',
        file: 'p/bad/test.xml',
        line: 5,
        column: 3,
        message: 'not well-formed XML: the end tag </testsuite> does not match <testcase> (line 4)',
      },
    ]);
  });

  it('covers truncated files, empty files, stray text and bare ampersands', async () => {
    const evidence = await ingest({
      ...GOOD,
      'a/truncated/test.xml': '<testsuites><testsuite name="S"><testcase name="t"/>',
      'a/empty/test.xml': '',
      'a/text/test.xml': 'PASSED\n',
      'a/amp/test.xml':
        '<testsuites>\n<testsuite name="S"><testcase name="t"><failure>a & b</failure></testcase></testsuite></testsuites>',
      'junit/binary.xml': new Uint8Array([0x00, 0x01, 0x02]),
    });
    expect([...evidence.targets.keys()]).toEqual(['//p:good']);
    expect(evidence.diagnostics.map((d) => [d.file, d.rule, d.severity])).toEqual([
      ['a/amp/test.xml', 'read-error', 'error'],
      ['a/empty/test.xml', 'read-error', 'error'],
      ['a/text/test.xml', 'read-error', 'error'],
      ['a/truncated/test.xml', 'read-error', 'error'],
      ['junit/binary.xml', 'read-error', 'error'],
    ]);
    expect(evidence.diagnostics.every((d) => d.message.startsWith('not well-formed XML: '))).toBe(true);
  });

  it('a bare & is named where it stands, in an attribute or in text (not in CDATA)', async () => {
    const evidence = await ingest({
      'p/attr/test.xml':
        '<testsuites>\n<testsuite name="S"><testcase name="x & y"/></testsuite>\n</testsuites>',
      'p/text/test.xml':
        '<testsuites><testsuite name="S"><testcase name="t"><failure><![CDATA[a & b]]>\n  AT&T down</failure></testcase></testsuite></testsuites>',
    });
    expect(evidence.diagnostics.map((d) => [d.file, d.line, d.column, d.message])).toEqual([
      ['p/attr/test.xml', 2, 39, 'not well-formed XML: a bare "&"; write it as &amp;'],
      ['p/text/test.xml', 2, 5, 'not well-formed XML: a bare "&"; write it as &amp;'],
    ]);
  });

  it('a start tag broken over lines has the line of its "<"', async () => {
    const evidence = await ingest({
      'p/lines/test.xml':
        '<testsuites>\n<testsuite name="S">\n<testcase\n  name="t"><failure/></testcase>\n</testsuite>\n</testsuites>',
    });
    expect(target(evidence, '//p:lines').cases[0]?.at).toEqual({ file: 'p/lines/test.xml', line: 3 });
  });

  it('a file cut short names the element it ends inside and its line', async () => {
    const evidence = await ingest({
      'p/cut/test.xml':
        '<testsuites>\n  <testsuite name="S">\n    <testcase name="t">\n      <failure message="bo',
    });
    expect(evidence.diagnostics).toEqual([
      {
        rule: 'read-error',
        severity: 'error',
        file: 'p/cut/test.xml',
        line: 4,
        column: 27,
        message: 'not well-formed XML: the file ends inside <testcase> (line 3): was it cut short?',
      },
    ]);
  });

  it('nesting up to the limit is read; one level more is a read-error, not a crash', async () => {
    const nested = (depth: number) =>
      '<testsuites>' +
      '<testsuite name="S">'.repeat(depth - 2) +
      '<testcase name="t"/>' +
      '</testsuite>'.repeat(depth - 2) +
      '</testsuites>';
    const evidence = await ingest({ 'p/ok/test.xml': nested(100), 'p/over/test.xml': nested(101) });
    expect([...evidence.targets.keys()]).toEqual(['//p:ok']);
    expect(ofRule(evidence, 'read-error').map((d) => [d.file, d.line, d.message])).toEqual([
      ['p/over/test.xml', 1, 'XML not supported: elements nested more than 100 deep'],
    ]);
  });

  it('nesting beyond the parser limit is a read-error, not a crash', async () => {
    const deep =
      '<testsuites>' + '<testsuite name="S">'.repeat(150) + '</testsuite>'.repeat(150) + '</testsuites>';
    const evidence = await ingest({ ...GOOD, 'p/deep/test.xml': deep });
    expect([...evidence.targets.keys()]).toEqual(['//p:good']);
    expect(ofRule(evidence, 'read-error').map((d) => [d.file, d.message])).toEqual([
      ['p/deep/test.xml', 'XML not supported: elements nested more than 100 deep'],
    ]);
  });

  it('an XML file that is no JUnit report is a warning and gives no cases', async () => {
    const evidence = await ingest({
      ...GOOD,
      'coverage/cobertura.xml': '<?xml version="1.0"?>\n<coverage line-rate="0.8"/>\n',
    });
    expect([...evidence.targets.keys()]).toEqual(['//p:good']);
    expect(evidence.diagnostics).toEqual([
      {
        rule: 'read-error',
        severity: 'warning',
        file: 'coverage/cobertura.xml',
        line: 2,
        message:
          'not a JUnit XML report: the root is <coverage>, not <testsuites> or <testsuite>; no cases read',
      },
    ]);
  });

  it('reads UTF-8 with a BOM, UTF-16 with a BOM, and decodes character references', async () => {
    const text = junit(
      '<testsuite name="S"><testcase classname="S" name="d&#xE9;j&#224; &lt;vu&gt; &amp; &quot;x&quot;"/></testsuite>',
    );
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(text.replace('UTF-8', 'UTF-16'), 'utf16le'),
    ]);
    const evidence = await ingest({
      'p/bom/test.xml': '\uFEFF' + text,
      'p/utf16/test.xml': utf16,
      'p/cdata/test.xml': junit(
        '<testsuite name="S"><testcase classname="S" name="c"><failure><![CDATA[&amp; stays]]></failure></testcase></testsuite>',
      ),
    });
    expect(rows(evidence, '//p:bom')).toEqual([{ path: 'S/déjà <vu> & "x"', result: 'passed' }]);
    expect(rows(evidence, '//p:utf16')).toEqual([{ path: 'S/déjà <vu> & "x"', result: 'passed' }]);
    expect(rows(evidence, '//p:cdata')).toEqual([{ path: 'S/c', result: 'failed', message: '&amp; stays' }]);
  });
});

describe('bad record JSON', () => {
  it('a syntax error names the line and column; the record is not read', async () => {
    const evidence = await ingest({
      ...GOOD,
      'records/lab.json': '{\n  "cases": [\n    {"path": "x", "result": "passed"},\n  ]\n}\n',
    });
    expect([...evidence.targets.keys()]).toEqual(['//p:good']);
    expect(evidence.diagnostics.map((d) => [d.file, d.line, d.column, d.rule, d.severity])).toEqual([
      ['records/lab.json', 4, 3, 'read-error', 'error'],
    ]);
    expect(evidence.diagnostics[0]!.message).toMatch(/^record not read: not valid JSON: /);
  });

  it('schema errors name the field, in words, at its line; the whole record is rejected', async () => {
    const evidence = await ingest({
      'records/lab.json': [
        '{',
        '  "record": {"title": "T", "operator": 7},',
        '  "cases": [',
        '    {"path": "a", "result": "passed"},',
        '    {"path": "b", "result": "pass", "tags": ["REQ-1, REQ-2"]},',
        '    {"result": "failed", "colour": "red"},',
        '    {"path": "", "result": "error", "attachments": [{"path": "x.csv", "sha256": "abc"}]}',
        '  ]',
        '}',
      ].join('\n'),
    });
    expect(evidence.targets.size).toBe(0);
    expect(evidence.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [2, 'record not read: "operator" of "record" must be a string; got number 7'],
      [
        5,
        'record not read: "result" of case 2 must be one of "passed", "failed", "error", "skipped"; got "pass"',
      ],
      [
        5,
        'record not read: tag 1 of case 2 must be one entity id without spaces or commas; got "REQ-1, REQ-2" ' +
          '(list several ids as separate items)',
      ],
      [6, 'record not read: case 3 is missing required key "path"'],
      [6, 'record not read: unknown key "colour" in case 3; remove it or check its spelling'],
      [7, 'record not read: "path" of case 4 must not be empty'],
      [7, 'record not read: "sha256" of attachment 1 of case 4 must be 64 hexadecimal digits; got "abc"'],
    ]);
    expect(evidence.diagnostics.every((d) => d.file === 'records/lab.json' && d.rule === 'read-error')).toBe(
      true,
    );
  });

  it('a document that is not an object with cases is rejected', async () => {
    const evidence = await ingest({ 'records/a.json': '[]', 'records/b.json': '{"record": {}}' });
    expect(evidence.diagnostics.map((d) => [d.file, d.message])).toEqual([
      ['records/a.json', 'record not read: the record file must be a mapping; got a list'],
      ['records/b.json', 'record not read: the record file is missing required key "cases"'],
    ]);
  });

  it('accepts a $schema key for editors', async () => {
    const evidence = await ingest({
      'records/a.json': JSON.stringify({ $schema: 'https://rr.dev/schemas/record.schema.json', cases: [] }),
    });
    expect(evidence.diagnostics).toEqual([]);
  });
});
