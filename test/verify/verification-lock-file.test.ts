// The verification-set lock file: sorted one-line entries that round-trip; every bad input is lock-invalid.
import { describe, expect, it } from 'vitest';
import {
  VERIFICATION_LOCK_VERSION,
  parseVerificationLock,
  serializeVerificationLock,
} from '../../tools/verify/verification-lock-file.js';

const F = '/m/sets.lock.json';

/** The lock-invalid findings of a text as [line, message] pairs. */
function problems(text: string) {
  return parseVerificationLock(F, text).diagnostics.map((d) => {
    expect(d).toMatchObject({ rule: 'lock-invalid', severity: 'error', file: F });
    return [d.line, d.message.replace(/; run `rr lock update` to rewrite the lock$/, '')];
  });
}

describe('serializeLock', () => {
  it('sorts by target, then path, in code-point order, one case per line', () => {
    const text = serializeVerificationLock([
      { target: '//p:t', path: 'b', owner: 'REQ-2' },
      { target: '//a:z', path: 'Z', owner: 'REQ-3' },
      { target: '//p:t', path: 'B', owner: 'REQ-1' },
      { target: '//p:t', path: 'a', owner: 'REQ-1' },
    ]);
    expect(text).toBe(
      [
        '{',
        `  "version": ${VERIFICATION_LOCK_VERSION},`,
        '  "cases": [',
        '    {"target": "//a:z", "path": "Z", "owner": "REQ-3"},',
        '    {"target": "//p:t", "path": "B", "owner": "REQ-1"},',
        '    {"target": "//p:t", "path": "a", "owner": "REQ-1"},',
        '    {"target": "//p:t", "path": "b", "owner": "REQ-2"}',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('writes an empty lock', () => {
    expect(serializeVerificationLock([])).toBe(
      `{\n  "version": ${VERIFICATION_LOCK_VERSION},\n  "cases": []\n}\n`,
    );
    expect(parseVerificationLock(F, serializeVerificationLock([]))).toMatchObject({
      entries: [],
      diagnostics: [],
    });
  });

  it('does not change the order of its input', () => {
    const entries = [
      { target: '//p:t', path: 'b', owner: 'R' },
      { target: '//p:t', path: 'a', owner: 'R' },
    ];
    serializeVerificationLock(entries);
    expect(entries.map((e) => e.path)).toEqual(['b', 'a']);
  });

  it('round-trips through parseLock, with each entry on its own line', () => {
    const entries = [
      { target: '//p:t', path: 'Suite/case "quoted" \\ back', owner: 'REQ-1' },
      { target: '//p:t', path: 'a: b # not a comment, {x}, [y]', owner: 'REQ-1' },
      { target: '//p:t', path: 'tab\there\u0001 and é 😀 and \u2028', owner: 'UN-1' },
      { target: '//p:t', path: 'p/'.repeat(800), owner: 'MIT-1' },
      { target: '//p:t', path: '*', owner: 'REQ-1' },
      { target: '@lib+//hal:hal_test', path: 'x', owner: 'REQ-2' },
      { target: 'record:bench', path: 'x', owner: 'REQ-2' },
      { target: 'suite:Some.Suite', path: 'x', owner: 'REQ-2' },
    ];
    const text = serializeVerificationLock(entries);
    const lock = parseVerificationLock(F, text);
    expect(lock.diagnostics).toEqual([]);
    const lines = text.split('\n');
    for (const entry of lock.entries) {
      expect(lines[entry.line - 1]).toContain(JSON.stringify(entry.path));
    }
    const plain = lock.entries.map(({ target, path, owner }) => ({ target, path, owner }));
    expect(plain).toEqual(
      [...entries].sort((a, b) =>
        a.target < b.target ? -1 : a.target > b.target ? 1 : a.path < b.path ? -1 : 1,
      ),
    );
    expect(serializeVerificationLock(plain)).toBe(text);
    expect([...lock.byKey.values()]).toEqual(lock.entries);
  });
});

describe('parseLock', () => {
  it('normalizes labels and indexes entries by case', () => {
    const lock = parseVerificationLock(
      F,
      '{"version": 1, "cases": [{"target": " @main//p ", "path": "x", "owner": "REQ-1", "note": "kept out"}]}',
      { mainRepo: 'main' },
    );
    expect(lock.diagnostics).toEqual([]);
    expect(lock.entries).toEqual([{ target: '//p:p', path: 'x', owner: 'REQ-1', line: 1 }]);
    expect(lock.byKey.get('//p:p\u0000x')).toBe(lock.entries[0]);
  });

  it('accepts hand-written JSON: tabs, escapes, other layouts', () => {
    const text =
      '{\n\t"cases": [\n\t\t{"owner": "REQ-1",\n\t\t "path": "a\\/b \\u00e9",\n\t\t "target": "//p:t"}\n\t],\n\t"version": 1\n}\n';
    const lock = parseVerificationLock(F, text);
    expect(lock.diagnostics).toEqual([]);
    expect(lock.entries).toEqual([{ target: '//p:t', path: 'a/b é', owner: 'REQ-1', line: 3 }]);
  });

  it.each([
    ['empty text', '', 1],
    ['truncated', '{"version": 1, "cases": [\n', 2],
    ['trailing comma', '{"version": 1, "cases": [],}', 1],
    ['YAML, not JSON', 'version: 1\ncases: []\n', 1],
    ['a comment', '{"version": 1, "cases": []} // x', 1],
    ['a duplicate key', '{"version": 1,\n "version": 1, "cases": []}', 2],
  ])('bad JSON (%s) is lock-invalid with its line', (_, text, line) => {
    expect(problems(text)).toEqual([[line, 'the lock is not valid JSON']]);
  });

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"lock"'],
    ['no version', '{"cases": []}'],
    ['version 2', '{"version": 2, "cases": []}'],
    ['version "1"', '{"version": "1", "cases": []}'],
    ['no cases', '{"version": 1}'],
    ['cases as an object', '{"version": 1, "cases": {}}'],
  ])('a wrong root (%s) is lock-invalid', (_, text) => {
    expect(problems(text)).toEqual([[1, 'the lock must be {"version": 1, "cases": [...]}']]);
    expect(parseVerificationLock(F, text).entries).toEqual([]);
  });

  it('a bad entry shape is lock-invalid at its line; the good entries stay', () => {
    const text = serializeVerificationLock([
      { target: '//p:t', path: 'a', owner: 'R' },
      { target: '//p:t', path: 'b', owner: 'R' },
    ]).replace('"path": "b"', '"path": 2');
    const lock = parseVerificationLock(F, text);
    expect(problems(text)).toEqual([[5, 'a lock entry needs string "target", "path" and "owner"']]);
    expect(lock.entries.map((e) => e.path)).toEqual(['a']);
  });

  it.each([
    ['null', 'null'],
    ['a string', '"//p:t"'],
    ['no owner', '{"target": "//p:t", "path": "a"}'],
    ['a numeric owner', '{"target": "//p:t", "path": "a", "owner": 1}'],
    ['a null target', '{"target": null, "path": "a", "owner": "R"}'],
  ])('an entry that is %s is lock-invalid', (_, entry) => {
    expect(problems(`{"version": 1, "cases": [\n${entry}\n]}`)).toEqual([
      [2, 'a lock entry needs string "target", "path" and "owner"'],
    ]);
  });

  it.each([['//p:t:u'], ['p:t'], ['//p/../q:t'], ['suite:'], ['//p:t#x']])(
    'a bad label %j is lock-invalid at its line',
    (target) => {
      const text = `{"version": 1, "cases": [\n{"target": "//p:ok", "path": "a", "owner": "R"},\n{"target": ${JSON.stringify(target)}, "path": "a", "owner": "R"}\n]}`;
      expect(problems(text)).toEqual([
        [3, `lock entry target ${JSON.stringify(target)} is not a valid label`],
      ]);
      expect(parseVerificationLock(F, text).entries).toHaveLength(1);
    },
  );

  it('a case locked twice (after normalization) is lock-invalid at the second entry', () => {
    const text =
      '{"version": 1, "cases": [\n' +
      '{"target": "//p", "path": "a", "owner": "REQ-1"},\n' +
      '{"target": "//p:p", "path": "b", "owner": "REQ-1"},\n' +
      '{"target": "//p:p", "path": "a", "owner": "REQ-2"}\n]}';
    expect(problems(text)).toEqual([[4, 'case //p:p a is locked twice (also line 2)']]);
    // The first entry stands.
    expect(parseVerificationLock(F, text).byKey.get('//p:p\u0000a')?.owner).toBe('REQ-1');
  });

  it('paths differing only in case or whitespace are different cases', () => {
    const lock = parseVerificationLock(
      F,
      serializeVerificationLock([
        { target: '//p:t', path: 'a', owner: 'R' },
        { target: '//p:t', path: 'A', owner: 'R' },
        { target: '//p:t', path: 'a ', owner: 'R' },
      ]),
    );
    expect(lock.diagnostics).toEqual([]);
    expect(lock.entries).toHaveLength(3);
  });
});
