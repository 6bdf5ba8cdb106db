// The lock against attribution: changed owners quarantine; absent cases become missing, moved or not run.
import { describe, expect, it } from 'vitest';
import { parseVerificationLock } from '../../tools/verify/verification-lock-file.js';
import { analyzeYaml, cases, evidence, LOCK_FILE, lockOf, req, whole } from './verify-fixture.js';

const T = '//p:t';

/** The lock-related rules that fired, sorted and without repeats. */
function lockRules(r: { diagnostics: { rule: string }[] }) {
  return [...new Set(r.diagnostics.map((d) => d.rule).filter((rule) => rule.startsWith('lock-')))].sort();
}

describe('lock-invalid: an entry whose owner cannot own cases', () => {
  it.each([
    ['is not in the model', 'REQ-9', 'not in the model'],
    ['is a risk', 'RISK-1', 'not an entity that can own cases'],
    ['is a test method', 'TM-1', 'not an entity that can own cases'],
  ])('an owner that %s quarantines the case', async (_, owner, why) => {
    const r = await analyzeYaml(
      {
        requirements: [req('REQ-1', [cases(T, 'A', 'B')])],
        risks: [{ id: 'RISK-1', title: 'r', residual: 'accepted' }],
        test_methods: [{ id: 'TM-1', title: 'm', level: 'unit' }],
      },
      evidence({ [T]: [{ path: 'A' }, { path: 'B' }] }),
      lockOf([
        { target: T, path: 'A', owner },
        { target: T, path: 'B', owner: 'REQ-1' },
      ]),
    );
    expect(r.of('lock-invalid')).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: LOCK_FILE,
        line: 4,
        message: expect.stringContaining(`names owner ${owner}, which is ${why}`),
      }),
    ]);
    expect(r.at(T, 'A')).toMatchObject({ owner: null, quarantine: 'lock-invalid', implicated: ['REQ-1'] });
    expect(r.entity('REQ-1').verdict).toBe('INVALID');
    expect(r.at(T, 'B')).toMatchObject({ owner: 'REQ-1', quarantine: null });
    // Not reported again as a changed owner.
    expect(r.of('lock-owner-changed')).toEqual([]);
  });

  it('an invalid entry of a case not in the evidence is reported, and is no absence', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([
        { target: T, path: 'A', owner: 'REQ-1' },
        { target: T, path: 'gone', owner: 'REQ-9' },
      ]),
    );
    expect(r.of('lock-invalid')).toHaveLength(1);
    expect(r.absences).toEqual([]);
    expect(r.counts.quarantined).toBe(0);
  });

  it.each([
    ['a requirement', 'REQ-1', 'verified_by'],
    ['a user need', 'UN-2', 'validated_by'],
    ['a mitigation', 'MIT-1', 'verified_by'],
  ])('an entry owned by %s is valid', async (_, id) => {
    const r = await analyzeYaml(
      {
        user_needs: [{ id: 'UN-2', title: 'n', validated_by: [cases(T, 'B')] }],
        requirements: [req('REQ-1', [cases(T, 'A')])],
        mitigations: [{ id: 'MIT-1', title: 'm', implemented_by: 'REQ-1', verified_by: [cases(T, 'C')] }],
      },
      evidence({ [T]: [{ path: 'A' }, { path: 'B' }, { path: 'C' }] }),
      lockOf([{ target: T, path: { 'REQ-1': 'A', 'UN-2': 'B', 'MIT-1': 'C' }[id]!, owner: id }]),
    );
    expect(lockRules(r)).toEqual([]);
    expect(r.counts).toEqual({ cases: 3, owned: 3, unowned: 0, quarantined: 0 });
  });

  it('problems of the lock text itself reach the diagnostics', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      parseVerificationLock(LOCK_FILE, '{"version": 9, "cases": []}'),
    );
    expect(r.of('lock-invalid')).toMatchObject([{ file: LOCK_FILE, line: 1 }]);
    expect(r.at(T, 'A').owner).toBe('REQ-1');
  });
});

