// Claims checked against the evidence: unknown-target and coarse-claim.
import { describe, expect, it } from 'vitest';
import { analyzeYaml, cases, evidence, lockOf, req, whole } from './verify-fixture.js';

const T = '//p:t';

describe('unknown-target: a claimed target neither the evidence nor the lock knows', () => {
  it('is an error on the claiming entity, which becomes INVALID', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A'), cases('//p:typo', 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.of('unknown-target')).toEqual([
      expect.objectContaining({
        severity: 'error',
        entity: 'REQ-1',
        message: expect.stringContaining(
          'requirement REQ-1: target //p:typo is not in the evidence (/evidence) nor in the lock',
        ),
      }),
    ]);
    expect(r.of('unknown-target')[0]!.line).toBeGreaterThan(0);
    // It still owns what it claims, but its verdict is INVALID.
    expect(r.at(T, 'A').owner).toBe('REQ-1');
    expect(r.entity('REQ-1').verdict).toBe('INVALID');
  });

  it.each([
    ['a whole-target claim', whole('//p:typo')],
    ['a bare label', '//p:typo'],
    ['a claim of a user need', undefined],
  ])('also for %s', async (_, claim) => {
    const r = await analyzeYaml(
      claim === undefined
        ? { user_needs: [{ id: 'UN-2', title: 'n', validated_by: [cases('//p:typo', 'A')] }] }
        : { requirements: [req('REQ-1', [claim])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.of('unknown-target')).toHaveLength(1);
    expect(r.entity(claim === undefined ? 'UN-2' : 'REQ-1').verdict).toBe('INVALID');
  });

  it('no error when the evidence has the target (any spelling)', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases('@//p:t', 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.of('unknown-target')).toEqual([]);
    expect(r.entity('REQ-1').verdict).toBe('VERIFIED');
  });

  it('no error when only the lock knows the target (it did not run)', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A'), cases('//p:slow', 'S')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([{ target: '//p:slow', path: 'S', owner: 'REQ-1' }]),
    );
    expect(r.of('unknown-target')).toEqual([]);
    expect(r.entity('REQ-1').verdict).not.toBe('INVALID');
    expect(r.entity('REQ-1').members).toContainEqual(
      expect.objectContaining({ target: '//p:slow', state: 'not run', basis: 'lock' }),
    );
  });

  it('a lock entry of another entity also makes the target known', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases('//p:slow', 'S')]), req('REQ-2', [cases('//p:slow', 'R')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([{ target: '//p:slow', path: 'R', owner: 'REQ-2' }]),
    );
    expect(r.of('unknown-target')).toEqual([]);
  });

  it('no check without evidence', async () => {
    const r = await analyzeYaml({ requirements: [req('REQ-1', [cases('//p:typo', 'A')])] });
    expect(r.of('unknown-target')).toEqual([]);
  });

  it('a claim with a bad target is bad-target, not unknown-target', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases('p:t', 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(r.of('unknown-target')).toEqual([]);
    expect(r.of('bad-target')).toHaveLength(1);
    expect(r.entity('REQ-1').verdict).toBe('INVALID');
  });
});

describe('coarse-claim: a whole-target claim on a target with cases of its own', () => {
  it.each([
    ['whole-target claim', whole(T)],
    ['deprecated bare label', T],
    ['deprecated target object', { target: T }],
  ])('a %s on a target with real cases warns', async (_, claim) => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [claim])] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B' }] }),
    );
    expect(r.of('coarse-claim')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        entity: 'REQ-1',
        message: `requirement REQ-1: whole-target claim on ${T}, which reports 2 cases of its own; claim them by case (rule coarse-claim; set its severity under config.rules: \`coarse-claim: off\`)`,
      }),
    ]);
    expect(r.at(T, 'A').coarse).toBe(true);
  });

  it('not on a synthetic target', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [whole(T)])] },
      evidence({}, { synthetic: [T] }),
    );
    expect(r.of('coarse-claim')).toEqual([]);
    expect(r.entity('REQ-1').verdict).toBe('VERIFIED');
  });

  it('not for a per-case claim', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, '*')])] },
      evidence({ [T]: [{ path: 'A' }, { path: 'B' }] }),
    );
    expect(r.of('coarse-claim')).toEqual([]);
  });

  it('not for a target only the lock knows', async () => {
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [whole('//p:slow')])] },
      evidence({ [T]: [{ path: 'A' }] }),
      lockOf([{ target: '//p:slow', path: 'S', owner: 'REQ-1' }]),
    );
    expect(r.of('coarse-claim')).toEqual([]);
  });

  it('can be configured off or to error', async () => {
    const off = await analyzeYaml(
      { config: { rules: { 'coarse-claim': false } }, requirements: [req('REQ-1', [whole(T)])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(off.of('coarse-claim')).toEqual([]);
    const error = await analyzeYaml(
      { config: { rules: { 'coarse-claim': 'error' } }, requirements: [req('REQ-1', [whole(T)])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(error.of('coarse-claim')).toMatchObject([{ severity: 'error' }]);
    // A configured error is a finding, not a broken claim: the verdict stands.
    expect(error.entity('REQ-1').verdict).toBe('VERIFIED');
  });
});
