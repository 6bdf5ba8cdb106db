// Per-claim rules: bare-target-reference, whole-target-reference, glob-selector, redundant-selector,
// bad-selector and bad-target (docs/diagnostics.md; docs/decisions/README.md#claims-and-selectors, docs/decisions/0021-canonical-spelling-of-labels.md).
import { describe, expect, it } from 'vitest';
import { claimModel } from './claim-models.js';
import { validateYaml } from './model-fixture.js';

describe('bare-target-reference', () => {
  it.each([
    ['a bare label', ['- //pump:t'], '- //pump:t', 9, 'is a bare label'],
    ['a {target} object', ['- target: //pump:t'], 'target: //pump:t', 9, 'is a target object without cases'],
    [
      'a {target, level} object',
      ['- target: //pump:t', '  level: unit'],
      'target: //pump:t',
      9,
      'is a target object without cases',
    ],
  ])('fires for %s', async (_, lines, marker, column, form) => {
    const fx = await validateYaml(claimModel([lines]));
    expect(fx.diagnostics).toMatchObject([
      { rule: 'bare-target-reference', severity: 'warning', entity: 'REQ-1', ...fx.at(marker), column },
    ]);
    expect(fx.diagnostics[0]!.message).toContain(`claim on //pump:t ${form} (deprecated`);
  });

  it('fires on a user need validated_by bare label too', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
          validated_by: [record:usability_study]
      requirements:
        - id: REQ-1
          title: r
          satisfies: UN-1
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'bare-target-reference', entity: 'UN-1', ...fx.at('validated_by:') },
    ]);
  });

  it.each([
    ['per-case claim', ['- target: //pump:t', '  cases: [a]', '  level: unit']],
    [
      'whole-target claim with a reason',
      ['- target: //pump:t', '  whole: true', '  reason: reports no cases'],
    ],
  ])('is silent for a %s', async (_, lines) => {
    const fx = await validateYaml(claimModel([lines]));
    expect(fx.diagnostics).toEqual([]);
  });
});

describe('whole-target-reference', () => {
  it.each([
    ['without reason', []],
    ['with an empty reason', ['  reason: ""']],
    ['with a blank reason', ['  reason: "   "']],
  ])('fires for whole: true %s', async (_, extra) => {
    const fx = await validateYaml(claimModel([['- target: //pump:t', '  whole: true', ...extra]]));
    expect(fx.diagnostics).toMatchObject([
      {
        rule: 'whole-target-reference',
        severity: 'warning',
        entity: 'REQ-1',
        ...fx.at('target: //pump:t'),
        column: 9,
      },
    ]);
  });

  it('is silent with a reason, and with a level beside it', async () => {
    const fx = await validateYaml(
      claimModel([
        ['- target: //pump:t', '  whole: true', '  level: system', '  reason: one synthetic result'],
      ]),
    );
    expect(fx.diagnostics).toEqual([]);
  });
});

describe('glob-selector (off by default)', () => {
  const globs = [['- target: //pump:t', '  cases: ["Rate/*", "Other/\\\\*"]']];

  it('is silent by default', async () => {
    const fx = await validateYaml(claimModel(globs));
    expect(fx.diagnostics).toEqual([]);
  });

  it('fires for a selector with an unescaped star when configured, not for an escaped star', async () => {
    const fx = await validateYaml(claimModel(globs, ['rules:', '  glob-selector: warning']));
    expect(fx.diagnostics).toMatchObject([
      { rule: 'glob-selector', severity: 'warning', entity: 'REQ-1', ...fx.at('cases:'), column: 17 },
    ]);
    expect(fx.diagnostics[0]!.message).toContain('selector "Rate/*" is a glob');
  });

  it('can be made an error', async () => {
    const fx = await validateYaml(
      claimModel([['- target: //pump:t', '  cases: ["*"]']], ['rules: {glob-selector: error}']),
    );
    expect(fx.diagnostics).toMatchObject([{ rule: 'glob-selector', severity: 'error' }]);
  });
});

