import { describe, expect, it } from 'vitest';
import { normalizeLabel, parseLabel, type LabelOptions } from '../../tools/model/labels.js';

const main: LabelOptions = { mainRepo: 'rr' };

describe('parseLabel: valid spellings', () => {
  it.each<[string, string, LabelOptions?]>([
    // main repository targets
    ['//pump/dose:dose_test', '//pump/dose:dose_test'],
    ['//pump:pump', '//pump:pump'],
    ['//pump', '//pump:pump'],
    ['//pump/dose', '//pump/dose:dose'],
    ['//:root_test', '//:root_test'],
    ['//pump:tests/unit/dose_test', '//pump:tests/unit/dose_test'],
    ['//:a/b', '//:a/b'],
    ['//pump-2.x/dose_v1:dose+test~1', '//pump-2.x/dose_v1:dose+test~1'],
    ['//pümpe:prüfung', '//pümpe:prüfung'],
    ['//a:.hidden', '//a:.hidden'],
    ['//a:b@c', '//a:b@c'],
    // surrounding whitespace of every kind
    ['  //pump:t  ', '//pump:t'],
    ['\t//pump:t\n', '//pump:t'],
    ['\u00a0\u2003//pump:t\u2028', '//pump:t'],
    ['\ufeff//pump:t', '//pump:t'],
    // external repositories
    ['@lib//a:b', '@lib//a:b'],
    ['@lib//a', '@lib//a:a'],
    ['@lib//a/b', '@lib//a/b:b'],
    ['@lib//:b', '@lib//:b'],
    ['@lib', '@lib//:lib'],
    ['@@lib//a:b', '@lib//a:b'],
    ['@@lib', '@lib//:lib'],
    ['@rules_foo+//a:b', '@rules_foo+//a:b'],
    ['@@rules_foo+1.2.3+ext+dep//x', '@rules_foo+1.2.3+ext+dep//x:x'],
    ['@rules_foo~1.0~ext~dep//x:y', '@rules_foo~1.0~ext~dep//x:y'],
    ['@my.repo-2//x:y', '@my.repo-2//x:y'],
    // the main repository spelled with @
    ['@//x:y', '//x:y'],
    ['@@//x:y', '//x:y'],
    ['@//x', '//x:x'],
    ['@//:y', '//:y'],
    ['@rr//x:y', '@rr//x:y'],
    ['@rr//x:y', '//x:y', main],
    ['@@rr//x:y', '//x:y', main],
    ['@rr//x', '//x:x', main],
    ['@rr', '//:rr', main],
    ['@other//x:y', '@other//x:y', main],
    // pseudo-targets
    ['suite:Foo', 'suite:Foo'],
    ['  suite:github.com/acme/pump  ', 'suite:github.com/acme/pump'],
    ['suite:Pump.Dose+Limits', 'suite:Pump.Dose+Limits'],
    ['record:bench', 'record:bench'],
    [' record:bench-2024.01 ', 'record:bench-2024.01'],
  ])('%j → %s', (text, canonical, options) => {
    const parsed = parseLabel(text, options);
    expect(parsed).toMatchObject({ ok: true, label: { canonical } });
    expect(normalizeLabel(text, options)).toBe(canonical);
  });
});

describe('parseLabel: label parts', () => {
  it.each([
    ['//pump/dose', { kind: 'target', repo: '', pkg: 'pump/dose', name: 'dose' }],
    ['//:t', { kind: 'target', repo: '', pkg: '', name: 't' }],
    ['@lib', { kind: 'target', repo: 'lib', pkg: '', name: 'lib' }],
    ['@@lib//a:b/c', { kind: 'target', repo: 'lib', pkg: 'a', name: 'b/c' }],
    ['suite:a/b', { kind: 'suite', repo: '', pkg: 'a/b', name: '' }],
    ['record:bench', { kind: 'record', repo: '', pkg: 'bench', name: '' }],
  ])('%s', (text, parts) => {
    expect(parseLabel(text)).toMatchObject({ ok: true, label: parts });
  });
});

