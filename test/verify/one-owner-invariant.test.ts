// The ownership invariant over random models: every case has no owner or exactly one that claims or tags it.
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../tools/evidence/test-case.js';
import { caseKey } from '../../tools/verify/case-key.js';
import { analyzeYaml, evidence, lockOf, req, type CaseSpec, type ModelDoc } from './verify-fixture.js';

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const some = <T>(items: readonly T[], p = 0.5): T[] => items.filter(() => next() < p);
  return { next, pick, some };
}

const TARGETS = ['//p:a', '//p:b', 'suite:S', '//p:syn'];
// Other spellings of the same targets, and a target no evidence has.
const CLAIM_TARGETS = [...TARGETS, '@//p:a', '  //p:b', '//p:unknown'];
const PATHS = ['A/x', 'A/y', 'B/x', 'B/*', 'C'];
const SELECTORS = ['A/*', 'A/x', '*', 'B/\\*', 'B/*', 'C', 'nothing', '*x'];
const VERIFIABLE = ['REQ-1', 'REQ-2', 'REQ-3', 'UN-2', 'MIT-1'];
const TAGS = [
  [],
  [],
  ['REQ-1'],
  ['REQ-2'],
  ['UN-2'],
  ['MIT-1'],
  ['RISK-1'],
  ['TM-1'],
  ['NOPE-1'],
  ['REQ-1', 'REQ-2'],
  ['REQ-3', 'RISK-1'],
];
const RESULTS: CaseResult[] = ['passed', 'passed', 'failed', 'error', 'skipped'];

/** One random model, evidence and lock. */
function scenario(seed: number) {
  const r = random(seed);
  const claims = () =>
    Array.from({ length: Math.floor(r.next() * 3) }, () => {
      const target = r.pick(CLAIM_TARGETS);
      const shape = r.next();
      if (shape < 0.15) return target.trim();
      if (shape < 0.3) return { target, whole: true, reason: 'r' };
      const selectors = r.some(SELECTORS, 0.25);
      return { target, cases: selectors.length ? selectors : [r.pick(SELECTORS)] };
    });
  const withClaims = (item: Record<string, unknown>, field: string) => {
    const list = claims();
    return list.length ? { ...item, [field]: list } : item;
  };
  const model: ModelDoc = {
    config: {
      attribution: r.pick(['hybrid', 'model']),
      ...(r.next() < 0.5 ? { variants: [['//p:a', '//p:b']] } : {}),
      set_consistency: r.pick(['warn', 'enforce', false]),
      flaky: r.pick(['accept', 'flag', 'under-verify', 'fail']),
    },
    user_needs: [withClaims({ id: 'UN-2', title: 'n' }, 'validated_by')],
    requirements: ['REQ-1', 'REQ-2', 'REQ-3'].map((id) => req(id, claims())),
    mitigations: [
      withClaims({ id: 'MIT-1', title: 'm', mitigates: 'RISK-1', implemented_by: 'REQ-1' }, 'verified_by'),
    ],
    risks: [{ id: 'RISK-1', title: 'r' }],
    test_methods: [{ id: 'TM-1', title: 't', level: 'unit' }],
  };
  const targets: Record<string, CaseSpec[]> = {};
  for (const target of TARGETS.slice(0, 3)) {
    if (r.next() < 0.15) continue; // the target did not run
    targets[target] = r.some(PATHS, 0.6).map((path) => ({
      path,
      result: r.pick(RESULTS),
      tags: r.pick(TAGS),
      flaky: r.next() < 0.1,
      ...(r.next() < 0.5 ? { file: r.pick(['f.py', 'g.py']) } : {}),
    }));
  }
  const synthetic = r.next() < 0.7 ? ['//p:syn'] : [];
  const ev = evidence(targets, { synthetic });
  const lockable = [
    ...Object.entries(targets).flatMap(([t, list]) => list.map((c) => [t, c.path])),
    ['//p:gone', 'A/x'],
  ];
  const lock = lockOf(
    r.some(lockable, 0.3).map(([target, path]) => ({
      target: target!,
      path: path!,
      owner: r.pick([...VERIFIABLE, ...VERIFIABLE, 'RISK-1', 'NOPE-1']),
    })),
  );
  return { model, ev, lock: r.next() < 0.5 ? lock : undefined };
}

describe('no case ever has more than one owner', () => {
  it('over 250 random models, evidence and locks', async () => {
    let quarantined = 0;
    let owned = 0;
    for (let seed = 1; seed <= 250; seed++) {
      const { model, ev, lock } = scenario(seed);
      const r = await analyzeYaml(model, ev, lock);
      const at = `seed ${seed}`;
      const keys = r.cases.map((a) => caseKey(a.case.target, a.case.path));
      expect(new Set(keys).size, at).toBe(keys.length);
      const verifiable = (id: string) => VERIFIABLE.includes(id);
      for (const a of r.cases) {
        const where = `${at}: ${a.case.target} ${a.case.path}`;
        if (a.quarantine) {
          quarantined++;
          expect(a, where).toMatchObject({ owner: null, basis: null, coarse: false });
          expect(a.claim, where).toBeUndefined();
          for (const id of a.implicated) {
            expect(verifiable(id), where).toBe(true);
            // Implicated: the claimers, the taggers, and (lock-owner-changed) the owner the lock pins.
            const pinned =
              a.quarantine === 'lock-owner-changed'
                ? lock?.byKey.get(caseKey(a.case.target, a.case.path))?.owner
                : undefined;
            expect([...a.claimedBy, ...a.case.tags, ...(pinned ? [pinned] : [])], where).toContain(id);
            expect(r.entity(id).verdict, where).toBe('INVALID');
          }
        } else if (a.owner !== null) {
          owned++;
          expect(verifiable(a.owner), where).toBe(true);
          if (a.basis === 'model') {
            expect(a.claimedBy, where).toEqual([a.owner]);
            expect(a.claim?.entity.id, where).toBe(a.owner);
          } else {
            expect(a.basis, where).toBe('tag');
            expect(r.model.config.attribution, where).toBe('hybrid');
            expect(a.claimedBy, where).toEqual([]);
            expect(a.case.tags, where).toEqual([a.owner]);
          }
        } else {
          // One claimer always owns an unquarantined case; two always quarantine it.
          expect(a, where).toMatchObject({ basis: null, claimedBy: [] });
        }
      }
      // Each case is an unquarantined member of at most one entity's set: its owner's.
      const holders = new Map<string, string[]>();
      for (const e of r.entities) {
        for (const m of e.members) {
          if (m.basis === 'lock' || m.state === 'quarantined') continue;
          const key = caseKey(m.target, m.path);
          holders.set(key, [...(holders.get(key) ?? []), e.id]);
        }
      }
      for (const a of r.cases) {
        const key = caseKey(a.case.target, a.case.path);
        expect(holders.get(key) ?? [], `${at}: ${key}`).toEqual(a.owner ? [a.owner] : []);
      }
      const { cases, owned: o, unowned, quarantined: q } = r.counts;
      expect(o + unowned + q, at).toBe(cases);
      expect(cases, at).toBe(r.cases.length);
      expect(q, at).toBe(r.cases.filter((a) => a.quarantine).length);
    }
    // The generator reaches both sides of the invariant.
    expect(quarantined).toBeGreaterThan(50);
    expect(owned).toBeGreaterThan(50);
  });
});
