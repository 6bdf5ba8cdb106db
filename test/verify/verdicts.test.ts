// Verdicts: own sets under the flaky policy, derivation through the trace, member states and counts.
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../tools/evidence/test-case.js';
import { combine, type Verdict } from '../../tools/verify/verdicts.js';
import { analyzeYaml, cases, evidence, lockOf, req, type CaseSpec } from './verify-fixture.js';

const T = '//p:t';

/** REQ-1 claims every case of T; T has the given cases. */
async function ownSet(specs: CaseSpec[], config: Record<string, unknown> = {}) {
  return analyzeYaml({ config, requirements: [req('REQ-1', [cases(T, '*')])] }, evidence({ [T]: specs }));
}

describe('member states', () => {
  it.each<CaseResult>(['passed', 'failed', 'error', 'skipped'])(
    'a %s case is a %s member',
    async (result) => {
      const r = await ownSet([{ path: 'A', result }]);
      expect(r.entity('REQ-1').members).toEqual([
        {
          target: T,
          path: 'A',
          state: result,
          flaky: false,
          stale: false,
          basis: 'model',
          level: 'unit',
          selector: '*',
        },
      ]);
    },
  );

  it('a member names the selector that selects it', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A', 'B/*', 'C')])] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B/x' }, { path: 'C' }] }),
    );
    expect(r.entity('REQ-1').members.map((m) => [m.path, m.selector])).toEqual([
      ['A', 'A'],
      ['B/x', 'B/*'],
      ['C', 'C'],
    ]);
  });

  it('a member owned through a whole-target claim says so; a tag-owned one has no selector', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [{ target: T, whole: true, reason: 'r' }]), req('REQ-2')] },
      evidence({ [T]: [{ path: 'A' }], '//p:u': [{ path: 'B', tags: ['REQ-2'] }] }),
    );
    expect(r.entity('REQ-1').members[0]).toMatchObject({ selector: 'whole target', basis: 'model' });
    expect(r.entity('REQ-2').members[0]).toMatchObject({ basis: 'tag' });
    expect(r.entity('REQ-2').members[0]).not.toHaveProperty('selector');
  });

  it('members are sorted by target, then path', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases('//p:t', '*'), cases('//p:t_b', '*')])] },
      evidence({
        '//p:t': [{ path: 'z/1' }, { path: 'A/1' }],
        '//p:t_b': [{ path: 'A/2' }, { path: 'z/2' }],
      }),
    );
    expect(r.entity('REQ-1').members.map((m) => `${m.target} ${m.path}`)).toEqual([
      '//p:t A/1',
      '//p:t z/1',
      '//p:t_b A/2',
      '//p:t_b z/2',
    ]);
  });

  it('missing, not run and moved come from the lock; quarantined from a quarantine', async () => {
    const r = await analyzeYaml(
      {
        requirements: [
          req('REQ-1', [
            cases(T, 'A', 'B', 'Q'),
            cases('//p:slow', 'S'),
            cases('//p:old', 'M'),
            cases('//p:new', 'M'),
          ]),
          req('REQ-2', [cases(T, 'Q')]),
        ],
      },
      evidence({ [T]: [{ path: 'A' }, { path: 'Q' }], '//p:new': [{ path: 'M' }] }),
      lockOf([
        { target: T, path: 'A', owner: 'REQ-1' },
        { target: T, path: 'B', owner: 'REQ-1' },
        { target: '//p:slow', path: 'S', owner: 'REQ-1' },
        { target: '//p:old', path: 'M', owner: 'REQ-1' },
        { target: '//p:new', path: 'M', owner: 'REQ-1' },
      ]),
    );
    expect(r.entity('REQ-1').members.map((m) => [m.target, m.path, m.state, m.basis])).toEqual([
      ['//p:new', 'M', 'passed', 'model'],
      ['//p:old', 'M', 'moved', 'lock'],
      ['//p:slow', 'S', 'not run', 'lock'],
      [T, 'A', 'passed', 'model'],
      [T, 'B', 'missing', 'lock'],
      [T, 'Q', 'quarantined', 'model'],
    ]);
    expect(r.entity('REQ-1').verdict).toBe('INVALID');
  });
});

describe('the verdict of an own set', () => {
  it.each<[string, CaseResult[], Verdict]>([
    ['all passed: VERIFIED', ['passed', 'passed'], 'VERIFIED'],
    ['one failed: FAILED', ['passed', 'failed', 'skipped'], 'FAILED'],
    ['one error: FAILED', ['passed', 'error'], 'FAILED'],
    ['some passed: PARTIAL', ['passed', 'skipped'], 'PARTIAL'],
    ['none passed: UNVERIFIED', ['skipped', 'skipped'], 'UNVERIFIED'],
  ])('%s', async (_, results, verdict) => {
    const r = await ownSet(results.map((result, i) => ({ path: `c${i}`, result })));
    expect(r.entity('REQ-1')).toMatchObject({ verdict, basis: 'own', derived_from: [] });
  });

  it('no members: UNVERIFIED', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'none')])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.entity('REQ-1')).toMatchObject({ verdict: 'UNVERIFIED', basis: 'none', members: [] });
  });

  it('a missing member keeps an otherwise passing set PARTIAL', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A', 'B')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([{ target: T, path: 'B', owner: 'REQ-1' }]),
    );
    expect(r.entity('REQ-1').verdict).toBe('PARTIAL');
  });

  it('INVALID when a case of the set is quarantined, whatever the others say', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A', 'B')]), req('REQ-2')] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B', tags: ['REQ-1', 'REQ-2'] }] }),
    );
    expect(r.entity('REQ-1')).toMatchObject({ verdict: 'INVALID', basis: 'own' });
    // A tagged entity with no set of its own is INVALID too.
    expect(r.entity('REQ-2')).toMatchObject({ verdict: 'INVALID' });
  });
});

describe('the flaky policy', () => {
  const flakyPass: CaseSpec = { path: 'F', result: 'passed', flaky: true };
  const pass: CaseSpec = { path: 'P', result: 'passed' };

  it.each<[string, Verdict, Verdict]>([
    ['accept', 'VERIFIED', 'VERIFIED'],
    ['flag', 'VERIFIED', 'VERIFIED'],
    ['under-verify', 'PARTIAL', 'UNVERIFIED'],
    ['fail', 'FAILED', 'FAILED'],
  ])('flaky: %s → with a clean pass %s, alone %s', async (flaky, withPass, alone) => {
    const both = await ownSet([flakyPass, pass], { flaky });
    expect(both.entity('REQ-1').verdict).toBe(withPass);
    expect(both.entity('REQ-1').members.find((m) => m.path === 'F')).toMatchObject({
      flaky: true,
      state: 'passed',
    });
    const only = await ownSet([flakyPass], { flaky });
    expect(only.entity('REQ-1').verdict).toBe(alone);
  });

  it('flag is the default', async () => {
    expect((await ownSet([flakyPass])).entity('REQ-1').verdict).toBe('VERIFIED');
  });

  it.each([['accept'], ['flag'], ['under-verify'], ['fail']])(
    'flaky: %s does not touch cases that are not flaky',
    async (flaky) => {
      const r = await ownSet([pass, { path: 'Q' }], { flaky });
      expect(r.entity('REQ-1').verdict).toBe('VERIFIED');
    },
  );
});

describe('derivation', () => {
  /** Requirements under UN-1: P, and children A, B refining it with the given results. */
  function tree(a: CaseResult | 'none', b: CaseResult | 'none', extra: Record<string, unknown>[] = []) {
    const child = (id: string, result: CaseResult | 'none') =>
      req(id, result === 'none' ? [] : [cases(T, id)], { satisfies: undefined, refines: 'REQ-P' });
    const specs: CaseSpec[] = [];
    if (a !== 'none') specs.push({ path: 'REQ-A', result: a });
    if (b !== 'none') specs.push({ path: 'REQ-B', result: b });
    return analyzeYaml(
      { requirements: [req('REQ-P'), child('REQ-A', a), child('REQ-B', b), ...extra] },
      evidence({ [T]: specs }),
    );
  }

  it('a parent requirement from its refining children: basis derived, derived_from the children', async () => {
    const r = await tree('passed', 'passed');
    expect(r.entity('REQ-P')).toMatchObject({
      verdict: 'VERIFIED',
      basis: 'derived',
      derived_from: ['REQ-A', 'REQ-B'],
      members: [],
    });
    expect(r.entity('REQ-A')).toMatchObject({ verdict: 'VERIFIED', basis: 'own', derived_from: [] });
    // ...and the user need from the parent that satisfies it.
    expect(r.entity('UN-1')).toMatchObject({
      verdict: 'VERIFIED',
      basis: 'derived',
      derived_from: ['REQ-P'],
    });
  });

  it.each<[string, CaseResult | 'none', CaseResult | 'none', Verdict]>([
    ['all VERIFIED → VERIFIED', 'passed', 'passed', 'VERIFIED'],
    ['any FAILED → FAILED', 'passed', 'failed', 'FAILED'],
    ['all UNVERIFIED → UNVERIFIED', 'skipped', 'none', 'UNVERIFIED'],
    ['VERIFIED and UNVERIFIED → PARTIAL', 'passed', 'none', 'PARTIAL'],
    ['VERIFIED and PARTIAL-free mix with skipped → PARTIAL', 'passed', 'skipped', 'PARTIAL'],
  ])('combine: %s', async (_, a, b, verdict) => {
    const r = await tree(a, b);
    expect(r.entity('REQ-P').verdict).toBe(verdict);
    expect(r.entity('UN-1').verdict).toBe(verdict);
  });

  it('any INVALID → INVALID, over FAILED', async () => {
    const r = await tree('failed', 'passed', [req('REQ-X', [cases(T, 'REQ-B')])]);
    expect(r.entity('REQ-B').verdict).toBe('INVALID');
    expect(r.entity('REQ-A').verdict).toBe('FAILED');
    expect(r.entity('REQ-P').verdict).toBe('INVALID');
    expect(r.entity('UN-1').verdict).toBe('INVALID');
  });

  it('obsolete children do not count', async () => {
    const r = await analyzeYaml(
      {
        requirements: [
          req('REQ-P'),
          req('REQ-A', [cases(T, 'A')], { satisfies: undefined, refines: 'REQ-P' }),
          req('REQ-O', [cases(T, 'O')], { satisfies: undefined, refines: 'REQ-P', status: 'obsolete' }),
        ],
      },
      evidence({ [T]: [{ path: 'A' }, { path: 'O', result: 'failed' }] }),
    );
    expect(r.entity('REQ-P')).toMatchObject({ verdict: 'VERIFIED', derived_from: ['REQ-A'] });
    expect(r.entity('REQ-O').verdict).toBe('FAILED');
  });

  it('an obsolete parent derives nothing: a link with an obsolete end counts for nothing', async () => {
    const r = await analyzeYaml(
      {
        requirements: [
          req('REQ-P', [], { status: 'obsolete' }),
          req('REQ-A', [cases(T, 'A')], { satisfies: undefined, refines: 'REQ-P' }),
        ],
      },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.entity('REQ-P')).toMatchObject({ verdict: 'UNVERIFIED', basis: 'none', derived_from: [] });
    expect(r.entity('REQ-A').verdict).toBe('VERIFIED');
  });

  it('a link to an entity of the wrong kind derives nothing', async () => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-P'), req('REQ-A', [cases(T, 'A')], { satisfies: 'REQ-P' })],
      },
      evidence({ [T]: [{ path: 'A', result: 'failed' }] }),
    );
    expect(r.entity('REQ-P')).toMatchObject({ verdict: 'UNVERIFIED', basis: 'none' });
    expect(r.diagnostics.map((d) => d.rule)).toContain('wrong-reference-kind');
  });

  it('a parent with claims of its own and children: basis both', async () => {
    const r = await analyzeYaml(
      {
        requirements: [
          req('REQ-P', [cases(T, 'P')]),
          req('REQ-A', [cases(T, 'A')], { satisfies: undefined, refines: 'REQ-P' }),
        ],
      },
      evidence({ [T]: [{ path: 'P', result: 'skipped' }, { path: 'A' }] }),
    );
    expect(r.entity('REQ-P')).toMatchObject({ verdict: 'PARTIAL', basis: 'both', derived_from: ['REQ-A'] });
  });

  describe('a mitigation from its effectiveness set and its implementing requirements', () => {
    const model = (mitigationClaims: unknown[], implementedBy: string[]) => ({
      requirements: [req('REQ-1', [cases(T, 'R1')]), req('REQ-2', [cases(T, 'R2')])],
      mitigations: [
        {
          id: 'MIT-1',
          title: 'm',
          mitigates: 'RISK-1',
          implemented_by: implementedBy,
          ...(mitigationClaims.length ? { verified_by: mitigationClaims } : {}),
        },
      ],
      risks: [{ id: 'RISK-1', title: 'r' }],
    });
    const ev = evidence({ [T]: [{ path: 'R1' }, { path: 'R2', result: 'failed' }, { path: 'M' }] });

    it('both', async () => {
      const r = await analyzeYaml(model([cases(T, 'M')], ['REQ-1']), ev);
      expect(r.entity('MIT-1')).toMatchObject({
        verdict: 'VERIFIED',
        basis: 'both',
        derived_from: ['REQ-1'],
      });
      expect(r.entity('MIT-1').members.map((m) => m.path)).toEqual(['M']);
    });

    it('implementing requirements only', async () => {
      const r = await analyzeYaml(model([], ['REQ-1', 'REQ-2']), ev);
      expect(r.entity('MIT-1')).toMatchObject({
        verdict: 'FAILED',
        basis: 'derived',
        derived_from: ['REQ-1', 'REQ-2'],
      });
    });

    it('own set only', async () => {
      const r = await analyzeYaml(model([cases(T, 'M')], []), ev);
      expect(r.entity('MIT-1')).toMatchObject({ verdict: 'VERIFIED', basis: 'own', derived_from: [] });
    });

    it('a failing own set fails it even when its requirements pass', async () => {
      const r = await analyzeYaml(
        model([cases(T, 'M')], ['REQ-1']),
        evidence({ [T]: [{ path: 'R1' }, { path: 'R2' }, { path: 'M', result: 'failed' }] }),
      );
      expect(r.entity('MIT-1').verdict).toBe('FAILED');
    });
  });

  describe('a risk from its mitigations', () => {
    const ev = evidence({ [T]: [{ path: 'A' }, { path: 'B', result: 'skipped' }] });
    const mitigation = (id: string, path: string, extra: Record<string, unknown> = {}) => ({
      id,
      title: 'm',
      implemented_by: 'REQ-1',
      verified_by: [cases(T, path)],
      ...extra,
    });

    it.each([
      ['mitigated_by on the risk', { mitigated_by: ['MIT-1'] }, {}],
      ['mitigates on the mitigation', {}, { mitigates: 'RISK-1' }],
      ['both sides', { mitigated_by: 'MIT-1' }, { mitigates: 'RISK-1' }],
    ])('linked by %s', async (_, riskLink, mitigationLink) => {
      const r = await analyzeYaml(
        {
          requirements: [req('REQ-1')],
          mitigations: [mitigation('MIT-1', 'A', mitigationLink)],
          risks: [{ id: 'RISK-1', title: 'r', residual: 'accepted', ...riskLink }],
        },
        ev,
      );
      expect(r.entity('RISK-1')).toMatchObject({
        verdict: 'PARTIAL',
        basis: 'derived',
        derived_from: ['MIT-1'],
      });
      // MIT-1 combines its VERIFIED set with REQ-1's UNVERIFIED (no members).
      expect(r.entity('MIT-1')).toMatchObject({ verdict: 'PARTIAL', basis: 'both' });
    });

    it('two mitigations, one from each side, both count', async () => {
      const r = await analyzeYaml(
        {
          requirements: [req('REQ-1', [cases(T, 'A')])],
          mitigations: [mitigation('MIT-1', 'B', { mitigates: 'RISK-1' }), mitigation('MIT-2', 'B2')],
          risks: [{ id: 'RISK-1', title: 'r', mitigated_by: 'MIT-2' }],
        },
        evidence({ [T]: [{ path: 'A' }, { path: 'B' }, { path: 'B2', result: 'error' }] }),
      );
      expect(r.entity('RISK-1')).toMatchObject({ verdict: 'FAILED', derived_from: ['MIT-2', 'MIT-1'] });
    });

    it('an obsolete mitigation does not count; with none left an accepted residual is ACCEPTED', async () => {
      const r = await analyzeYaml(
        {
          requirements: [req('REQ-1')],
          mitigations: [mitigation('MIT-1', 'A', { mitigates: 'RISK-1', status: 'obsolete' })],
          risks: [{ id: 'RISK-1', title: 'r', residual: 'Accepted by the safety board' }],
        },
        ev,
      );
      expect(r.entity('RISK-1')).toMatchObject({ verdict: 'ACCEPTED', basis: 'accepted', derived_from: [] });
    });

    it.each([['accepted'], ['  ACCEPTED: negligible'], ['accepted.']])(
      'no mitigations and residual %j: ACCEPTED',
      async (residual) => {
        const r = await analyzeYaml({ risks: [{ id: 'RISK-1', title: 'r', residual }] });
        expect(r.entity('RISK-1')).toMatchObject({ verdict: 'ACCEPTED', basis: 'accepted', members: [] });
      },
    );

    it.each([['not accepted'], ['acceptedness unclear'], ['low'], [undefined]])(
      'no mitigations and residual %j: UNVERIFIED',
      async (residual) => {
        const r = await analyzeYaml({
          risks: [{ id: 'RISK-1', title: 'r', ...(residual ? { residual } : {}) }],
        });
        expect(r.entity('RISK-1')).toMatchObject({ verdict: 'UNVERIFIED', basis: 'none' });
      },
    );

    it('an accepted residual does not override the mitigations', async () => {
      const r = await analyzeYaml(
        {
          requirements: [req('REQ-1')],
          mitigations: [mitigation('MIT-1', 'A', { mitigates: 'RISK-1' })],
          risks: [{ id: 'RISK-1', title: 'r', residual: 'accepted' }],
        },
        evidence({ [T]: [{ path: 'A', result: 'failed' }] }),
      );
      expect(r.entity('RISK-1')).toMatchObject({ verdict: 'FAILED', basis: 'derived' });
    });
  });

  it('a user need from its validated_by set and its satisfying requirements', async () => {
    const r = await analyzeYaml(
      {
        user_needs: [{ id: 'UN-2', title: 'n', validated_by: [cases(T, 'V')] }],
        requirements: [
          req('REQ-1', [cases(T, 'A')], { satisfies: 'UN-2' }),
          req('REQ-2', [], { satisfies: 'UN-2' }),
        ],
      },
      evidence({ [T]: [{ path: 'V' }, { path: 'A' }] }),
    );
    expect(r.entity('UN-2')).toMatchObject({
      verdict: 'PARTIAL',
      basis: 'both',
      derived_from: ['REQ-1', 'REQ-2'],
    });
    expect(r.entity('UN-2').members.map((m) => m.path)).toEqual(['V']);
    // UN-1 has neither: UNVERIFIED.
    expect(r.entity('UN-1')).toMatchObject({ verdict: 'UNVERIFIED', basis: 'none' });
  });

  it('test methods have no verdict and do not count for others', async () => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-1', [cases(T, 'A')], { method: 'TM-1' })],
        test_methods: [{ id: 'TM-1', title: 't', level: 'unit' }],
      },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.entity('TM-1')).toMatchObject({ verdict: null, basis: 'none', derived_from: [], members: [] });
    expect(r.entity('REQ-1')).toMatchObject({ verdict: 'VERIFIED', basis: 'own' });
  });

  it('every entity gets a verdict, in model order', async () => {
    const r = await tree('passed', 'failed');
    expect(r.entities.map((e) => [e.id, e.kind, e.verdict])).toEqual([
      ['UN-1', 'user_need', 'FAILED'],
      ['REQ-P', 'requirement', 'FAILED'],
      ['REQ-A', 'requirement', 'VERIFIED'],
      ['REQ-B', 'requirement', 'FAILED'],
    ]);
  });
});

