// planLockUpdate, the one lock rule `rr lock`, the Bazel set and the editor share: the owners
// attribution decides without the old lock, what changes, and when an update is refused.
import { describe, expect, it } from 'vitest';
import { planChanges, planVerificationLockUpdate } from '../../tools/verify/verification-lock-update.js';
import { analyzeYaml, cases, evidence, loadYaml, lockOf, req } from './verify-fixture.js';

const T = '//pump:dose_test';
const ev = evidence({ [T]: [{ path: 'A' }, { path: 'B' }, { path: 'C' }] });

describe('planLockUpdate', () => {
  it('plans from attribution without the old lock: a pin that moved changes, it does not quarantine', async () => {
    const model = await loadYaml({ requirements: [req('REQ-1', [cases(T, 'A', 'B')]), req('REQ-2')] });
    const old = lockOf([
      { target: T, path: 'A', owner: 'REQ-2' },
      { target: T, path: 'B', owner: 'REQ-1' },
      { target: T, path: 'Gone', owner: 'REQ-1' },
    ]);
    // With the lock, the moved pin quarantines case A; the plan is made without it.
    const withLock = await analyzeYaml(model, ev, old);
    expect(withLock.at(T, 'A').quarantine).toBe('lock-owner-changed');

    const plan = planVerificationLockUpdate({ model, evidence: ev, lock: old }, false);
    expect(plan.refusedBy).toEqual([]);
    expect(plan.added).toEqual([]);
    expect(plan.changed).toEqual([{ entry: { target: T, path: 'A', owner: 'REQ-1' }, from: 'REQ-2' }]);
    expect(plan.removed).toEqual([{ target: T, path: 'Gone', owner: 'REQ-1' }]);
    // A removal is kept unless allowed, and counts as a change either way.
    expect(plan.kept).toEqual(plan.removed);
    expect(plan.entries.map((e) => e.path)).toEqual(['A', 'B', 'Gone']);
    expect(planChanges(plan)).toBe(true);

    const allowed = planVerificationLockUpdate({ model, evidence: ev, lock: old }, true);
    expect(allowed.kept).toEqual([]);
    expect(allowed.entries.map((e) => e.path)).toEqual(['A', 'B']);
  });

  it('adds the owned cases to a new lock and is up to date over the lock it would write', async () => {
    const model = await loadYaml({
      requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2', [cases(T, 'B')])],
    });
    const fresh = planVerificationLockUpdate({ model, evidence: ev }, false);
    expect(fresh.added.map((e) => `${e.path} ${e.owner}`)).toEqual(['A REQ-1', 'B REQ-2']);
    expect(planChanges(fresh)).toBe(true);
    const again = planVerificationLockUpdate({ model, evidence: ev, lock: lockOf(fresh.entries) }, false);
    expect(planChanges(again)).toBe(false);
    expect(again.entries).toEqual(fresh.entries);
  });

  it('is refused while a case is quarantined: the lock records owners and never decides one', async () => {
    const model = await loadYaml({
      requirements: [req('REQ-1', [cases(T, 'A')]), req('REQ-2', [cases(T, 'A')])],
    });
    const plan = planVerificationLockUpdate({ model, evidence: ev }, false);
    expect(plan.refusedBy).toEqual([`${T} A (shared-case)`]);
    expect(plan.entries.map((e) => e.path)).not.toContain('A');
  });
});
