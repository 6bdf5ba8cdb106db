/** The known name closest to a misspelled one (a case-only difference, or a few edits for a long enough name). */
export function closestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    if (candidate === name) continue;
    const d =
      candidate.toLowerCase() === name.toLowerCase() ? 0 : editDistance(name, candidate, bestDistance);
    // Two edits turn any two-letter name into another: suggest only when most of the name survives
    // or the name abbreviates the candidate (lvl → level).
    if (d < bestDistance && (d * 2 < name.length || isSubsequence(name, candidate))) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once it cannot be below `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      row.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin >= limit) return limit;
    prev = row;
  }
  return Math.min(prev[b.length]!, limit);
}

function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (const ch of long) if (ch === short[i]) i++;
  return i === short.length;
}