describe('lock-owner-changed: attribution no longer gives the case to its locked owner', () => {
  it('another owner now: quarantined, new and locked owner INVALID', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1'), req('REQ-2', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([{ target: T, path: 'A', owner: 'REQ-1' }]),
    );
    expect(r.at(T, 'A')).toMatchObject({
      owner: null,
      quarantine: 'lock-owner-changed',
      implicated: ['REQ-1', 'REQ-2'],
    });
    expect(r.of('lock-owner-changed')).toEqual([
      expect.objectContaining({
        severity: 'error',
        entity: 'REQ-1',
        file: LOCK_FILE,
        line: 4,
        message: expect.stringContaining(
          `case ${T} A is locked to REQ-1 but attribution now gives it to REQ-2`,
        ),
      }),
    ]);
    expect(r.entity('REQ-2')).toMatchObject({
      verdict: 'INVALID',
      members: [
        expect.objectContaining({ path: 'A', state: 'quarantined', quarantine: 'lock-owner-changed' }),
      ],
    });
    // The locked owner's set shows the case it is losing, instead of silently shrinking.
    expect(r.entity('REQ-1')).toMatchObject({
      verdict: 'INVALID',
      members: [expect.objectContaining({ path: 'A', state: 'quarantined' })],
    });
  });

  it('nobody now: quarantined too', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1')] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([{ target: T, path: 'A', owner: 'REQ-1' }]),
    );
    expect(r.at(T, 'A')).toMatchObject({ owner: null, quarantine: 'lock-owner-changed' });
    expect(r.of('lock-owner-changed')[0]!.message).toContain('attribution now gives it to nobody');
    expect(r.counts).toEqual({ cases: 1, owned: 0, unowned: 0, quarantined: 1 });
  });

  it('a tag owner that differs from the lock counts as a change (hybrid mode)', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1'), req('REQ-2')] },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-2'] }] }),
      lockOf([{ target: T, path: 'A', owner: 'REQ-1' }]),
    );
    expect(r.at(T, 'A').quarantine).toBe('lock-owner-changed');
    expect(r.at(T, 'A').implicated).toEqual(['REQ-1', 'REQ-2']);
  });

  it('the same owner, by claim or by tag: nothing to report', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2')] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B', tags: ['REQ-2'] }] }),
      lockOf([
        { target: T, path: 'A', owner: 'REQ-1' },
        { target: T, path: 'B', owner: 'REQ-2' },
      ]),
    );
    expect(lockRules(r)).toEqual([]);
    expect(r.at(T, 'A')).toMatchObject({ owner: 'REQ-1', quarantine: null });
    expect(r.at(T, 'B')).toMatchObject({ owner: 'REQ-2', basis: 'tag', quarantine: null });
  });

  it('an unlocked case is not checked', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A', 'B')])] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B' }] }),
      lockOf([{ target: T, path: 'A', owner: 'REQ-1' }]),
    );
    expect(lockRules(r)).toEqual([]);
    expect(r.at(T, 'B').owner).toBe('REQ-1');
  });

  it('a case already quarantined keeps its first quarantine', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([{ target: T, path: 'A', owner: 'REQ-1' }]),
    );
    expect(r.at(T, 'A').quarantine).toBe('shared-case');
    expect(r.of('lock-owner-changed')).toEqual([]);
  });
});

