// Runs a scanner over inputs of growing size (1, 2, 4, 8 × a base) under the char meter and checks
// that what it examined grows linearly with the input: the same small number of examinations per
// input character at every size. A search over the rest of the input instead of the current token or
// line makes the count per character grow with the size (8 times as much at 8 × for a quadratic scan).
import { expect } from 'vitest';
import { meter } from './char-meter.js';

/** Sizes of the inputs, as multiples of the base. */
export const FACTORS = [1, 2, 4, 8];

/** Largest allowed growth of the count per input character from the smallest to the largest input. */
const MAX_GROWTH = 1.25;

/** One input: its size in characters (or bytes) and what the scanner takes. */
export interface Sized<T> {
  size: number;
  input: T;
}

/** What a scanner examined at each size. */
export interface Growth {
  sizes: number[];
  examined: number[];
  perChar: number[];
}

/** Meters `scan` over `make(k)` for each factor k. */
export function growth<T>(make: (factor: number) => Sized<T>, scan: (input: T) => unknown): Growth {
  const sizes: number[] = [];
  const examined: number[] = [];
  for (const k of FACTORS) {
    const { size, input } = make(k);
    scan(input); // once unmetered: lazily built tables and first-call work are not the input's cost
    sizes.push(size);
    examined.push(meter(() => scan(input)).examined);
  }
  return { sizes, examined, perChar: examined.map((e, i) => e / sizes[i]!) };
}

/** Meters an async scanner; nothing else of the test runs meanwhile. */
export async function growthAsync<T>(
  make: (factor: number) => Promise<Sized<T>> | Sized<T>,
  scan: (input: T) => Promise<unknown>,
): Promise<Growth> {
  const { meterAsync } = await import('./char-meter.js');
  const sizes: number[] = [];
  const examined: number[] = [];
  for (const k of FACTORS) {
    const { size, input } = await make(k);
    await scan(input);
    sizes.push(size);
    examined.push((await meterAsync(() => scan(input))).examined);
  }
  return { sizes, examined, perChar: examined.map((e, i) => e / sizes[i]!) };
}

/** A table of the figures, for the failure message. */
export function describeGrowth(g: Growth): string {
  return g.sizes
    .map(
      (s, i) => `${FACTORS[i]}x: ${s} chars, ${g.examined[i]} examined, ${g.perChar[i]!.toFixed(2)} per char`,
    )
    .join('; ');
}

/**
 * Requires linear growth: the count per character at 8 × is at most 1.25 times that at 1 ×, and never
 * above `maxPerChar` (the small constant per input character).
 */
export function expectLinear(what: string, g: Growth, maxPerChar: number): void {
  // RR_SCAN_FIGURES=1 prints every scanner's figures (for docs and notes), passing or not.
  if (process.env.RR_SCAN_FIGURES) console.log(`${what}: ${describeGrowth(g)}`);
  const first = g.perChar[0]!;
  const last = g.perChar[g.perChar.length - 1]!;
  expect(first, `${what}: nothing was examined (${describeGrowth(g)})`).toBeGreaterThan(0);
  expect(
    last / first,
    `${what}: examinations per character grow with the input (${describeGrowth(g)})`,
  ).toBeLessThanOrEqual(MAX_GROWTH);
  expect(
    Math.max(...g.perChar),
    `${what}: examinations per character (${describeGrowth(g)})`,
  ).toBeLessThanOrEqual(maxPerChar);
}
