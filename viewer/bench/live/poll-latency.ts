// SPDX-License-Identifier: AGPL-3.0-or-later
// Latency figures of `since` polls, shared by the reader and server benchmarks.

/** The p-th percentile of the values (nearest rank). */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** One printed line: p50, p95 and max of poll times in milliseconds. */
export function latencyLine(label: string, ms: number[]): string {
  return `${label}: p50 ${percentile(ms, 50).toFixed(2)} ms, p95 ${percentile(ms, 95).toFixed(2)} ms, max ${Math.max(...ms).toFixed(2)} ms over ${ms.length} polls`;
}
