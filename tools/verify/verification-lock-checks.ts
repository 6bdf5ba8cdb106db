import type { Claim } from '../model/claims.js';
import type { Config } from '../model/config.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { Entity } from '../model/entity.js';
import { writtenSelects } from '../model/selectors.js';
import type { Evidence } from '../evidence/test-case.js';
import type { AttributedCase } from './attribution.js';
import { caseKey } from './case-key.js';
import type { VerificationLock, VerificationLockEntry } from './verification-lock-file.js';
import { appendTo } from '../model/multi-map.js';

/** A locked case the evidence does not show where the lock says: its state for the locked owner. */
export interface LockedAbsence {
  entry: VerificationLockEntry;
  state: 'missing' | 'not run' | 'moved';
  /** for moved: the target the case runs under now */
  movedTo?: string;
}

const VERIFIABLE = new Set(['requirement', 'user_need', 'mitigation']);

/**
 * Compares attribution with the lock: owners that changed since the lock (lock-owner-changed) and
 * entries naming no entity (lock-invalid) quarantine their cases; entries no claim of their owner
 * matches are lock-stale; locked cases absent from the evidence become missing, not run or moved.
 */
export function checkVerificationLock(
  lock: VerificationLock,
  cases: AttributedCase[],
  claims: readonly Claim[],
  evidence: Evidence,
  config: Config,
  byId: ReadonlyMap<string, Entity>,
): { diagnostics: Diagnostic[]; absences: LockedAbsence[]; stale: Set<string> } {
  const diagnostics: Diagnostic[] = [...lock.diagnostics];
  const absences: LockedAbsence[] = [];
  const stale = new Set<string>(); // case keys of lock-stale entries
  const at = (entry: VerificationLockEntry) => ({ file: lock.file, line: entry.line, column: 5 });
  const byKey = new Map(cases.map((a) => [caseKey(a.case.target, a.case.path), a]));
  const byPath = new Map<string, AttributedCase[]>();
  for (const a of cases) appendTo(byPath, a.case.path, a);
  const invalidOwner = new Set<VerificationLockEntry>();
  for (const entry of lock.entries) {
    const owner = byId.get(entry.owner);
    if (!owner || !VERIFIABLE.has(owner.kind)) {
      invalidOwner.add(entry);
      diagnostics.push(
        diagnostic(
          'lock-invalid',
          'error',
          `lock entry ${entry.target} ${entry.path} names owner ${entry.owner}, which is ${owner ? 'not an entity that can own cases' : 'not in the model'}; run \`rr lock update\``,
          at(entry),
        ),
      );
    }
  }
  for (const a of cases) {
    const entry = lock.byKey.get(caseKey(a.case.target, a.case.path));
    if (!entry) continue;
    if (invalidOwner.has(entry)) {
      a.quarantine ??= 'lock-invalid';
    } else if (!a.quarantine && a.owner !== entry.owner) {
      a.quarantine = 'lock-owner-changed';
      // The pinned owner loses the case too: its set must show it, not silently shrink.
      a.implicated = [...a.implicated, entry.owner];
      diagnostics.push(
        diagnostic(
          'lock-owner-changed',
          'error',
          `case ${a.case.target} ${a.case.path} is locked to ${entry.owner} but attribution now gives it to ${a.owner ?? 'nobody'}; review the change, then run \`rr lock update\``,
          at(entry),
          entry.owner,
        ),
      );
    }
  }
  for (const entry of lock.entries) {
    if (byKey.has(caseKey(entry.target, entry.path)) || invalidOwner.has(entry)) continue;
    // Moved only when the same owner now has the same path elsewhere: generic paths repeat across targets.
    const elsewhere = (byPath.get(entry.path) ?? []).find(
      (a) => a.case.target !== entry.target && a.owner === entry.owner,
    );
    const targetRan = evidence.targets.has(entry.target);
    if (!targetRan && elsewhere) {
      absences.push({ entry, state: 'moved', movedTo: elsewhere.case.target });
      if (/^(suite|record):/.test(entry.target)) {
        stale.add(caseKey(entry.target, entry.path));
        diagnostics.push(
          diagnostic(
            'lock-stale',
            'error',
            `lock entry ${entry.target} ${entry.path}: that pseudo-target is gone and the case now runs under ${elsewhere.case.target}; run \`rr lock update\``,
            at(entry),
            entry.owner,
          ),
        );
      }
    } else {
      absences.push({ entry, state: targetRan ? 'missing' : 'not run' });
    }
  }
  if (config.attribution === 'model') {
    const claimsOf = new Map<string, Claim[]>(); // owner + target → that owner's claims on the target
    for (const c of claims) if (c.label) appendTo(claimsOf, `${c.entity.id}\u0000${c.label}`, c);
    for (const entry of lock.entries) {
      if (invalidOwner.has(entry)) continue;
      const matched = (claimsOf.get(`${entry.owner}\u0000${entry.target}`) ?? []).some(
        (c) => c.wholeTarget || c.selectors.some((s) => writtenSelects(s, entry.path)),
      );
      if (!matched) {
        stale.add(caseKey(entry.target, entry.path));
        diagnostics.push(
          diagnostic(
            'lock-stale',
            'error',
            `lock entry ${entry.target} ${entry.path} pins owner ${entry.owner}, but no claim of ${entry.owner} selects it; run \`rr lock update\``,
            at(entry),
            entry.owner,
          ),
        );
      }
    }
  }
  return { diagnostics, absences, stale };
}
