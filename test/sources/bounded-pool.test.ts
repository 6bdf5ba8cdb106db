// The bounded pool that reads files concurrently.
import { describe, expect, it } from 'vitest';
import { mapConcurrently } from '../../tools/sources/bounded-pool.js';

describe('mapConcurrently', () => {
  it('keeps the order of the items whatever order the work finishes in', async () => {
    const delays = [30, 0, 20, 5, 10];
    const out = await mapConcurrently(delays, 3, async (ms, i) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return `${i}:${ms}`;
    });
    expect(out).toEqual(['0:30', '1:0', '2:20', '3:5', '4:10']);
  });

  it('never has more than `limit` calls in flight, and uses all of them', async () => {
    let running = 0;
    let peak = 0;
    await mapConcurrently(
      Array.from({ length: 50 }, (_, i) => i),
      4,
      async () => {
        peak = Math.max(peak, ++running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
      },
    );
    expect(peak).toBe(4);
  });

  it('handles no items and a limit below one', async () => {
    expect(await mapConcurrently([], 8, async () => 1)).toEqual([]);
    expect(await mapConcurrently([1, 2], 0, async (x) => x * 2)).toEqual([2, 4]);
  });

  it('rejects when a call rejects', async () => {
    await expect(
      mapConcurrently([1, 2, 3], 2, async (x) => {
        if (x === 2) throw new Error('boom');
        return x;
      }),
    ).rejects.toThrow('boom');
  });
});
