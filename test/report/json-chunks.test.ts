// The streamed JSON writer gives exactly JSON.stringify(value, null, 2), in pieces.
import { describe, expect, it } from 'vitest';
import { inBatches, prettyJsonChunks } from '../../tools/report/json-chunks.js';

const same = (value: unknown) =>
  expect([...prettyJsonChunks(value)].join('')).toBe(JSON.stringify(value, null, 2));

describe('prettyJsonChunks', () => {
  it('matches JSON.stringify for reports, nested containers and empty ones', () => {
    same({
      ok: false,
      counts: { cases: 2, owned: 1 },
      cases: [
        { target: '//a:b', path: 'S/t "q"\n', owner: null, claimed_by: [], tags: ['REQ-1'], line: 3 },
        {
          target: '//a:c',
          path: 'S/ü😀',
          owner: 'REQ-1',
          claimed_by: ['REQ-1'],
          nested: { deep: [[1, [2]], {}] },
        },
      ],
      entities: [],
      empty: {},
      text: 'x',
    });
    same([[], [{}], [1, 'two', null, true]]);
    same([]);
    same({});
    same('plain');
    same(null);
  });

  it('leaves out what JSON.stringify leaves out and applies toJSON', () => {
    same({ a: undefined, b: () => 1, c: [undefined, () => 1], d: new Date(0), e: { toJSON: () => ['x'] } });
  });

  it('streams the outer containers element by element', () => {
    const cases = Array.from({ length: 1000 }, (_, i) => ({ path: `S/t${i}` }));
    expect([...prettyJsonChunks({ cases })].length).toBeGreaterThan(1000);
    const batched = [...inBatches(prettyJsonChunks({ cases }), 4096)];
    expect(batched.length).toBeGreaterThan(5);
    expect(batched.join('')).toBe(JSON.stringify({ cases }, null, 2));
  });
});
