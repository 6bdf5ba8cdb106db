// SPDX-License-Identifier: AGPL-3.0-or-later
// How numbers and times read in the page: costs with a few significant digits, lengths in millimetres.

/** A cost with at most one decimal for large values and three significant digits for small ones. */
export function formatCost(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 1000) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  return trimZeros(v.toPrecision(3));
}

/** A length in millimetres. */
export function formatMm(v: number): string {
  return `${trimZeros(v.toFixed(v >= 100 ? 0 : 2))} mm`;
}

/** The time of day of an RFC 3339 time, in the page's time zone. */
export function formatClock(time: string): string {
  const d = new Date(time);
  return Number.isNaN(d.getTime()) ? time : d.toLocaleTimeString();
}

/** "1.50" → "1.5", "2.00" → "2"; numbers without a decimal point stay. */
function trimZeros(text: string): string {
  return /^-?\d+\.\d+$/.test(text) ? text.replace(/\.?0+$/, '') : text;
}