describe('locked cases absent from the evidence', () => {
  const model = {
    requirements: [req('REQ-1', [cases(T, 'A', 'B'), cases('suite:Old', 'S/x'), cases('//p:gone', 'G')])],
  };

  it('target ran without the case: missing', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A', 'B')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([
        { target: T, path: 'A', owner: 'REQ-1' },
        { target: T, path: 'B', owner: 'REQ-1' },
      ]),
    );
    expect(r.absences).toEqual([
      { entry: expect.objectContaining({ target: T, path: 'B' }), state: 'missing' },
    ]);
    expect(r.entity('REQ-1').members).toEqual([
      expect.objectContaining({ path: 'A', state: 'passed', basis: 'model' }),
      expect.objectContaining({ path: 'B', state: 'missing', basis: 'lock', stale: false }),
    ]);
    expect(r.entity('REQ-1').verdict).toBe('PARTIAL');
    expect(lockRules(r)).toEqual([]);
  });

  it('target absent, the path runs under another target: moved', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases('//p:gone', 'G'), cases('//p:new', 'G')])] },
      evidence({ '//p:new': [{ path: 'G' }] }),
      lockOf([{ target: '//p:gone', path: 'G', owner: 'REQ-1' }]),
    );
    expect(r.absences).toEqual([
      { entry: expect.objectContaining({ target: '//p:gone' }), state: 'moved', movedTo: '//p:new' },
    ]);
    expect(r.entity('REQ-1').members).toContainEqual(
      expect.objectContaining({ target: '//p:gone', state: 'moved', movedTo: '//p:new', stale: false }),
    );
    // A build target that moved is no stale entry.
    expect(lockRules(r)).toEqual([]);
  });

  it('the same path under another target with another owner is not a move: not run', async () => {
    const r = await analyzeYaml(
      {
        requirements: [
          req('REQ-1', [cases('//p:gone', 'Suite/test_init')]),
          req('REQ-2', [cases('//p:other', 'Suite/test_init')]),
        ],
      },
      evidence({ '//p:other': [{ path: 'Suite/test_init' }] }),
      lockOf([{ target: '//p:gone', path: 'Suite/test_init', owner: 'REQ-1' }]),
    );
    expect(r.absences).toEqual([
      { entry: expect.objectContaining({ target: '//p:gone' }), state: 'not run' },
    ]);
  });

  it.each([['suite:Old'], ['record:old']])(
    'a gone pseudo-target %s whose case runs elsewhere: moved and lock-stale',
    async (target) => {
      const r = await analyzeYaml(
        { requirements: [req('REQ-1', [cases(target, 'S/x'), cases(T, 'S/x')])] },
        evidence({ [T]: [{ path: 'S/x' }] }),
        lockOf([
          { target, path: 'S/x', owner: 'REQ-1' },
          { target: T, path: 'S/x', owner: 'REQ-1' },
        ]),
      );
      expect(r.absences).toEqual([
        { entry: expect.objectContaining({ target }), state: 'moved', movedTo: T },
      ]);
      expect(r.of('lock-stale')).toEqual([
        expect.objectContaining({
          severity: 'error',
          entity: 'REQ-1',
          file: LOCK_FILE,
          message: expect.stringContaining(`that pseudo-target is gone and the case now runs under ${T}`),
        }),
      ]);
      expect(r.entity('REQ-1').members).toContainEqual(
        expect.objectContaining({ target, state: 'moved', stale: true }),
      );
    },
  );

  it('target absent and the path nowhere: not run', async () => {
    const r = await analyzeYaml(
      model,
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([
        { target: '//p:gone', path: 'G', owner: 'REQ-1' },
        { target: 'suite:Old', path: 'S/x', owner: 'REQ-1' },
      ]),
    );
    expect(r.absences.map((a) => [a.entry.target, a.state])).toEqual([
      ['//p:gone', 'not run'],
      ['suite:Old', 'not run'],
    ]);
    expect(lockRules(r)).toEqual([]);
    expect(r.entity('REQ-1').verdict).toBe('PARTIAL');
  });

  it('a present case is no absence', async () => {
    const r = await analyzeYaml(
      model,
      evidence({ [T]: [{ path: 'A' }, { path: 'B' }] }),
      lockOf([
        { target: T, path: 'A', owner: 'REQ-1' },
        { target: T, path: 'B', owner: 'REQ-1' },
      ]),
    );
    expect(r.absences).toEqual([]);
  });
});