describe('combine', () => {
  it.each<[Verdict[], Verdict]>([
    [['VERIFIED', 'INVALID', 'FAILED'], 'INVALID'],
    [['VERIFIED', 'FAILED', 'PARTIAL'], 'FAILED'],
    [['VERIFIED', 'VERIFIED'], 'VERIFIED'],
    [['VERIFIED', 'ACCEPTED'], 'VERIFIED'],
    [['UNVERIFIED', 'UNVERIFIED'], 'UNVERIFIED'],
    [['VERIFIED', 'UNVERIFIED'], 'PARTIAL'],
    [['PARTIAL', 'PARTIAL'], 'PARTIAL'],
    [['PARTIAL'], 'PARTIAL'],
  ])('%j → %s', (verdicts, verdict) => {
    expect(combine(verdicts)).toBe(verdict);
  });
});

describe('counts', () => {
  it('cases = owned + unowned + quarantined', async () => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-1', [cases(T, 'A', 'S')]), req('REQ-2', [cases(T, 'S', 'B')]), req('REQ-3')],
      },
      evidence({
        [T]: [
          { path: 'A' },
          { path: 'B' },
          { path: 'S' },
          { path: 'M', tags: ['REQ-1', 'REQ-3'] },
          { path: 'T', tags: ['REQ-3'] },
          { path: 'U' },
        ],
      }),
    );
    expect(r.counts).toEqual({ cases: 6, owned: 3, unowned: 1, quarantined: 2 });
  });

  it('all zero without evidence', async () => {
    const r = await analyzeYaml({ requirements: [req('REQ-1', [cases(T, 'A')])] });
    expect(r.counts).toEqual({ cases: 0, owned: 0, unowned: 0, quarantined: 0 });
    expect(r.entity('REQ-1')).toMatchObject({ verdict: 'UNVERIFIED', members: [] });
  });
});
