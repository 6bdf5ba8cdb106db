// A revision's entities by id are read through the id table: to every reader they must be the Map a
// batch load builds (the first entity with an id owns it, in load order), and refuse to be changed.
import { describe, expect, it } from 'vitest';
import { EntitiesById } from '../../tools/incremental/entities-by-id.js';
import type { Entity } from '../../tools/model/entity.js';
import { idTable } from '../../tools/model/model-parts.js';

const entity = (id: string, title: string) =>
  ({ id, kind: 'requirement', data: { id, title } }) as unknown as Entity;

function fixture() {
  const a = [entity('REQ-002', 'a2'), entity('REQ-001', 'a1')];
  const b = [entity('REQ-001', 'b1 (a duplicate)'), entity('UN-001', 'b2')];
  const files = [
    { file: 'a.yaml', entities: a },
    { file: 'b.yaml', entities: b },
  ];
  const byId = new EntitiesById(idTable(files), new Map(files.map((f) => [f.file, f.entities])));
  const plain = new Map([
    ['REQ-002', a[0]!],
    ['REQ-001', a[1]!],
    ['UN-001', b[1]!],
  ]);
  return { byId, plain };
}

describe('EntitiesById', () => {
  it('reads as the Map of the owners, in load order', () => {
    const { byId, plain } = fixture();
    expect(byId.get('REQ-001')).toBe(plain.get('REQ-001'));
    expect(byId.get('UN-001')).toBe(plain.get('UN-001'));
    expect(byId.get('REQ-404')).toBeUndefined();
    expect(byId.has('REQ-002')).toBe(true);
    expect(byId.has('REQ-404')).toBe(false);
    expect(byId.size).toBe(3);
    expect([...byId]).toEqual([...plain]);
    expect([...byId.keys()]).toEqual([...plain.keys()]);
    expect([...byId.values()]).toEqual([...plain.values()]);
    expect(new Map(byId)).toEqual(plain);
    expect(byId instanceof Map).toBe(true);
  });

  it('refuses to be changed', () => {
    const { byId } = fixture();
    const asMap: Map<string, Entity> = byId; // as a caller holding a Map would write to it
    expect(() => asMap.set('X', entity('X', 'x'))).toThrow(/does not change/);
    expect(() => asMap.delete('REQ-001')).toThrow(/does not change/);
    expect(() => byId.clear()).toThrow(/does not change/);
  });
});
