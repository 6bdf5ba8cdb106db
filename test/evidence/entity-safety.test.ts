// DOCTYPE entities are never expanded: a billion-laughs file, an external entity or a parameter entity
// gives literal text (and a warning), never a giant string, a hang or a file read.
import { describe, expect, it } from 'vitest';
import { ingest, ofRule, rows, suiteOf, target } from './evidence-dir.js';

const LAUGHS = [
  '<?xml version="1.0"?>',
  '<!DOCTYPE lolz [',
  ' <!ENTITY lol "lol">',
  ...Array.from({ length: 8 }, (_, i) => {
    const ref = i === 0 ? '&lol;' : `&lol${i + 1};`;
    return ` <!ENTITY lol${i + 2} "${ref.repeat(10)}">`;
  }),
  ']>',
  '<testsuites>',
  '  <testsuite name="S">',
  '    <testcase classname="S" name="&lol9;"><failure message="&lol9;">&lol9;</failure></testcase>',
  '  </testsuite>',
  '</testsuites>',
].join('\n');

describe('entity expansion is off', () => {
  it('a billion-laughs test.xml finishes with literal references and a warning', async () => {
    expect(LAUGHS).toContain('<!ENTITY lol9 "&lol8;&lol8;');
    const evidence = await ingest({ 'p/lol/test.xml': LAUGHS, 'p/good/test.xml': suiteOf({ t: '' }) });
    expect(rows(evidence, '//p:lol')).toEqual([{ path: 'S/&lol9;', result: 'failed', message: '&lol9;' }]);
    expect(rows(evidence, '//p:good')).toEqual([{ path: 'S/t', result: 'passed' }]);
    expect(ofRule(evidence, 'read-error')).toEqual([
      {
        rule: 'read-error',
        severity: 'warning',
        file: 'p/lol/test.xml',
        line: 2,
        message:
          'the DOCTYPE declaration is ignored: rr expands no entities, so references other than &lt; &gt; ' +
          '&amp; &quot; &apos; and numeric ones stay as written',
      },
    ]);
    const longest = Math.max(
      ...target(evidence, '//p:lol').cases.flatMap((c) => [c.path.length, c.message?.length ?? 0]),
    );
    expect(longest).toBeLessThan(20);
  });

  it('an external entity is never fetched: the reference stays as written, with the DOCTYPE warning', async () => {
    const xxe = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      '<testsuites><testsuite name="S"><testcase classname="S" name="&xxe;"/></testsuite></testsuites>',
    ].join('\n');
    const evidence = await ingest({ 'p/xxe/test.xml': xxe });
    expect(rows(evidence, '//p:xxe')).toEqual([{ path: 'S/&xxe;', result: 'passed' }]);
    expect(ofRule(evidence, 'read-error').map((d) => [d.severity, d.message.slice(0, 31)])).toEqual([
      ['warning', 'the DOCTYPE declaration is igno'],
    ]);
  });

  it('a quadratic blow-up (one big entity used many times) stays small', async () => {
    const big = 'x'.repeat(50_000);
    const refs = '&big;'.repeat(10_000);
    const text = `<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY big "${big}">]>\n<testsuites><testsuite name="S"><testcase classname="S" name="t"><failure>${refs}</failure></testcase></testsuite></testsuites>`;
    const evidence = await ingest({ 'p/q/test.xml': text });
    expect(rows(evidence, '//p:q')).toEqual([{ path: 'S/t', result: 'failed', message: refs }]);
  });

  it('no DOCTYPE, no warning', async () => {
    const evidence = await ingest({ 'p/t/test.xml': suiteOf({ t: '' }) });
    expect(evidence.diagnostics).toEqual([]);
  });
});

describe('character references', () => {
  const failing = (message: string) =>
    `<testsuites><testsuite name="S"><testcase classname="S" name="t"><failure message="${message}">${message}</failure></testcase></testsuite></testsuites>`;

  it('decodes the five predefined entities and numeric references, in attributes and text', async () => {
    const written = '&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos; &#x9;&#34;&#x1F600; &amp;lt;&#10;second';
    const evidence = await ingest({ 'p/refs/test.xml': failing(written) });
    const [found] = target(evidence, '//p:refs').cases;
    // `&amp;lt;` is the text `&lt;`, not `<`; `&#10;` is a line break, and messages keep their first line
    expect(found?.message).toBe(`<a> & "b" 'c' \t"\u{1F600} &lt;`);
    expect(evidence.diagnostics).toEqual([]);
  });

  it('leaves undefined and invalid references as written, without costing the file', async () => {
    const written = '&nbsp; &lol9; &#0; &#xD800; &#x110000;';
    const evidence = await ingest({ 'p/refs/test.xml': failing(written) });
    expect(target(evidence, '//p:refs').cases[0]?.message).toBe(written);
    expect(evidence.diagnostics).toEqual([]);
  });
});
