// The work queue: each gap kind, what must not raise it, how it is routed, and its order.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../tools/verify/analyze.js';
import type { Gap } from '../../tools/verify/gaps.js';
import {
  analyzeYaml,
  cases,
  evidence,
  lockOf,
  req,
  type CaseSpec,
  type ModelDoc,
} from '../verify/verify-fixture.js';

const T = '//p:t';

/** Gaps as `kind entity route`, for compact expectations. */
function brief(a: Analysis): string[] {
  return a.gaps.map((g) => `${g.kind} ${g.entity} ${g.route}`);
}

/** The gaps of one entity. */
function gapsOf(a: Analysis, entity: string): Gap[] {
  return a.gaps.filter((g) => g.entity === entity);
}

/** REQ-1 (with `extra` fields) claims every case of T; T has the given cases. */
function ownSet(
  specs: CaseSpec[],
  extra: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
) {
  return analyzeYaml(
    { config, requirements: [req('REQ-1', [cases(T, '*')], extra)] },
    evidence({ [T]: specs }),
  );
}

describe('unverified', () => {
  it('an entity with no set, own or derived', async () => {
    const r = await analyzeYaml({ requirements: [req('REQ-1')] });
    expect(gapsOf(r, 'REQ-1')).toEqual([
      {
        kind: 'unverified',
        entity: 'REQ-1',
        route: 'human-gate',
        detail: 'requirement REQ-1 has no verification set; claim test cases at level system',
      },
    ]);
    // UN-1 has a derived set (from REQ-1), so the gap is REQ-1's alone.
    expect(gapsOf(r, 'UN-1')).toEqual([]);
  });

  it('a user need with no requirement needs validation', async () => {
    const r = await analyzeYaml({});
    expect(gapsOf(r, 'UN-1')).toEqual([
      {
        kind: 'unverified',
        entity: 'UN-1',
        route: 'human-gate',
        detail: 'user need UN-1 has no verification set; claim test cases at level validation',
      },
    ]);
  });

  it('a mitigation with no own set and no implementing requirement', async () => {
    const r = await analyzeYaml({
      risks: [{ id: 'RISK-1', title: 'r', mitigated_by: 'MIT-1' }],
      mitigations: [{ id: 'MIT-1', title: 'm' }],
    });
    expect(brief(r)).toContain('unverified MIT-1 human-gate');
    // The risk derives from MIT-1: no unverified gap of its own.
    expect(gapsOf(r, 'RISK-1')).toEqual([]);
  });

  it('not for a risk, even one with nothing behind it', async () => {
    const r = await analyzeYaml({
      risks: [{ id: 'RISK-1', title: 'r' }],
      config: { rules: { 'risk-unmitigated': 'off' } },
    });
    expect(gapsOf(r, 'RISK-1')).toEqual([]);
  });

  it('not for an entity whose own set exists but did not pass', async () => {
    const r = await ownSet([{ path: 'A', result: 'skipped' }]);
    expect(r.entity('REQ-1')).toMatchObject({ verdict: 'UNVERIFIED', basis: 'own' });
    expect(gapsOf(r, 'REQ-1')).toEqual([]);
  });

  it('not for a parent with a derived set, nor for a verified entity', async () => {
    const r = await analyzeYaml(
      {
        requirements: [
          req('REQ-P'),
          req('REQ-C', [cases(T, 'A')], { satisfies: undefined, refines: 'REQ-P' }),
        ],
      },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.gaps).toEqual([]);
  });
});

