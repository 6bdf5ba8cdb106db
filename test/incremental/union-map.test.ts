// The model's indexes by id in the incremental engine are a Map made of per-file parts: to every reader
// it must be the Map a batch load builds (same entries, same order), and it must refuse to be changed.
import { describe, expect, it } from 'vitest';
import { UnionMap } from '../../tools/incremental/union-map.js';

function fixture() {
  const a = new Map([
    ['REQ-002', 'a2'],
    ['REQ-001', 'a1'],
  ]);
  const b = new Map([['UN-001', 'b1']]);
  const home = new Map([
    ['REQ-002', a],
    ['REQ-001', a],
    ['UN-001', b],
  ]);
  const union = new UnionMap([a, b], (k) => home.get(k));
  const plain = new Map([
    ['REQ-002', 'a2'],
    ['REQ-001', 'a1'],
    ['UN-001', 'b1'],
  ]);
  return { union, plain };
}

describe('UnionMap', () => {
  it('reads as the Map of all its parts, in the parts’ order', () => {
    const { union, plain } = fixture();
    expect(union.get('UN-001')).toBe('b1');
    expect(union.get('REQ-404')).toBeUndefined();
    expect(union.has('REQ-001')).toBe(true);
    expect(union.has('REQ-404')).toBe(false);
    expect(union.size).toBe(3);
    expect([...union]).toEqual([...plain]);
    expect([...union.keys()]).toEqual([...plain.keys()]);
    expect([...union.values()]).toEqual([...plain.values()]);
    expect(new Map(union)).toEqual(plain);
    const seen: string[] = [];
    union.forEach((v, k) => seen.push(`${k}=${v}`));
    expect(seen).toEqual(['REQ-002=a2', 'REQ-001=a1', 'UN-001=b1']);
    expect(union instanceof Map).toBe(true);
  });

  it('refuses to be changed', () => {
    const union: Map<string, string> = fixture().union;
    expect(() => union.set('X', 'y')).toThrow(/does not change/);
    expect(() => union.delete('REQ-001')).toThrow(/does not change/);
    expect(() => union.clear()).toThrow(/does not change/);
    expect(union.get('REQ-001')).toBe('a1');
  });
});
