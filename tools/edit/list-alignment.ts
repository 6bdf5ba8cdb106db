/**
 * Pairs of indexes (before, after) of a longest common subsequence of two lists under `equal`: the
 * items an edit keeps untouched, so their bytes (and comments) survive.
 */
export function alignLists<T>(
  before: readonly T[],
  after: readonly T[],
  equal: (a: T, b: T) => boolean,
): [number, number][] {
  const n = before.length;
  const m = after.length;
  // lengths[i][j]: LCS length of before[i..] and after[j..]
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i]![j] = equal(before[i]!, after[j]!)
        ? lengths[i + 1]![j + 1]! + 1
        : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (equal(before[i]!, after[j]!)) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}
