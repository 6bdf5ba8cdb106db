// Attribution: at most one owner per case, from claims, tags and the attribution mode.
import { describe, expect, it } from 'vitest';
import { analyzeYaml, cases, evidence, owners, req, whole } from './verify-fixture.js';

const T = '//p:t';

describe('claims select cases of their normalized target', () => {
  it('a literal selector selects exactly its path', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A/x')])] },
      evidence({ [T]: [{ path: 'A/x' }, { path: 'A/xy' }, { path: 'a/x' }] }),
    );
    expect(owners(r)).toEqual({ [`${T} A/x`]: 'REQ-1', [`${T} A/xy`]: null, [`${T} a/x`]: null });
    expect(r.at(T, 'A/x')).toMatchObject({ basis: 'model', claimedBy: ['REQ-1'], quarantine: null });
    expect(r.at(T, 'A/xy')).toMatchObject({ basis: null, claimedBy: [], quarantine: null });
  });

  it('`*` matches anything, including nothing and slashes', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A/*')])] },
      evidence({ [T]: [{ path: 'A/' }, { path: 'A/x' }, { path: 'A/x/y' }, { path: 'B/x' }, { path: 'A' }] }),
    );
    expect(owners(r)).toEqual({
      [`${T} A/`]: 'REQ-1',
      [`${T} A/x`]: 'REQ-1',
      [`${T} A/x/y`]: 'REQ-1',
      [`${T} B/x`]: null,
      [`${T} A`]: null,
    });
  });

  it('`\\*` is a literal star, not a wildcard', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A/\\*')])] },
      evidence({ [T]: [{ path: 'A/*' }, { path: 'A/x' }, { path: 'A/\\*' }] }),
    );
    expect(owners(r)).toEqual({ [`${T} A/*`]: 'REQ-1', [`${T} A/x`]: null, [`${T} A/\\*`]: null });
  });

  it('a bad selector selects nothing', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A/\\x', ' A/x')])] },
      evidence({ [T]: [{ path: 'A/\\x' }, { path: 'A/x' }, { path: ' A/x' }] }),
    );
    expect(r.of('bad-selector')).toHaveLength(2);
    expect(r.cases.every((a) => a.owner === null)).toBe(true);
  });

  it('claims on other targets select nothing', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases('//p:other', 'A/x'), whole('//q:t')])] },
      evidence({ [T]: [{ path: 'A/x' }], '//p:other': [{ path: 'B' }], '//q:t': [{ path: 'C' }] }),
    );
    expect(owners(r)).toEqual({ '//p:other B': null, [`${T} A/x`]: null, '//q:t C': 'REQ-1' });
  });

  it.each([
    ['//pkg', '//pkg:pkg'],
    ['  //p:t  ', '//p:t'],
    ['@//p:t', '//p:t'],
    ['@@lib//a', '@lib//a:a'],
    ['@main//p:t', '//p:t'],
  ])('the claim target %j selects the cases of %s', async (written, target) => {
    const r = await analyzeYaml(
      { config: { main_repo: 'main' }, requirements: [req('REQ-1', [cases(written, 'x')])] },
      evidence({ [target]: [{ path: 'x' }] }),
    );
    expect(r.at(target, 'x').owner).toBe('REQ-1');
    expect(r.of('unknown-target')).toEqual([]);
  });

  it('a label that does not normalize to the target selects nothing', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases('@other//p:t', 'x')])] },
      evidence({ [T]: [{ path: 'x' }] }),
    );
    expect(r.at(T, 'x').owner).toBeNull();
  });

  it.each([
    ['whole-target claim', whole(T)],
    ['deprecated bare label', T],
    ['deprecated target object', { target: T }],
  ])('a %s selects every case of the target', async (_, claim) => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [claim])] },
      evidence({ [T]: [{ path: 'A/x' }, { path: 'B/y' }, { path: 'weird \\* path' }] }),
    );
    expect(Object.values(owners(r))).toEqual(['REQ-1', 'REQ-1', 'REQ-1']);
  });

  it.each([
    ['whole-target claim', whole(T)],
    ['deprecated bare label', T],
    ['deprecated target object', { target: T }],
  ])('a %s selects the synthetic case of a target that reports none', async (_, claim) => {
    const r = await analyzeYaml({ requirements: [req('REQ-1', [claim])] }, evidence({}, { synthetic: [T] }));
    expect(r.at(T, 'p/t')).toMatchObject({ owner: 'REQ-1', basis: 'model', coarse: false });
  });

  it('a per-case claim selects the synthetic case only by its path', async () => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-1', [cases(T, 'p/t')]), req('REQ-2', [cases('//p:u', 'other')])],
      },
      evidence({}, { synthetic: [T, '//p:u'] }),
    );
    expect(owners(r)).toEqual({ [`${T} p/t`]: 'REQ-1', '//p:u p/u': null });
  });
});

describe('shared-case: two claiming entities quarantine the case', () => {
  it('two entities selecting one case: no owner, both INVALID, quarantined members', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A/*')]), req('REQ-2', [cases(T, 'A/x', 'B')])] },
      evidence({ [T]: [{ path: 'A/x' }, { path: 'A/y' }, { path: 'B' }] }),
    );
    expect(r.at(T, 'A/x')).toMatchObject({
      owner: null,
      basis: null,
      claimedBy: ['REQ-1', 'REQ-2'],
      quarantine: 'shared-case',
      implicated: ['REQ-1', 'REQ-2'],
      coarse: false,
    });
    expect(r.at(T, 'A/x').claim).toBeUndefined();
    expect(owners(r)).toMatchObject({ [`${T} A/y`]: 'REQ-1', [`${T} B`]: 'REQ-2' });
    const shared = r.of('shared-case').filter((d) => d.message.startsWith('case '));
    expect(shared).toEqual([
      expect.objectContaining({
        severity: 'error',
        message: expect.stringContaining(`case ${T} A/x is claimed by REQ-1 and REQ-2`),
      }),
    ]);
    for (const id of ['REQ-1', 'REQ-2']) {
      expect(r.entity(id).verdict).toBe('INVALID');
      expect(r.entity(id).members).toContainEqual(
        expect.objectContaining({ path: 'A/x', state: 'quarantined', quarantine: 'shared-case' }),
      );
    }
  });

  it('a whole-target claim and a per-case claim of another entity share the selected case', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [whole(T)]), req('REQ-2', [cases(T, 'B')])] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B' }] }),
    );
    expect(r.at(T, 'B').quarantine).toBe('shared-case');
    expect(r.at(T, 'A').owner).toBe('REQ-1');
  });

  it('a mitigation and a user need can share a case with a requirement', async () => {
    const r = await analyzeYaml(
      {
        user_needs: [{ id: 'UN-2', title: 'n', validated_by: [cases(T, 'A')] }],
        requirements: [req('REQ-1', [cases(T, 'A')])],
        mitigations: [{ id: 'MIT-1', title: 'm', implemented_by: 'REQ-1', verified_by: [cases(T, 'A')] }],
      },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.at(T, 'A')).toMatchObject({ quarantine: 'shared-case', claimedBy: ['MIT-1', 'REQ-1', 'UN-2'] });
  });

  it('one entity selecting a case twice owns it: no shared-case', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A/x', 'A/*'), whole(T)])] },
      evidence({ [T]: [{ path: 'A/x' }] }),
    );
    expect(r.at(T, 'A/x')).toMatchObject({ owner: 'REQ-1', claimedBy: ['REQ-1'], quarantine: null });
    expect(r.of('shared-case')).toEqual([]);
  });

  it('two entities selecting different cases share nothing', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A/*')]), req('REQ-2', [cases(T, 'B/*')])] },
      evidence({ [T]: [{ path: 'A/x' }, { path: 'B/x' }] }),
    );
    expect(owners(r)).toEqual({ [`${T} A/x`]: 'REQ-1', [`${T} B/x`]: 'REQ-2' });
    expect(r.of('shared-case')).toEqual([]);
    expect(r.counts.quarantined).toBe(0);
  });

  it('shared-case wins over multi-tag', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2', [cases(T, 'A')]), req('REQ-3')] },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-1', 'REQ-3'] }] }),
    );
    expect(r.at(T, 'A')).toMatchObject({
      quarantine: 'shared-case',
      implicated: ['REQ-1', 'REQ-2', 'REQ-3'],
    });
    expect(r.of('multi-tag')).toEqual([]);
  });
});

describe('multi-tag: a case tagged with several ids is quarantined', () => {
  it('without a claim: no owner, every verifiable tagged entity INVALID', async () => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-1'), req('REQ-2')],
        risks: [{ id: 'RISK-1', title: 'r', residual: 'accepted: negligible' }],
      },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-1', 'REQ-2', 'RISK-1', 'NOPE-1'] }] }),
    );
    expect(r.at(T, 'A')).toMatchObject({
      owner: null,
      quarantine: 'multi-tag',
      implicated: ['REQ-1', 'REQ-2'],
    });
    expect(r.of('multi-tag')).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: `/evidence/p/t/test.xml`,
        message: expect.stringContaining('tagged with REQ-1, REQ-2, RISK-1, NOPE-1'),
      }),
    ]);
    expect(r.entity('REQ-1').verdict).toBe('INVALID');
    expect(r.entity('REQ-2').members).toEqual([
      expect.objectContaining({ path: 'A', state: 'quarantined', quarantine: 'multi-tag' }),
    ]);
    // A risk cannot own cases: the tag does not implicate it.
    expect(r.entity('RISK-1').verdict).toBe('ACCEPTED');
  });

  it('with one claimer: still quarantined, and the claimer is implicated too', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2'), req('REQ-3')] },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-2', 'REQ-3'] }] }),
    );
    expect(r.at(T, 'A')).toMatchObject({
      owner: null,
      quarantine: 'multi-tag',
      implicated: ['REQ-1', 'REQ-2', 'REQ-3'],
    });
    expect(r.entity('REQ-1').verdict).toBe('INVALID');
    expect(r.of('tag-mismatch')).toEqual([]);
  });

  it('a single tag is no multi-tag', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1')] },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-1'] }] }),
    );
    expect(r.at(T, 'A').quarantine).toBeNull();
    expect(r.of('multi-tag')).toEqual([]);
  });
});

describe('one claimer owns the case', () => {
  it('basis model, with the claim that selects it', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    const a = r.at(T, 'A');
    expect(a).toMatchObject({ owner: 'REQ-1', basis: 'model', claimedBy: ['REQ-1'], implicated: [] });
    expect(a.claim?.entity.id).toBe('REQ-1');
  });

  it('tag-mismatch: its single tag names another entity', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2')] },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-2'] }] }),
    );
    expect(r.at(T, 'A')).toMatchObject({ owner: 'REQ-1', basis: 'model', quarantine: null });
    expect(r.of('tag-mismatch')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        entity: 'REQ-1',
        message: `case ${T} A is tagged REQ-2 but the claim of requirement REQ-1 owns it (rule tag-mismatch; set its severity under config.rules: \`tag-mismatch: off\`)`,
      }),
    ]);
    // The model wins over the tag even in hybrid mode; the tagged entity gets nothing.
    expect(r.entity('REQ-2').members).toEqual([]);
  });

  it('no tag-mismatch when the tag names the owner, or there is no tag', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A', 'B')])] },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-1'] }, { path: 'B' }] }),
    );
    expect(r.of('tag-mismatch')).toEqual([]);
  });

  it('tag-mismatch can be configured off', async () => {
    const r = await analyzeYaml(
      {
        config: { rules: { 'tag-mismatch': 'off' } },
        requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2')],
      },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-2'] }] }),
    );
    expect(r.of('tag-mismatch')).toEqual([]);
    expect(r.at(T, 'A').owner).toBe('REQ-1');
  });

  it("level-mismatch: the case's own level differs from the claim's explicit level", async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [{ ...cases(T, 'A'), level: 'unit' }])] },
      evidence({ [T]: [{ path: 'A', level: 'integration' }] }),
    );
    expect(r.of('level-mismatch')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        entity: 'REQ-1',
        message: `case ${T} A declares level integration but the claim of requirement REQ-1 gives level unit (rule level-mismatch; set its severity under config.rules: \`level-mismatch: off\`)`,
      }),
    ]);
    expect(r.at(T, 'A').level).toBe('integration');
  });

  it.each([
    ['the levels are equal', 'unit', 'unit'],
    ['the claim has no level', undefined, 'integration'],
    ['the case has no level', 'unit', undefined],
  ])('no level-mismatch when %s', async (_, claimLevel, caseLevel) => {
    const claim = claimLevel ? { ...cases(T, 'A'), level: claimLevel } : cases(T, 'A');
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [claim])] },
      evidence({ [T]: [{ path: 'A', ...(caseLevel ? { level: caseLevel } : {}) }] }),
    );
    expect(r.of('level-mismatch')).toEqual([]);
  });

  it('coarse: owned through a whole-target claim on a target with cases of its own', async () => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-1', [whole(T), whole('//p:s'), cases('//p:u', 'A')])],
      },
      evidence({ [T]: [{ path: 'A' }], '//p:u': [{ path: 'A' }] }, { synthetic: ['//p:s'] }),
    );
    expect(r.at(T, 'A').coarse).toBe(true);
    expect(r.at('//p:s', 'p/s').coarse).toBe(false);
    expect(r.at('//p:u', 'A').coarse).toBe(false);
  });
});

describe('the effective level', () => {
  const config = { default_provided_level: 'system' };

  it("is the case's own level first", async () => {
    const r = await analyzeYaml(
      { config, requirements: [req('REQ-1', [{ ...cases(T, 'A'), level: 'unit' }])] },
      evidence({ [T]: [{ path: 'A', level: 'integration' }] }),
    );
    expect(r.at(T, 'A').level).toBe('integration');
    expect(r.entity('REQ-1').members[0]!.level).toBe('integration');
  });

  it("else the claim's level", async () => {
    const r = await analyzeYaml(
      { config, requirements: [req('REQ-1', [{ ...cases(T, 'A'), level: 'unit' }])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.at(T, 'A').level).toBe('unit');
  });

  it('else config.default_provided_level, also for unowned and tag-owned cases', async () => {
    const r = await analyzeYaml(
      { config, requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2')] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B' }, { path: 'C', tags: ['REQ-2'] }] }),
    );
    expect(r.cases.map((a) => a.level)).toEqual(['system', 'system', 'system']);
  });
});

describe('a claimed case whose single tag names nothing', () => {
  it('is dangling-reference (an error), not just tag-mismatch; the claim still owns it', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-9'] }] }),
    );
    expect(r.of('dangling-reference')).toEqual([
      expect.objectContaining({
        severity: 'error',
        message: `case ${T} A is tagged REQ-9, which names no entity`,
      }),
    ]);
    expect(r.of('tag-mismatch')).toEqual([]);
    expect(r.at(T, 'A')).toMatchObject({ owner: 'REQ-1', basis: 'model' });
  });
});

describe('a case no claim selects, with a single tag', () => {
  it.each([
    ['names no entity', 'REQ-9', 'no entity'],
    ['names a risk', 'RISK-1', 'risk RISK-1, which cannot own test cases'],
    ['names a test method', 'TM-1', 'test method TM-1, which cannot own test cases'],
  ])('dangling-reference when the tag %s', async (_, tag, why) => {
    for (const attribution of ['hybrid', 'model']) {
      const r = await analyzeYaml(
        {
          config: { attribution },
          risks: [{ id: 'RISK-1', title: 'r', residual: 'accepted' }],
          test_methods: [{ id: 'TM-1', title: 't', level: 'unit' }],
        },
        evidence({ [T]: [{ path: 'A', tags: [tag] }] }),
      );
      expect(r.of('dangling-reference')).toEqual([
        expect.objectContaining({
          severity: 'error',
          file: '/evidence/p/t/test.xml',
          message: `case ${T} A is tagged ${tag}, which names ${why}`,
        }),
      ]);
      expect(r.at(T, 'A')).toMatchObject({ owner: null, quarantine: null });
      expect(r.of('unclaimed-tag')).toEqual([]);
    }
  });

  it.each([
    ['requirement', 'REQ-1'],
    ['user need', 'UN-1'],
    ['mitigation', 'MIT-1'],
  ])('hybrid mode: a tag naming a %s gives it the case, basis tag', async (_, id) => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-1')],
        mitigations: [{ id: 'MIT-1', title: 'm', implemented_by: 'REQ-1' }],
      },
      evidence({ [T]: [{ path: 'A', tags: [id] }] }),
    );
    expect(r.at(T, 'A')).toMatchObject({ owner: id, basis: 'tag', claimedBy: [], coarse: false });
    expect(r.entity(id).members).toEqual([
      expect.objectContaining({ path: 'A', basis: 'tag', state: 'passed' }),
    ]);
    expect(r.of('dangling-reference')).toEqual([]);
    expect(r.of('unclaimed-tag')).toEqual([]);
  });

  it('model mode: unclaimed-tag warning on the tagged entity, and no owner', async () => {
    const r = await analyzeYaml(
      { config: { attribution: 'model' }, requirements: [req('REQ-1')] },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-1'] }] }),
    );
    expect(r.at(T, 'A')).toMatchObject({ owner: null, basis: null, quarantine: null });
    expect(r.of('unclaimed-tag')).toEqual([
      expect.objectContaining({ severity: 'warning', entity: 'REQ-1', file: '/evidence/p/t/test.xml' }),
    ]);
    expect(r.entity('REQ-1').members).toEqual([]);
  });

  it('model mode: no unclaimed-tag when a claim covers the case', async () => {
    const r = await analyzeYaml(
      { config: { attribution: 'model' }, requirements: [req('REQ-1', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-1'] }] }),
    );
    expect(r.at(T, 'A')).toMatchObject({ owner: 'REQ-1', basis: 'model' });
    expect(r.of('unclaimed-tag')).toEqual([]);
  });

  it('no tag and no claim: unowned, and nothing to report', async () => {
    const r = await analyzeYaml({ requirements: [req('REQ-1')] }, evidence({ [T]: [{ path: 'A' }] }));
    expect(r.at(T, 'A')).toMatchObject({ owner: null, basis: null, quarantine: null, claimedBy: [] });
    expect(r.counts).toEqual({ cases: 1, owned: 0, unowned: 1, quarantined: 0 });
  });
});