describe('failing', () => {
  it('own failures, with their count (failed and error alike)', async () => {
    const r = await ownSet([
      { path: 'A', result: 'failed' },
      { path: 'B', result: 'error' },
      { path: 'C', result: 'passed' },
    ]);
    expect(gapsOf(r, 'REQ-1')).toEqual([
      {
        kind: 'failing',
        entity: 'REQ-1',
        route: 'human-gate',
        detail: '2 case(s) of requirement REQ-1 fail',
      },
    ]);
  });

  it('a derived failure names its failing source, not the passing ones', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2', [cases(T, 'B')])] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B', result: 'failed' }] }),
    );
    expect(r.entity('UN-1')).toMatchObject({ verdict: 'FAILED', derived_from: ['REQ-1', 'REQ-2'] });
    expect(gapsOf(r, 'UN-1')).toEqual([
      { kind: 'failing', entity: 'UN-1', route: 'human-gate', detail: 'user need UN-1 fails through REQ-2' },
    ]);
    expect(gapsOf(r, 'REQ-1')).toEqual([]);
  });

  it('an own flaky pass that counts as a failure (flaky: fail) is counted', async () => {
    const r = await ownSet([{ path: 'A', flaky: true }], {}, { flaky: 'fail' });
    expect(r.entity('REQ-1').verdict).toBe('FAILED');
    expect(gapsOf(r, 'REQ-1')).toEqual([
      {
        kind: 'failing',
        entity: 'REQ-1',
        route: 'human-gate',
        detail: '1 case(s) of requirement REQ-1 fail',
      },
    ]);
  });

  it('not for a flaky pass under the default policy, nor for a partial set', async () => {
    const flaky = await ownSet([{ path: 'A', flaky: true }]);
    expect(flaky.gaps).toEqual([]);
    const partial = await ownSet([{ path: 'A' }, { path: 'B', result: 'skipped' }]);
    expect(partial.entity('REQ-1').verdict).toBe('PARTIAL');
    expect(partial.gaps).toEqual([]);
  });
});

describe('missing', () => {
  it('one gap per locked member that is missing, not run or moved', async () => {
    const r = await analyzeYaml(
      {
        requirements: [
          req(
            'REQ-1',
            [cases(T, 'A', 'B'), cases('//p:slow', 'S'), cases('//p:old', 'M'), cases('//p:new', 'M')],
            {
              method: 'unit',
            },
          ),
        ],
      },
      evidence({ [T]: [{ path: 'A' }], '//p:new': [{ path: 'M' }] }),
      lockOf([
        { target: T, path: 'A', owner: 'REQ-1' },
        { target: T, path: 'B', owner: 'REQ-1' },
        { target: '//p:slow', path: 'S', owner: 'REQ-1' },
        { target: '//p:old', path: 'M', owner: 'REQ-1' },
        { target: '//p:new', path: 'M', owner: 'REQ-1' },
      ]),
    );
    expect(gapsOf(r, 'REQ-1')).toEqual([
      { kind: 'missing', entity: 'REQ-1', route: 'autonomous', detail: 'locked case //p:old M is moved' },
      { kind: 'missing', entity: 'REQ-1', route: 'autonomous', detail: 'locked case //p:slow S is not run' },
      { kind: 'missing', entity: 'REQ-1', route: 'autonomous', detail: 'locked case //p:t B is missing' },
    ]);
  });

  it('not for locked members that ran', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([{ target: T, path: 'A', owner: 'REQ-1' }]),
    );
    expect(r.gaps).toEqual([]);
  });
});

describe('quarantined', () => {
  it('an INVALID entity, always human-gate, with no other verdict gap', async () => {
    const r = await analyzeYaml(
      {
        requirements: [
          req('REQ-1', [cases(T, 'A', 'B')], { method: 'unit' }),
          req('REQ-2', [cases(T, 'A')], { method: 'unit' }),
        ],
      },
      evidence({ [T]: [{ path: 'A' }, { path: 'B', result: 'failed' }] }),
    );
    expect(r.entity('REQ-1').verdict).toBe('INVALID');
    expect(gapsOf(r, 'REQ-1')).toEqual([
      {
        kind: 'quarantined',
        entity: 'REQ-1',
        route: 'human-gate',
        detail: 'requirement REQ-1 is INVALID: fix the hard errors on its claims or cases',
      },
    ]);
    expect(brief(r)).toEqual([
      'quarantined REQ-1 human-gate',
      'quarantined REQ-2 human-gate',
      'quarantined UN-1 human-gate',
    ]);
  });

  it('not for an entity whose cases all have one owner', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2', [cases(T, 'B')])] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B' }] }),
    );
    expect(r.gaps.filter((g) => g.kind === 'quarantined')).toEqual([]);
  });
});

