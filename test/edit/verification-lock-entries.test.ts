// An edit that changes the verification-set lock reads its entries as written: a lock of the wrong shape
// is lock-invalid naming the file and the entry's line, and the edit is refused.
import { describe, expect, it } from 'vitest';
import { EditError } from '../../tools/edit/edit-error.js';
import { verificationLockEntries } from '../../tools/edit/verification-lock-edit.js';

const path = 'model/sets.lock.json';
const lock = (text: string) => ({ path, bytes: Buffer.from(text), hash: null });

describe('lock entries for an edit', () => {
  it('are the entries as written', () => {
    const text = '{"version": 1, "cases": [{"target": "//pkg", "path": "a", "owner": "REQ-001"}]}';
    expect(verificationLockEntries(lock(text))).toEqual([{ target: '//pkg', path: 'a', owner: 'REQ-001' }]);
  });

  it('refuse a lock with an entry of the wrong shape, naming file and line', () => {
    const text =
      '{\n  "version": 1,\n  "cases": [\n    {"target": 7, "path": "a", "owner": "REQ-001"}\n  ]\n}\n';
    let error: unknown;
    try {
      verificationLockEntries(lock(text));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EditError);
    expect((error as EditError).code).toBe('lock-invalid');
    expect((error as EditError).message).toMatch(
      /^model\/sets\.lock\.json:4: the verification-set lock cannot be read \(a lock entry needs string "target"/,
    );
  });
});
