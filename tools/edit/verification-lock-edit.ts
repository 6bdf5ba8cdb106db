// The verification-set lock follows renames and deletes in the same write (docs/editing.md),
// and a moved case is re-locked in the write that moves it.
// The lock is a generated file in one canonical form (serializeVerificationLock); it is rewritten in that form
// with its own line endings, keeping every entry's target spelled as written.
import { isDeepStrictEqual } from 'node:util';
import { isJsonObject, parseCheckedJson, shapeOf } from '../model/checked-json.js';
import { normalizeLabel } from '../model/labels.js';
import { dominantEnding, withEnding } from './line-endings.js';
import { parseVerificationLock, serializeVerificationLock } from '../verify/verification-lock-file.js';
import type { VerificationLockCase } from '../verify/verification-lock-update.js';
import { EditError } from './edit-error.js';
import type { Relock } from './edit-request.js';
import type { VerificationLockSnapshot } from './model-snapshot.js';

/** What an edit does to the lock: its new bytes and the entries it drops. */
export interface VerificationLockEdit {
  path: string;
  before: Buffer;
  after: Buffer;
  /** entries as they will read after the edit */
  entries: VerificationLockCase[];
  /** entries dropped because their owner was deleted */
  unlocked: VerificationLockCase[];
}

/** The entries of the lock as written (targets not normalized), or an error when it cannot be read. */
export function verificationLockEntries(
  lock: VerificationLockSnapshot & { bytes: Buffer },
): VerificationLockCase[] {
  const text = lock.bytes.toString('utf8');
  const parsed = parseVerificationLock(lock.path, text);
  const problem = parsed.diagnostics[0];
  if (problem)
    throw new EditError(
      'lock-invalid',
      `${lock.path}:${problem.line ?? 1}: the verification-set lock cannot be read (${problem.message}); the edit would have to change it`,
      { file: lock.path, line: problem.line },
    );
  // parseLock has checked this text already; the shape check keeps the two readings in step.
  const { cases } = parseCheckedJson(
    text,
    lock.path,
    WRITTEN_CASES,
    'run `rr lock update` to rewrite the lock',
  );
  return cases.map((e) => ({ target: e.target, path: e.path, owner: e.owner }));
}

/** The lock's cases as written: targets not normalized. */
const WRITTEN_CASES = shapeOf<{ cases: VerificationLockCase[] }>((value) => {
  if (!isJsonObject(value) || !Array.isArray(value.cases)) return '"cases" must be a list';
  const at = value.cases.findIndex(
    (e: unknown) =>
      !isJsonObject(e) ||
      typeof e.target !== 'string' ||
      typeof e.path !== 'string' ||
      typeof e.owner !== 'string',
  );
  return at < 0 ? undefined : `cases[${at}] needs string "target", "path" and "owner"`;
});

/** What an edit does to the lock's entries: an owner renamed, an owner dropped, or cases re-locked. */
export type VerificationLockChange =
  { rename: { from: string; to: string } } | { drop: string } | { relock: readonly Relock[] };

/**
 * The entries after a change. Entries are matched on their normalized target (`normalize`), so a
 * target spelled `//pkg` in the lock still meets the evidence's `//pkg:pkg`; a new entry is written
 * with the target as given.
 */
export function applyVerificationLockChange<T extends VerificationLockCase>(
  entries: readonly T[],
  change: VerificationLockChange,
  normalize: (target: string) => string = (t) => t,
): VerificationLockCase[] {
  if ('rename' in change)
    return entries.map((e) => (e.owner === change.rename.from ? { ...e, owner: change.rename.to } : e));
  if ('drop' in change) return entries.filter((e) => e.owner !== change.drop);
  const out: VerificationLockCase[] = entries.map((e) => ({
    target: e.target,
    path: e.path,
    owner: e.owner,
  }));
  for (const item of change.relock) {
    const at = out.findIndex((e) => normalize(e.target) === item.target && e.path === item.path);
    if (item.owner === null) {
      if (at >= 0) out.splice(at, 1);
    } else if (at >= 0) out[at] = { ...out[at]!, owner: item.owner };
    else out.push({ target: item.target, path: item.path, owner: item.owner });
  }
  return out;
}

/** The lock after an owner is renamed or deleted or cases are re-locked; undefined when nothing changes. */
export function planVerificationLockEdit(
  lock: VerificationLockSnapshot | undefined,
  change: VerificationLockChange,
): VerificationLockEdit | undefined {
  if (!lock?.bytes) return undefined;
  const before = verificationLockEntries({ ...lock, bytes: lock.bytes });
  const entries = applyVerificationLockChange(before, change, (t) => normalizeLabel(t) ?? t);
  if (isDeepStrictEqual(entries, before)) return undefined;
  const unlocked = 'drop' in change ? before.filter((e) => e.owner === change.drop) : [];
  const ending = dominantEnding(lock.bytes.toString('utf8'));
  const after = Buffer.from(withEnding(serializeVerificationLock(entries), ending), 'utf8');
  return { path: lock.path, before: lock.bytes, after, entries, unlocked };
}
