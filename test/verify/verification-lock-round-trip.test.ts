// analyze → lock of the owned cases → text → parse → analyze again: the lock agrees; a claim edit does not.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../tools/verify/analyze.js';
import {
  parseVerificationLock,
  serializeVerificationLock,
} from '../../tools/verify/verification-lock-file.js';
import {
  analyzeYaml,
  cases,
  evidence,
  LOCK_FILE,
  owners,
  req,
  whole,
  type ModelDoc,
} from './verify-fixture.js';

const ev = evidence(
  {
    '//pump/dose:dose_test': [
      { path: 'Dose/limits', tags: ['REQ-1'] },
      { path: 'Dose/rate', result: 'failed' },
      { path: 'Dose/rate_*', level: 'integration' },
      { path: 'Bolus/max', flaky: true },
      { path: 'Other/untagged' },
    ],
    '//pump/alarm:alarm_test': [{ path: 'Alarm/occlusion' }, { path: 'Alarm/battery', tags: ['MIT-1'] }],
    'record:bench': [{ path: 'bench/flow', result: 'skipped' }],
    'suite:Usability': [{ path: 'Usability/labels', tags: ['UN-2'] }],
  },
  { synthetic: ['//pump:boot_test'] },
);

function model(
  attribution: 'hybrid' | 'model',
  reqOneCases = ['Dose/l*', 'Dose/rate', 'Bolus/max'],
): ModelDoc {
  return {
    config: { attribution },
    user_needs: [{ id: 'UN-2', title: 'usable', validated_by: [cases('suite:Usability', 'Usability/*')] }],
    requirements: [
      req('REQ-1', [cases('//pump/dose:dose_test', ...reqOneCases)]),
      req('REQ-2', [
        cases('//pump/alarm', 'Alarm/occlusion'),
        cases('//pump/dose:dose_test', 'Dose/rate_\\*'),
      ]),
      req('REQ-3', [whole('//pump:boot_test'), cases('record:bench', 'bench/flow')]),
    ],
    mitigations: [
      {
        id: 'MIT-1',
        title: 'alarm',
        implemented_by: 'REQ-2',
        verified_by: [cases('@//pump/alarm:alarm_test', 'Alarm/battery')],
      },
    ],
  };
}

/** The lock `rr lock update` would write for an analysis: one entry per owned case. */
function lockText(analysis: Analysis): string {
  return serializeVerificationLock(
    analysis.cases
      .filter((a) => a.owner !== null)
      .map((a) => ({ target: a.case.target, path: a.case.path, owner: a.owner! })),
  );
}

const lockRules = (r: Analysis) => r.diagnostics.filter((d) => d.rule.startsWith('lock-'));

describe.each([['hybrid' as const], ['model' as const]])(
  'lock round trip (attribution: %s)',
  (attribution) => {
    it('a lock written from an analysis agrees with the next analysis', async () => {
      const first = await analyzeYaml(model(attribution), ev);
      expect(first.counts.quarantined).toBe(0);
      expect(first.counts.owned).toBeGreaterThanOrEqual(8);
      const text = lockText(first);
      const lock = parseVerificationLock(LOCK_FILE, text);
      expect(lock.diagnostics).toEqual([]);
      expect(lock.entries).toHaveLength(first.counts.owned);
      // The text is stable: writing the parsed lock again gives the same bytes.
      expect(serializeVerificationLock(lock.entries)).toBe(text);

      const second = await analyzeYaml(first.model, ev, lock);
      expect(lockRules(second)).toEqual([]);
      expect(second.absences).toEqual([]);
      expect(second.counts).toEqual(first.counts);
      expect(owners(second)).toEqual(owners(first));
      expect(second.entities.map((e) => [e.id, e.verdict])).toEqual(
        first.entities.map((e) => [e.id, e.verdict]),
      );
    });

    it('moving a case to another entity in the model is lock-owner-changed', async () => {
      const lock = parseVerificationLock(LOCK_FILE, lockText(await analyzeYaml(model(attribution), ev)));
      const edited = model(attribution, ['Dose/l*', 'Dose/rate']);
      (edited.requirements![2]!.verified_by as unknown[]).push(cases('//pump/dose:dose_test', 'Bolus/max'));
      const r = await analyzeYaml(edited, ev, lock);
      expect(r.of('lock-owner-changed')).toEqual([
        expect.objectContaining({
          entity: 'REQ-1',
          file: LOCK_FILE,
          message: expect.stringContaining(
            'Bolus/max is locked to REQ-1 but attribution now gives it to REQ-3',
          ),
        }),
      ]);
      expect(r.at('//pump/dose:dose_test', 'Bolus/max')).toMatchObject({
        owner: null,
        quarantine: 'lock-owner-changed',
      });
      expect(r.entity('REQ-3').verdict).toBe('INVALID');
      // Dose/limits, Dose/rate stay REQ-1's; nothing else moved.
      expect(r.counts.quarantined).toBe(1);
    });

    it('dropping a case from a claim is lock-owner-changed to nobody', async () => {
      const lock = parseVerificationLock(LOCK_FILE, lockText(await analyzeYaml(model(attribution), ev)));
      const r = await analyzeYaml(model(attribution, ['Dose/rate', 'Bolus/max']), ev, lock);
      const changed = r.of('lock-owner-changed');
      if (attribution === 'hybrid') {
        // Dose/limits carries the tag REQ-1: the tag keeps it with its locked owner.
        expect(changed).toEqual([]);
        expect(r.at('//pump/dose:dose_test', 'Dose/limits')).toMatchObject({ owner: 'REQ-1', basis: 'tag' });
      } else {
        expect(changed).toEqual([
          expect.objectContaining({
            message: expect.stringContaining(
              'Dose/limits is locked to REQ-1 but attribution now gives it to nobody',
            ),
          }),
        ]);
        expect(r.of('lock-stale')).toEqual([
          expect.objectContaining({
            entity: 'REQ-1',
            message: expect.stringContaining('Dose/limits pins owner REQ-1'),
          }),
        ]);
      }
    });
  },
);
