// The memoising core: derived queries run again only when what they read changed, and a recomputed
// value equal to the old one does not make its dependents run again (early cutoff).
import { describe, expect, it } from 'vitest';
import { QueryDatabase } from '../../tools/incremental/query-database.js';

function setup() {
  const db = new QueryDatabase();
  const text = db.input<string, string>('text');
  const length = db.derived<string, number>('length', (k) => text.get(k).length);
  const total = db.derived<string, number>('total', () => length.get('a') + length.get('b'));
  text.set('a', 'xx');
  text.set('b', 'yyy');
  return { db, text, length, total };
}

describe('QueryDatabase', () => {
  it('reuses a memo whose inputs did not change', () => {
    const { db, total } = setup();
    expect(total.get('')).toBe(5);
    expect(total.get('')).toBe(5);
    expect(db.runs.get('total')).toBe(1);
    expect(db.runs.get('length')).toBe(2);
  });

  it('recomputes only the key whose input changed', () => {
    const { db, text, total } = setup();
    total.get('');
    text.set('a', 'xxxx');
    expect(total.get('')).toBe(7);
    expect(db.runs.get('length')).toBe(3);
    expect(db.runs.get('total')).toBe(2);
  });

  it('stops at a recomputed value equal to the old one (early cutoff)', () => {
    const { db, text, total } = setup();
    total.get('');
    text.set('a', 'zz');
    expect(total.get('')).toBe(5);
    expect(db.runs.get('length')).toBe(3);
    expect(db.runs.get('total')).toBe(1);
  });

  it('does not start a revision when an input is set to the same value', () => {
    const { db, text } = setup();
    const revision = db.currentRevision;
    text.set('a', 'xx');
    expect(db.currentRevision).toBe(revision);
  });

  it('refuses a query that depends on itself', () => {
    const db = new QueryDatabase();
    const loop: { get(k: string): number } = db.derived<string, number>('loop', (k) => loop.get(k) + 1);
    expect(() => loop.get('x')).toThrow(/loop\(x\) depends on itself/);
  });

  it('does not record what a peek reads, but brings it up to date', () => {
    const { db, text, length } = setup();
    const peek = db.derived<string, number>('peek', () => length.peek('a'));
    expect(peek.get('')).toBe(2);
    text.set('a', 'xxxxx');
    expect(peek.get('')).toBe(2);
    expect(length.peek('a')).toBe(5);
    expect(db.runs.get('peek')).toBe(1);
  });

  it('does not record what an untracked read reads', () => {
    const { db, text, length } = setup();
    const peek = db.derived<string, number>('peek', () => db.untracked(() => length.get('a')));
    expect(peek.get('')).toBe(2);
    text.set('a', 'xxxxx');
    expect(peek.get('')).toBe(2);
  });
});