describe('redundant-selector', () => {
  it('fires for one literal twice across two claim items of one entity on one target', async () => {
    const fx = await validateYaml(
      claimModel([['- target: //pump:t', '  cases: [a, b]', '- target: //pump:t', '  cases: [c, b]']]),
    );
    expect(fx.diagnostics).toMatchObject([
      {
        rule: 'redundant-selector',
        severity: 'warning',
        entity: 'REQ-1',
        ...fx.at('cases: [c, b]'),
        column: 20,
      },
    ]);
    expect(fx.diagnostics[0]!.message).toContain(
      `"b" on //pump:t can select the same cases as "b" (line ${fx.at('cases: [a, b]').line})`,
    );
  });

  it('fires for a literal twice in one cases list', async () => {
    const fx = await validateYaml(claimModel([['- target: //pump:t', '  cases:', '    - a', '    - a']]));
    expect(fx.diagnostics).toMatchObject([{ rule: 'redundant-selector', line: fx.at('cases:').line + 2 }]);
  });

  it('fires for a glob and a literal it matches, at the later one', async () => {
    const fx = await validateYaml(
      claimModel([
        ['- target: //pump:t', '  cases: ["Rate/low"]', '- target: //pump:t', '  cases: ["Rate/*"]'],
      ]),
    );
    expect(fx.diagnostics).toMatchObject([
      { rule: 'redundant-selector', entity: 'REQ-1', ...fx.at('cases: ["Rate/*"]') },
    ]);
    const reversed = await validateYaml(
      claimModel([
        ['- target: //pump:t', '  cases: ["Rate/*"]', '- target: //pump:t', '  cases: ["Rate/low"]'],
      ]),
    );
    expect(reversed.diagnostics).toMatchObject([
      { rule: 'redundant-selector', entity: 'REQ-1', ...reversed.at('cases: ["Rate/low"]') },
    ]);
  });

  it('fires for two globs that can select one case', async () => {
    const fx = await validateYaml(claimModel([['- target: //pump:t', '  cases: ["Rate/*", "*/low"]']]));
    expect(fx.diagnostics).toMatchObject([{ rule: 'redundant-selector', line: fx.at('cases:').line }]);
  });

  it.each([
    [
      'whole then cases',
      ['- target: //pump:t', '  whole: true', '  reason: r', '- target: //pump:t', '  cases: [a]'],
      'cases: [a]',
    ],
    [
      'cases then whole',
      ['- target: //pump:t', '  cases: [a]', '- target: //pump:t', '  whole: true', '  reason: r'],
      'whole: true',
    ],
  ])('fires for a whole-target claim plus a selector: %s', async (_, lines, later) => {
    const fx = await validateYaml(claimModel([lines]));
    const expected = later === 'whole: true' ? fx.at('whole: true').line - 1 : fx.at(later).line;
    expect(fx.diagnostics).toMatchObject([{ rule: 'redundant-selector', entity: 'REQ-1', line: expected }]);
  });

  it('fires for two whole-target claims, one of them deprecated', async () => {
    const fx = await validateYaml(
      claimModel([['- //pump:t', '- target: //pump:t', '  whole: true', '  reason: r']]),
    );
    expect(fx.rules()).toEqual(['bare-target-reference', 'redundant-selector']);
  });

  it('treats spellings of one target as one target', async () => {
    const fx = await validateYaml(
      claimModel([['- target: //pump', '  cases: [a]', '- target: " //pump:pump "', '  cases: [a]']]),
    );
    expect(fx.diagnostics).toMatchObject([{ rule: 'redundant-selector', entity: 'REQ-1' }]);
    expect(fx.diagnostics[0]!.message).toContain('on //pump:pump');
  });

  it.each([
    ['disjoint literals', ['- target: //pump:t', '  cases: [a, b]', '- target: //pump:t', '  cases: [c]']],
    [
      'the same literal on different targets',
      ['- target: //pump:t', '  cases: [a]', '- target: //pump:u', '  cases: [a]'],
    ],
    ['a glob and a literal it does not match', ['- target: //pump:t', '  cases: ["Rate/*", "Dose/low"]']],
    ['globs with different first characters', ['- target: //pump:t', '  cases: ["a*", "b*"]']],
    ['globs with different last characters', ['- target: //pump:t', '  cases: ["*x", "*y"]']],
    [
      'a whole-target claim and a selector on another target',
      ['- target: //pump:t', '  whole: true', '  reason: r', '- target: //pump:u', '  cases: [a]'],
    ],
    ['an escaped star and a plain literal', ['- target: //pump:t', '  cases: ["a\\\\*", "ab"]']],
  ])('is silent for %s', async (_, lines) => {
    const fx = await validateYaml(claimModel([lines]));
    expect(fx.diagnostics).toEqual([]);
  });

  it('is silent for the same literal claimed by different entities (that is shared-case)', async () => {
    const fx = await validateYaml(
      claimModel([
        ['- target: //pump:t', '  cases: [a]'],
        ['- target: //pump:t', '  cases: [a]'],
      ]),
    );
    expect(fx.rules()).toEqual(['shared-case']);
  });

  it('ignores bad selectors (they are bad-selector)', async () => {
    const fx = await validateYaml(claimModel([['- target: //pump:t', '  cases: ["a\\\\q", "a\\\\q"]']]));
    expect(fx.rules()).toEqual(['bad-selector']);
  });
});

