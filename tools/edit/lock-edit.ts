// The verification-set lock follows renames and deletes in the same write (editing rules 2 and 3).
// The lock is a generated file in one canonical form (serializeLock); it is rewritten in that form
// with its own line endings, keeping every entry's target spelled as written.
import { dominantEnding, withEnding } from './line-endings.js';
import { parseLock, serializeLock } from '../verify/lock-file.js';
import type { LockCase } from '../verify/lock-update.js';
import { EditError } from './edit-error.js';
import type { LockSnapshot } from './model-snapshot.js';

/** What an edit does to the lock: its new bytes and the entries it drops. */
export interface LockEdit {
  path: string;
  before: Buffer;
  after: Buffer;
  /** entries as they will read after the edit */
  entries: LockCase[];
  /** entries dropped because their owner was deleted */
  unlocked: LockCase[];
}

/** The entries of the lock as written (targets not normalized), or an error when it cannot be read. */
export function lockEntries(lock: LockSnapshot & { bytes: Buffer }): LockCase[] {
  const text = lock.bytes.toString('utf8');
  const parsed = parseLock(lock.path, text);
  const problem = parsed.diagnostics[0];
  if (problem)
    throw new EditError(
      'lock-invalid',
      `${lock.path}:${problem.line ?? 1}: the verification-set lock cannot be read (${problem.message}); the edit would have to change it`,
      { file: lock.path, line: problem.line },
    );
  const raw = (JSON.parse(text) as { cases: { target: string; path: string; owner: string }[] }).cases;
  return raw.map((e) => ({ target: e.target, path: e.path, owner: e.owner }));
}

/** The lock after renaming or deleting an owner, or undefined when no entry of that owner exists. */
export function planLockEdit(
  lock: LockSnapshot | undefined,
  change: { rename: { from: string; to: string } } | { drop: string },
): LockEdit | undefined {
  if (!lock?.bytes) return undefined;
  const owner = 'rename' in change ? change.rename.from : change.drop;
  const before = lockEntries({ ...lock, bytes: lock.bytes });
  if (!before.some((e) => e.owner === owner)) return undefined;
  const unlocked = 'drop' in change ? before.filter((e) => e.owner === owner) : [];
  const entries =
    'rename' in change
      ? before.map((e) => (e.owner === owner ? { ...e, owner: change.rename.to } : e))
      : before.filter((e) => e.owner !== owner);
  const ending = dominantEnding(lock.bytes.toString('utf8'));
  const after = Buffer.from(withEnding(serializeLock(entries), ending), 'utf8');
  return { path: lock.path, before: lock.bytes, after, entries, unlocked };
}