describe('unmitigated', () => {
  it('from risk-unmitigated, always human-gate, with its message', async () => {
    const r = await analyzeYaml({
      config: { autonomous_max_level: 'validation' },
      risks: [{ id: 'RISK-1', title: 'r' }],
    });
    const [d] = r.of('risk-unmitigated');
    expect(gapsOf(r, 'RISK-1')).toEqual([
      { kind: 'unmitigated', entity: 'RISK-1', route: 'human-gate', detail: d!.message },
    ]);
  });

  it('also when risk-unmitigated is only a warning', async () => {
    const r = await analyzeYaml({
      config: { rules: { 'risk-unmitigated': 'warning' } },
      risks: [{ id: 'RISK-1', title: 'r' }],
    });
    expect(brief(r)).toContain('unmitigated RISK-1 human-gate');
  });

  it.each<[string, ModelDoc]>([
    [
      'mitigated',
      {
        risks: [{ id: 'RISK-1', title: 'r', mitigated_by: 'MIT-1' }],
        mitigations: [{ id: 'MIT-1', title: 'm', implemented_by: 'REQ-1' }],
        requirements: [req('REQ-1')],
      },
    ],
    ['accepted', { risks: [{ id: 'RISK-1', title: 'r', residual: 'accepted: negligible' }] }],
    ['obsolete', { risks: [{ id: 'RISK-1', title: 'r', status: 'obsolete' }] }],
    [
      'with risk-unmitigated off',
      { config: { rules: { 'risk-unmitigated': 'off' } }, risks: [{ id: 'RISK-1', title: 'r' }] },
    ],
  ])('not for a risk %s', async (_, doc) => {
    const r = await analyzeYaml(doc);
    expect(r.gaps.filter((g) => g.kind === 'unmitigated')).toEqual([]);
  });
});

describe('pyramid', () => {
  it('a requirement whose passing cases are all above the cheap levels', async () => {
    const r = await ownSet([{ path: 'A', level: 'system' }], { method: 'system' });
    expect(gapsOf(r, 'REQ-1')).toEqual([
      {
        kind: 'pyramid',
        entity: 'REQ-1',
        route: 'autonomous',
        detail: 'requirement REQ-1 is verified only above unit; add cheaper tests',
      },
    ]);
  });

  it.each<[string, CaseSpec[], Record<string, unknown>]>([
    [
      'a unit case',
      [
        { path: 'A', level: 'system' },
        { path: 'B', level: 'unit' },
      ],
      {},
    ],
    [
      'an integration case (a cheap level)',
      [
        { path: 'A', level: 'system' },
        { path: 'B', level: 'integration' },
      ],
      {},
    ],
    [
      'a case at pyramid_min_level, though not a cheap level',
      [
        { path: 'A', level: 'system' },
        { path: 'B', level: 'integration' },
      ],
      { pyramid_min_level: 'integration', pyramid_cheap_levels: ['unit'] },
    ],
    ['no passing case', [{ path: 'A', level: 'system', result: 'skipped' }], {}],
  ])('none with %s', async (_, specs, config) => {
    const r = await ownSet(specs, {}, config);
    expect(r.gaps.filter((g) => g.kind === 'pyramid')).toEqual([]);
  });

  it('an integration case is not cheap once pyramid_cheap_levels leaves it out', async () => {
    const r = await ownSet([{ path: 'A', level: 'integration' }], {}, { pyramid_cheap_levels: ['unit'] });
    expect(brief(r)).toEqual(['pyramid REQ-1 autonomous']);
  });

  it('only for requirements', async () => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-1', [cases(T, 'R')])],
        risks: [{ id: 'RISK-1', title: 'r', mitigated_by: 'MIT-1' }],
        mitigations: [{ id: 'MIT-1', title: 'm', implemented_by: 'REQ-1', verified_by: [cases(T, 'M')] }],
        user_needs: [{ id: 'UN-2', title: 'n', validated_by: [cases(T, 'N')] }],
      },
      evidence({ [T]: [{ path: 'R' }, { path: 'M', level: 'system' }, { path: 'N', level: 'validation' }] }),
    );
    expect(r.entity('MIT-1').verdict).toBe('VERIFIED');
    expect(r.entity('UN-2').verdict).toBe('VERIFIED');
    expect(r.gaps).toEqual([]);
  });
});