describe('lock-stale in model mode: an entry no claim of its owner selects', () => {
  const lock = () =>
    lockOf([
      { target: T, path: 'A', owner: 'REQ-1' },
      { target: T, path: 'gone', owner: 'REQ-1' },
    ]);

  it('an entry the owner no longer claims is stale', async () => {
    const r = await analyzeYaml(
      { config: { attribution: 'model' }, requirements: [req('REQ-1', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lock(),
    );
    expect(r.of('lock-stale')).toEqual([
      expect.objectContaining({
        severity: 'error',
        entity: 'REQ-1',
        file: LOCK_FILE,
        line: 5,
        message: expect.stringContaining('no claim of REQ-1 selects it'),
      }),
    ]);
    expect(r.entity('REQ-1').members).toContainEqual(
      expect.objectContaining({ path: 'gone', state: 'missing', stale: true }),
    );
  });

  it('a claim of another entity does not keep the entry fresh', async () => {
    const r = await analyzeYaml(
      {
        config: { attribution: 'model' },
        requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2', [cases(T, 'gone')])],
      },
      evidence({ [T]: [{ path: 'A' }] }),
      lock(),
    );
    expect(r.of('lock-stale')).toHaveLength(1);
  });

  it.each([
    ['a literal selector', cases(T, 'A', 'gone')],
    ['a glob', cases(T, '*')],
    ['a whole-target claim', whole(T)],
    ['a claim spelled another way', cases('@//p:t', 'A', 'gone')],
  ])('an entry selected by %s of its owner is fresh', async (_, claim) => {
    const r = await analyzeYaml(
      { config: { attribution: 'model' }, requirements: [req('REQ-1', [claim])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lock(),
    );
    expect(r.of('lock-stale')).toEqual([]);
  });

  it('hybrid mode does not check claims against the lock', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lock(),
    );
    expect(r.of('lock-stale')).toEqual([]);
  });

  it.each([['off'], [false]])('config.rules lock-stale: %j turns it off', async (setting) => {
    const r = await analyzeYaml(
      {
        config: { attribution: 'model', rules: { 'lock-stale': setting } },
        requirements: [req('REQ-1', [cases(T, 'A')])],
      },
      evidence({ [T]: [{ path: 'A' }] }),
      lock(),
    );
    expect(r.of('lock-stale')).toEqual([]);
  });

  it('config.rules lock-stale: warning lowers it', async () => {
    const r = await analyzeYaml(
      {
        config: { attribution: 'model', rules: { 'lock-stale': 'warning' } },
        requirements: [req('REQ-1', [cases(T, 'A')])],
      },
      evidence({ [T]: [{ path: 'A' }] }),
      lock(),
    );
    expect(r.of('lock-stale')).toMatchObject([{ severity: 'warning' }]);
  });

  it('the pseudo-target lock-stale is configurable too', async () => {
    const r = await analyzeYaml(
      {
        config: { rules: { 'lock-stale': 'off' } },
        requirements: [req('REQ-1', [cases(T, 'S/x')])],
      },
      evidence({ [T]: [{ path: 'S/x' }] }),
      lockOf([
        { target: 'suite:Old', path: 'S/x', owner: 'REQ-1' },
        { target: T, path: 'S/x', owner: 'REQ-1' },
      ]),
    );
    expect(r.of('lock-stale')).toEqual([]);
    expect(r.absences).toMatchObject([{ state: 'moved' }]);
  });
});

describe('no evidence, no lock checks', () => {
  it('analyze without evidence ignores the lock', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')])] },
      undefined,
      lockOf([{ target: T, path: 'A', owner: 'REQ-9' }]),
    );
    expect(lockRules(r)).toEqual([]);
    expect(r.cases).toEqual([]);
    expect(r.absences).toEqual([]);
  });
});
