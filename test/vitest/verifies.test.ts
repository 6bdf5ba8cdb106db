import type { TestOptions } from 'vitest';
import { describe, expect, it } from 'vitest';
import { readRequirementMeta, verifies } from '../../tools/vitest/verifies.js';

describe('verifies()', () => {
  it('gives test options whose meta names the ids and the level', () => {
    expect(verifies('REQ-001')).toEqual({ meta: { rrVerifies: ['REQ-001'] } });
    expect(verifies(['REQ-001', 'REQ-002'], { level: 'unit' })).toEqual({
      meta: { rrVerifies: ['REQ-001', 'REQ-002'], rrLevel: 'unit' },
    });
  });

  it('refuses what rr would read differently from what was written', () => {
    expect(() => verifies([])).toThrow('name at least one id');
    expect(() => verifies('')).toThrow('is no id');
    expect(() => verifies('REQ-1, REQ-2')).toThrow('is no id');
    expect(() => verifies('REQ 1')).toThrow('is no id');
    expect(() => verifies('REQ-1', { level: ' unit' })).toThrow('empty or padded');
    expect(() => verifies('REQ-1', { level: '' })).toThrow('empty or padded');
  });

  it('is type-checked as vitest test options, and so is hand-written rr meta', () => {
    const options: TestOptions = { timeout: 5_000, ...verifies('REQ-001') };
    const byHand: TestOptions = { meta: { rrLevel: 'system' } };
    // @ts-expect-error ids are strings
    expect(() => verifies(1)).toThrow();
    // @ts-expect-error a misspelt option is caught
    verifies('REQ-001', { levle: 'unit' });
    // @ts-expect-error rrVerifies is a list
    const wrong: TestOptions = { meta: { rrVerifies: 'REQ-001' } };
    expect([options.meta, byHand.meta, wrong.meta]).toBeDefined();
  });
});

describe('readRequirementMeta()', () => {
  it('reads what verifies() wrote and ignores values of the wrong type', () => {
    expect(readRequirementMeta(verifies('REQ-001', { level: 'unit' }).meta)).toEqual({
      ids: ['REQ-001'],
      level: 'unit',
    });
    expect(readRequirementMeta({})).toEqual({ ids: [] });
    expect(readRequirementMeta({ rrVerifies: 'REQ-1', rrLevel: 3 } as never)).toEqual({ ids: [] });
  });
});