describe('notes', () => {
  it('open gap, todo and question notes; questions go to a human', async () => {
    const r = await ownSet([{ path: 'A' }], {
      method: 'unit',
      notes: [
        { text: 'cover the upper bound', kind: 'gap' },
        { text: 'rename the test', kind: 'todo', status: 'open' },
        { text: 'is 999 inclusive?', kind: 'question' },
      ],
    });
    expect(gapsOf(r, 'REQ-1')).toEqual([
      { kind: 'note:gap', entity: 'REQ-1', route: 'autonomous', detail: 'cover the upper bound' },
      { kind: 'note:question', entity: 'REQ-1', route: 'human-gate', detail: 'is 999 inclusive?' },
      { kind: 'note:todo', entity: 'REQ-1', route: 'autonomous', detail: 'rename the test' },
    ]);
  });

  it('on any entity: a risk and a test method (routed by its own level) too', async () => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-1', [cases(T, 'A')])],
        risks: [
          { id: 'RISK-1', title: 'r', residual: 'accepted: low', notes: [{ text: 'recheck', kind: 'gap' }] },
        ],
        test_methods: [
          {
            id: 'TM-1',
            title: 'bench',
            level: 'unit',
            notes: [
              { text: 'write the procedure', kind: 'todo' },
              { text: 'which rig?', kind: 'question' },
            ],
          },
          { id: 'TM-2', title: 'rig', level: 'system', notes: [{ text: 'book the rig', kind: 'todo' }] },
        ],
      },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.gaps.map((g) => `${g.kind} ${g.entity} ${g.route} ${g.detail}`)).toEqual([
      'note:gap RISK-1 human-gate recheck',
      'note:question TM-1 human-gate which rig?',
      'note:todo TM-1 autonomous write the procedure',
      'note:todo TM-2 human-gate book the rig',
    ]);
  });

  it('not for resolved notes, comments or string notes', async () => {
    const r = await ownSet([{ path: 'A' }], {
      notes: [
        { text: 'done', kind: 'gap', status: 'resolved' },
        { text: 'answered', kind: 'question', status: 'resolved' },
        { text: 'just saying', kind: 'comment' },
        { text: 'no kind' },
        'a plain string note about a todo',
      ],
    });
    expect(r.gaps).toEqual([]);
  });
});

describe('obsolete entities', () => {
  it('have no gaps, whatever they lack', async () => {
    const r = await analyzeYaml(
      {
        requirements: [
          req('REQ-1', [cases(T, 'A')]),
          req('REQ-9', [cases(T, 'B')], {
            status: 'obsolete',
            notes: [{ text: 'still open', kind: 'question' }],
          }),
          req('REQ-8', [], { status: 'obsolete' }),
        ],
        user_needs: [{ id: 'UN-9', title: 'gone', status: 'obsolete' }],
      },
      evidence({ [T]: [{ path: 'A' }, { path: 'B', result: 'failed', level: 'system' }] }),
    );
    expect(r.entity('REQ-9').verdict).toBe('FAILED');
    expect(r.gaps).toEqual([]);
  });
});

