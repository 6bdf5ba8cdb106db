/** The value below which a share `p` (0..1) of the samples fall (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

/** "p50 X ms, p95 Y ms" of samples in milliseconds. */
export function spread(samples: readonly number[]): string {
  const f = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
  return `p50 ${f(percentile(samples, 0.5))} ms, p95 ${f(percentile(samples, 0.95))} ms (${samples.length} runs)`;
}
