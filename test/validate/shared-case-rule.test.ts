// shared-case decided statically (docs/decisions/0019-static-shared-case.md).
import { describe, expect, it } from 'vitest';
import { claimModel, type ClaimLines } from './claim-models.js';
import { validateYaml } from './model-fixture.js';

/** Per-case claim lines on one target. */
function cases(target: string, ...selectors: string[]): ClaimLines {
  return [`- target: ${JSON.stringify(target)}`, `  cases: ${JSON.stringify(selectors)}`];
}

/** Whole-target claim lines with a reason. */
function whole(target: string): ClaimLines {
  return [`- target: ${JSON.stringify(target)}`, '  whole: true', '  reason: reports no cases'];
}

describe('shared-case: two entities that can select one case of one target', () => {
  it.each<[string, ClaimLines, ClaimLines]>([
    ['literal vs literal', cases('//p:t', 'a', 'Foo/bar'), cases('//p:t', 'Foo/bar')],
    ['glob vs literal', cases('//p:t', 'Foo/*'), cases('//p:t', 'Foo/bar')],
    ['literal vs glob', cases('//p:t', 'Foo/bar'), cases('//p:t', 'Foo/*')],
    ['glob vs glob: Foo/* and */bar', cases('//p:t', 'Foo/*'), cases('//p:t', '*/bar')],
    ['glob vs glob: a* and *b', cases('//p:t', 'a*'), cases('//p:t', '*b')],
    ['escaped star vs glob: a\\* and a*', cases('//p:t', 'a\\*'), cases('//p:t', 'a*')],
    ['escaped star vs literal star: a\\* twice', cases('//p:t', 'a\\*'), cases('//p:t', 'a\\*')],
    ['whole target vs literal', whole('//p:t'), cases('//p:t', 'x')],
    ['literal vs whole target', cases('//p:t', 'x'), whole('//p:t')],
    ['whole target vs whole target', whole('//p:t'), whole('//p:t')],
    ['whole target vs glob', whole('//p:t'), cases('//p:t', '*')],
    ['bare label vs cases', ['- //p:t'], cases('//p:t', 'x')],
    ['target object vs cases', ['- target: //p:t', '  level: unit'], cases('//p:t', 'x')],
    ['//pkg vs //pkg:pkg', cases('//pkg', 'x'), cases('//pkg:pkg', 'x')],
    ['@@lib//a vs @lib//a:a', cases('@@lib//a', 'x'), cases('@lib//a:a', 'x')],
    ['@//x:y vs //x:y', cases('@//x:y', 'x'), cases('//x:y', 'x')],
    ['surrounding whitespace', cases('  //p:t ', 'x'), cases('//p:t', 'x')],
  ])('%s', async (_, first, second) => {
    const fx = await validateYaml(claimModel([first, second]));
    const found = fx.of('shared-case');
    // Reported once, at the claim of the later entity.
    expect(found).toMatchObject([{ severity: 'error', entity: 'REQ-2', file: fx.path() }]);
    expect(found[0]!.line).toBeGreaterThan(fx.at('id: REQ-2').line);
    expect(found[0]!.message).toMatch(/^requirement REQ-2 \(.*\) and requirement REQ-1 \(/);
  });

  it('points at the later selector and names the earlier one', async () => {
    const fx = await validateYaml(
      claimModel([cases('//p:t', 'a', 'Foo/bar'), cases('//p:t', 'b', 'Foo/bar')]),
    );
    const first = fx.at('cases: ["a","Foo/bar"]');
    expect(fx.diagnostics).toMatchObject([
      {
        rule: 'shared-case',
        severity: 'error',
        entity: 'REQ-2',
        ...fx.at('cases: ["b","Foo/bar"]'),
        column: 21,
      },
    ]);
    expect(fx.diagnostics[0]!.message).toBe(
      `requirement REQ-2 ("Foo/bar") and requirement REQ-1 ("Foo/bar" at ${first.file}:${first.line}) can both claim a case of //p:t; a test case verifies at most one entity, so narrow one of the claims`,
    );
  });

  it('treats @<main_repo>//pkg:t as //pkg:t when config.main_repo is set', async () => {
    const fx = await validateYaml(
      claimModel([cases('@acme//pkg:t', 'x'), cases('//pkg:t', 'x')], ['main_repo: acme']),
    );
    expect(fx.rules()).toEqual(['shared-case']);
    expect(fx.diagnostics[0]!.message).toContain('a case of //pkg:t');
  });

  it('without config.main_repo, @acme//pkg:t is another repository', async () => {
    const fx = await validateYaml(claimModel([cases('@acme//pkg:t', 'x'), cases('//pkg:t', 'x')]));
    expect(fx.diagnostics).toEqual([]);
  });

  it('is reported once per pair of entities and target', async () => {
    const fx = await validateYaml(
      claimModel([
        [...cases('//p:t', 'a', 'b', 'c*'), ...cases('//p:u', 'a')],
        [...cases('//p:t', 'a', 'b', 'c1'), ...cases('//p:u', 'a')],
      ]),
    );
    expect(fx.of('shared-case').map((d) => d.message.match(/a case of (\S+);/)![1])).toEqual([
      '//p:t',
      '//p:u',
    ]);
  });

  it('is reported for every pair among three entities', async () => {
    const fx = await validateYaml(
      claimModel([cases('//p:t', 'a'), cases('//p:t', 'b', 'x'), cases('//p:t', 'c', 'x', 'a')]),
    );
    const pairs = fx
      .of('shared-case')
      .map((d) => [...d.message.matchAll(/REQ-\d/g)].map((m) => m[0]).join('+'));
    expect(pairs.sort()).toEqual(['REQ-3+REQ-1', 'REQ-3+REQ-2']);
  });

  it('reports all three pairs when three entities claim one case', async () => {
    const fx = await validateYaml(
      claimModel([cases('//p:t', 'x'), cases('//p:t', 'x'), cases('//p:t', 'x')]),
    );
    const pairs = fx
      .of('shared-case')
      .map((d) => [...d.message.matchAll(/REQ-\d/g)].map((m) => m[0]).join('+'));
    expect(pairs.sort()).toEqual(['REQ-2+REQ-1', 'REQ-3+REQ-1', 'REQ-3+REQ-2']);
    expect(fx.rules()).toEqual(['shared-case']);
  });

  it.each([
    ['literal vs literal', 'from_mitigation', 'from_mitigation'],
    ['glob vs literal', 'from_mitigation', 'from_*'],
    ['literal vs glob', 'from_*', 'from_mitigation'],
    ['glob vs glob', '*_mitigation', 'from_*'],
    ['whole target vs literal', '', 'from_mitigation'],
  ])('is reported at the later claim by position, whatever the section order: %s', async (_, early, late) => {
    // Mitigations are written above requirements here, but load after them.
    const earlyClaim =
      early === '' ? 'whole: true\n              reason: r' : `cases: ${JSON.stringify([early])}`;
    const fx = await validateYaml(`
      risks:
        - id: RISK-1
          title: k
          mitigated_by: MIT-1
      mitigations:
        - id: MIT-1
          title: m
          implemented_by: REQ-1
          verified_by:
            - target: //p:t
              ${earlyClaim}
      requirements:
        - id: REQ-1
          title: r
          verified_by:
            - target: //p:t
              cases: ${JSON.stringify([late])}
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'shared-case', entity: 'REQ-1', file: fx.path(), line: fx.at('id: REQ-1').line + 4 },
    ]);
    const earlyLine = fx.at('id: MIT-1').line + (early === '' ? 4 : 5);
    expect(fx.diagnostics[0]!.message).toContain(`and mitigation MIT-1 (`);
    expect(fx.diagnostics[0]!.message).toContain(` at ${fx.path()}:${earlyLine})`);
  });

  it('is reported at the later file', async () => {
    const fx = await validateYaml({
      'a.yaml': `
        user_needs:
          - id: UN-1
            title: n
            validated_by:
              - target: //p:t
                cases: [x]
      `,
      'b.yaml': claimModel([cases('//p:t', 'x')]).replace(/^user_needs:\n.*\n.*\n/, ''),
    });
    expect(fx.diagnostics).toMatchObject([{ rule: 'shared-case', entity: 'REQ-1', file: fx.path('b.yaml') }]);
  });

  it.each<[string, ClaimLines, ClaimLines]>([
    ['different literals', cases('//p:t', 'a'), cases('//p:t', 'b')],
    ['literals that differ in case', cases('//p:t', 'Foo/bar'), cases('//p:t', 'foo/bar')],
    ['a glob and a literal it does not match', cases('//p:t', 'Foo/*'), cases('//p:t', 'Bar/foo')],
    ['a* vs b*', cases('//p:t', 'a*'), cases('//p:t', 'b*')],
    ['*x vs *y', cases('//p:t', '*x'), cases('//p:t', '*y')],
    ['a\\* vs ab', cases('//p:t', 'a\\*'), cases('//p:t', 'ab')],
    ['a\\* vs a\\*b*', cases('//p:t', 'a\\*'), cases('//p:t', 'a\\*b*')],
    ['the same case on different targets', cases('//p:t', 'x'), cases('//p:u', 'x')],
    ['whole targets on different targets', whole('//p:t'), whole('//p:u')],
    ['//pkg vs //pkg:other', cases('//pkg', 'x'), cases('//pkg:other', 'x')],
    ['another repository', cases('@lib//p:t', 'x'), cases('//p:t', 'x')],
    ['a suite and a target of the same name', cases('suite:t', 'x'), cases('//:t', 'x')],
  ])('is silent for %s', async (_, first, second) => {
    const fx = await validateYaml(claimModel([first, second]));
    expect(fx.diagnostics).toEqual([]);
  });

  it('is not reported for one entity overlapping itself (that is redundant-selector)', async () => {
    const fx = await validateYaml(claimModel([[...cases('//p:t', 'Foo/*'), ...cases('//p:t', 'Foo/bar')]]));
    expect(fx.rules()).toEqual(['redundant-selector']);
  });

  it('ignores bad selectors and bad targets (they have their own errors)', async () => {
    const fx = await validateYaml(
      claimModel([
        [...cases('//p:t', ' x'), ...cases('//p:bad label', 'y')],
        [...cases('//p:t', ' x'), ...cases('//p:bad label', 'y')],
      ]),
    );
    expect(fx.rules()).toEqual(['bad-selector', 'bad-target']);
  });

  it('counts claims of obsolete entities (evidence does not know about status)', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-1
          title: r
          status: obsolete
          verified_by:
            - target: //p:t
              cases: [x]
        - id: REQ-2
          title: r
          satisfies: UN-1
          verified_by:
            - target: //p:t
              cases: [x]
    `);
    expect(fx.rules()).toEqual(['shared-case']);
  });
});