describe('route', () => {
  /** The route of REQ-1's unverified gap, with the given method and config. */
  async function routeOf(method: string | undefined, config: Record<string, unknown> = {}) {
    const r = await analyzeYaml({
      config,
      requirements: [req('REQ-1', [], method === undefined ? {} : { method })],
      test_methods: [
        { id: 'TM-U', title: 'bench', level: 'unit' },
        { id: 'TM-S', title: 'rig', level: 'system' },
        { id: 'TM-N', title: 'no level' },
      ],
    });
    return gapsOf(r, 'REQ-1')[0]!.route;
  }

  it.each<[string, string | undefined, Record<string, unknown>, Gap['route']]>([
    ['a method that is a level at most autonomous_max_level', 'integration', {}, 'autonomous'],
    ['a method that is a cheaper level', 'unit', {}, 'autonomous'],
    ['a method that is a level above autonomous_max_level', 'system', {}, 'human-gate'],
    ["a test method's level at most autonomous_max_level", 'TM-U', {}, 'autonomous'],
    ["a test method's level above autonomous_max_level", 'TM-S', {}, 'human-gate'],
    ['a test method without a level: default_level', 'TM-N', { default_level: 'unit' }, 'autonomous'],
    ['no method: default_level (system by default)', undefined, {}, 'human-gate'],
    [
      'no method: a configured cheap default_level',
      undefined,
      { default_level: 'integration' },
      'autonomous',
    ],
    ['a raised autonomous_max_level', 'system', { autonomous_max_level: 'system' }, 'autonomous'],
    ['a lowered autonomous_max_level', 'integration', { autonomous_max_level: 'unit' }, 'human-gate'],
  ])('%s → %s', async (_, method, config, route) => {
    expect(await routeOf(method, config)).toBe(route);
  });

  it('follows the order of config.levels, not the default one', async () => {
    const levels = ['bench', 'rig', 'clinic'];
    const config = {
      levels,
      default_level: 'rig',
      default_provided_level: 'bench',
      autonomous_max_level: 'rig',
    };
    expect(
      await routeOf('bench', { ...config, pyramid_min_level: 'bench', pyramid_cheap_levels: ['bench'] }),
    ).toBe('autonomous');
    expect(
      await routeOf('clinic', { ...config, pyramid_min_level: 'bench', pyramid_cheap_levels: ['bench'] }),
    ).toBe('human-gate');
    expect(
      await routeOf(undefined, { ...config, pyramid_min_level: 'bench', pyramid_cheap_levels: ['bench'] }),
    ).toBe('autonomous');
  });

  it('a user need needs validation: human-gate unless autonomous_max_level is validation', async () => {
    const low = await analyzeYaml({ config: { autonomous_max_level: 'system' } });
    expect(brief(low)).toEqual(['unverified UN-1 human-gate']);
    const high = await analyzeYaml({ config: { autonomous_max_level: 'validation' } });
    expect(brief(high)).toEqual(['unverified UN-1 autonomous']);
  });

  it('a mitigation needs default_level', async () => {
    const doc = (default_level: string): ModelDoc => ({
      config: { default_level },
      requirements: [req('REQ-1', [cases(T, 'A')])],
      risks: [{ id: 'RISK-1', title: 'r', mitigated_by: 'MIT-1' }],
      mitigations: [
        {
          id: 'MIT-1',
          title: 'm',
          implemented_by: 'REQ-1',
          notes: [{ text: 'check the alarm', kind: 'todo' }],
        },
      ],
    });
    const ev = evidence({ [T]: [{ path: 'A' }] });
    expect(brief(await analyzeYaml(doc('system'), ev))).toEqual(['note:todo MIT-1 human-gate']);
    expect(brief(await analyzeYaml(doc('unit'), ev))).toEqual(['note:todo MIT-1 autonomous']);
  });
});

describe('order', () => {
  const doc: ModelDoc = {
    requirements: [
      req('REQ-B', [], {
        notes: [
          { text: 'b', kind: 'todo' },
          { text: 'a', kind: 'gap' },
        ],
      }),
      req('REQ-A', [cases(T, 'A', 'Z')], { notes: [{ text: 'q', kind: 'question' }] }),
    ],
    risks: [{ id: 'RISK-1', title: 'r' }],
  };
  const ev = evidence({ [T]: [{ path: 'A', result: 'failed' }] });
  const lock = lockOf([{ target: T, path: 'Z', owner: 'REQ-A' }]);

  it('by entity, then kind', async () => {
    const r = await analyzeYaml(doc, ev, lock);
    expect(r.gaps.map((g) => `${g.entity} ${g.kind}`)).toEqual([
      'REQ-A failing',
      'REQ-A missing',
      'REQ-A note:question',
      'REQ-B note:gap',
      'REQ-B note:todo',
      'REQ-B unverified',
      'RISK-1 unmitigated',
      'UN-1 failing',
    ]);
  });

  it('the same whatever the order of the model', async () => {
    const reversed: ModelDoc = { ...doc, requirements: [...doc.requirements!].reverse() };
    const a = await analyzeYaml(doc, ev, lock);
    const b = await analyzeYaml(reversed, ev, lock);
    expect(b.gaps).toEqual(a.gaps);
    // REQ-B has no set, so UN-1 fails through REQ-A alone.
    expect(a.gaps.at(-1)!.detail).toBe('user need UN-1 fails through REQ-A');
  });
});