describe('bad-selector', () => {
  it.each([
    ['an empty string', '""', 'selector is empty'],
    ['only spaces', '"  "', 'selector is empty'],
    ['a leading space', '" a"', 'leading or trailing whitespace'],
    ['a trailing space', '"a "', 'leading or trailing whitespace'],
    ['a trailing tab', '"a\\t"', 'leading or trailing whitespace'],
    ['a \\q escape', '"a\\\\qb"', 'backslash at column 2 escapes nothing'],
    ['a lone trailing backslash', '"ab\\\\"', 'backslash at column 3 escapes nothing'],
    ['a control character', '"a\\x01b"', 'control character'],
    ['a tab inside', '"a\\tb"', 'control character'],
    ['DEL', '"a\\x7fb"', 'control character'],
  ])('fires for %s', async (_, yaml, problem) => {
    const fx = await validateYaml(claimModel([['- target: //pump:t', `  cases: [ok, ${yaml}]`]]));
    const found = fx.of('bad-selector');
    expect(found).toMatchObject([{ severity: 'error', entity: 'REQ-1', ...fx.at('cases:'), column: 21 }]);
    expect(found[0]!.message).toContain(problem);
  });

  it('an empty string is also an invalid-field for the schema', async () => {
    const fx = await validateYaml(claimModel([['- target: //pump:t', '  cases: [""]']]));
    expect(fx.rules()).toEqual(['bad-selector', 'invalid-field']);
  });

  it.each([
    ['an escaped star', '"a\\\\*b"'],
    ['an escaped backslash', '"a\\\\\\\\b"'],
    ['an escaped backslash before a star', '"a\\\\\\\\*"'],
    ['non-ASCII text', '"Dosierung/größer_als_0,1 ml/h"'],
    ['inner spaces and punctuation', '"Rate test: 0.1 to 999.9 [mL/h]"'],
  ])('is silent for %s', async (_, yaml) => {
    const fx = await validateYaml(claimModel([['- target: //pump:t', `  cases: [${yaml}]`]]));
    expect(fx.diagnostics).toEqual([]);
  });

  it('cannot be configured off', async () => {
    const fx = await validateYaml(
      claimModel([['- target: //pump:t', '  cases: [" a"]']], ['rules: {bad-selector: off}']),
    );
    expect(fx.rules()).toEqual(['bad-config', 'bad-selector']);
  });
});

describe('bad-target', () => {
  it.each([
    ['no // or @', 'pump:t', 'starts with // or @'],
    ['a relative package', 'pump/dose', 'starts with // or @'],
    ['whitespace in a segment', '"//pump:dose test"', 'contains whitespace'],
    ['a "." segment', '//pump/./x:t', 'segment "." is not allowed'],
    ['a ".." segment', '//pump/..:t', 'segment ".." is not allowed'],
    ['an empty segment', '//pump//x:t', 'has an empty segment'],
    ['a trailing slash', '//pump/:t', 'has an empty segment'],
    ['"#"', '"//pump:t#1"', 'contains "#"'],
    ['"*"', '"//pump:*"', 'contains "*"'],
    ['a quote', '"//pump:it\'s"', 'contains "\'"'],
    ['a backslash', '"//pump:a\\\\b"', 'contains "\\\\"'],
    ['a control character', '"//pump:a\\x01b"', 'control character U+0001'],
    ['a C1 control character', '"//pump:a\\x85b"', 'control character U+0085'],
    ['two colons', '//pump:a:b', 'more than one ":"'],
    ['an empty name', '"//pump:"', 'target name after ":" is empty'],
    ['no package or name', '//', 'names no package or target'],
    ['three slashes', '///pump:t', 'more than two leading slashes'],
    ['an empty repository', '"@"', 'repository name after "@" is empty'],
    ['a bad repository character', '"@my repo//x:y"', 'repository name'],
    ['an empty suite', '"suite:"', 'suite name is empty'],
    ['a record stem with "/"', 'record:a/b', 'may not contain "/"'],
    ['an empty label', '""', 'label is empty'],
    ['a blank label', '"  "', 'label is empty'],
  ])('fires for %s in every claim shape', async (_, label, problem) => {
    const fx = await validateYaml(
      claimModel([
        [
          `- ${label}`,
          `- target: ${label}`,
          `- target: ${label}`,
          '  cases: [a]',
          `- target: ${label}`,
          '  whole: true',
          '  reason: r',
        ],
      ]),
    );
    const found = fx.of('bad-target');
    const first = fx.at('verified_by:').line + 1;
    expect(found.map((d) => d.line)).toEqual([first, first + 1, first + 2, first + 4]);
    for (const d of found) {
      expect(d).toMatchObject({ severity: 'error', entity: 'REQ-1', file: fx.path(), column: 9 });
      expect(d.message).toContain(problem);
    }
    // Bad targets take no part in redundant-selector or shared-case; the deprecated shapes still warn.
    expect(fx.rules()).toEqual(['bad-target', 'bare-target-reference']);
  });

  it.each([
    ['//pump:t'],
    ['//pump'],
    ['//:root'],
    ['"@lib//a:b"'],
    ['"@@lib//a"'],
    ['"@lib"'],
    ['"@//x:y"'],
    ['suite:github.com/acme/pump'],
    ['record:bench-2024.01'],
    ['"  //pump:t  "'],
  ])('is silent for %s', async (label) => {
    const fx = await validateYaml(claimModel([[`- target: ${label}`, '  cases: [a]']]));
    expect(fx.diagnostics).toEqual([]);
  });

  it('accepts @<main_repo>//x:y with config.main_repo and treats it as //x:y', async () => {
    const fx = await validateYaml(
      claimModel(
        [
          ['- target: "@acme//x:y"', '  cases: [a]'],
          ['- target: //x:y', '  cases: [b]'],
        ],
        ['main_repo: acme'],
      ),
    );
    expect(fx.diagnostics).toEqual([]);
  });
});