describe('parseLabel: invalid labels', () => {
  it.each<[string, string, LabelOptions?]>([
    // not a label at all
    ['', 'label is empty'],
    [' \t\u3000 ', 'label is empty'],
    ['foo', 'label "foo": a target label starts with // or @ (or use suite:NAME / record:STEM)'],
    ['pump:t', 'label "pump:t": a target label starts with // or @'],
    [':t', 'starts with // or @'],
    ['http://x', 'starts with // or @'],
    ['Suite:Foo', 'starts with // or @'],
    ['/pump:t', 'starts with // or @'],
    // shape of a target label
    ['//', 'names no package or target'],
    ['//:', 'target name after ":" is empty'],
    ['//pump:', 'target name after ":" is empty'],
    ['///pump:t', 'more than two leading slashes'],
    ['@lib///pump:t', 'more than two leading slashes'],
    ['//a:b:c', 'more than one ":"'],
    ['//a//b:c', 'package path "a//b" has an empty segment'],
    ['//a/:b', 'package path "a/" has an empty segment'],
    ['//a/', 'package path "a/" has an empty segment'],
    ['//a:b//c', 'target name "b//c" has an empty segment'],
    ['//a:b/', 'target name "b/" has an empty segment'],
    // package segments
    ['//pump/../x:t', 'label "//pump/../x:t": segment ".." is not allowed in a package path'],
    ['//./x:t', 'segment "." is not allowed in a package path'],
    ['//pu mp:t', 'segment "pu mp" contains whitespace'],
    ['//pu\u00a0mp:t', 'contains whitespace'],
    ['//pu#mp:t', 'segment "pu#mp" contains "#"'],
    ['//pu*:t', 'segment "pu*" contains "*"'],
    ["//pu'mp:t", `segment "pu'mp" contains "'"`],
    ['//pu"mp:t', 'segment "pu\\"mp" contains "\\""'],
    ['//pu\\mp:t', 'segment "pu\\\\mp" contains "\\\\"'],
    ['//pu\u0001mp:t', 'contains control character U+0001'],
    ['//pu\u007fmp:t', 'contains control character U+007F'],
    // target names
    ['//pump:dose test', 'label "//pump:dose test": segment "dose test" contains whitespace'],
    ['//pump:..', 'segment ".." is not allowed in a target name'],
    ['//pump:a/./b', 'segment "." is not allowed in a target name'],
    ['//pump:t#1', 'segment "t#1" contains "#"'],
    ['//pump:*', 'segment "*" contains "*"'],
    ['//pump:t\u0000', 'contains control character U+0000'],
    // repositories
    ['@', 'repository name after "@" is empty'],
    ['@@', 'repository name after "@" is empty'],
    ['@li b//x:y', 'repository name "li b" contains " "'],
    ['@lib/x:y', 'repository name "lib/x:y" contains "/"'],
    ['@lib:y', 'repository name "lib:y" contains ":"'],
    ['@@@lib//x:y', 'repository name "@lib" contains "@"'],
    ['@l#b//x:y', 'repository name "l#b" contains "#"'],
    ['@..//x:y', 'repository name ".." is not allowed'],
    ['@.', 'repository name "." is not allowed'],
    ['@lib//a//b', 'package path "a//b" has an empty segment'],
    ['@rr//../x:y', 'segment ".." is not allowed in a package path', main],
    // suite names
    ['suite:', 'suite name is empty'],
    ['suite:my suite', 'segment "my suite" contains whitespace'],
    ['suite:a//b', 'suite name "a//b" has an empty segment'],
    ['suite:a/', 'suite name "a/" has an empty segment'],
    ['suite:a/../b', 'segment ".." is not allowed in a suite name'],
    ['suite:a:b', 'segment "a:b" contains ":"'],
    ['suite:a*', 'segment "a*" contains "*"'],
    ['suite:a\tb', 'contains whitespace'],
    // record stems
    ['record:', 'record stem is empty'],
    ['record:a/b', 'record stem "a/b" may not contain "/"'],
    ['record:..', 'segment ".." is not allowed in a record stem'],
    ['record:.', 'segment "." is not allowed in a record stem'],
    ['record:be nch', 'segment "be nch" contains whitespace'],
    ['record:a:b', 'segment "a:b" contains ":"'],
    ['record:a#b', 'segment "a#b" contains "#"'],
    ['record:a\u001bb', 'contains control character U+001B'],
  ])('%j fails with %s', (text, message, options) => {
    const parsed = parseLabel(text, options);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
    expect(normalizeLabel(text, options)).toBeUndefined();
  });
});

describe('normalizeLabel', () => {
  it('gives every spelling of one target the same canonical string', () => {
    const spellings = [
      '//pump/dose:dose',
      '//pump/dose',
      ' //pump/dose ',
      '@//pump/dose',
      '@@//pump/dose:dose',
      '@rr//pump/dose',
      '@@rr//pump/dose:dose',
      '\t@rr//pump/dose:dose\n',
    ];
    const canonical = new Set(spellings.map((text) => normalizeLabel(text, main)));
    expect([...canonical]).toEqual(['//pump/dose:dose']);
  });

  it('gives every spelling of one external target the same canonical string', () => {
    const spellings = ['@lib', '@@lib', '@lib//:lib', '@@lib//:lib', ' @lib '];
    const canonical = new Set(spellings.map((text) => normalizeLabel(text, main)));
    expect([...canonical]).toEqual(['@lib//:lib']);
  });
});
