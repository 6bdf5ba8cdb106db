// Numbering families of ids: ids that differ only in their last run of digits (`ZEP-SRS-5-1` …
// `ZEP-SRS-5-12` are the family `ZEP-SRS-5-`; `REQ-001` … `REQ-030` the family `REQ-`). Imported data
// numbers its ids per document or per parent; a new id continues the family its neighbours use.

/** An id split into its family (everything before the last digit run) and its number. */
export interface NumberedId {
  stem: string;
  /** the digits as written (their length is the padding) */
  digits: string;
  number: number;
}

const NUMBERED = /^(.*?)(\d+)$/s;

/** The family and number of an id ending in digits, or undefined. */
export function numberedId(id: string): NumberedId | undefined {
  const m = NUMBERED.exec(id);
  if (!m) return undefined;
  // The stem takes every digit but the last run: `A1-7` is the family `A1-`, number 7.
  const stem = m[1]!;
  const digits = m[2]!;
  return { stem, digits, number: Number(digits) };
}

/** The families of some ids, most used first (the first seen on a tie). */
export function familiesByUse(ids: Iterable<string>): string[] {
  const counts = new Map<string, number>();
  for (const id of ids) {
    const n = numberedId(id);
    if (n) counts.set(n.stem, (counts.get(n.stem) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([stem]) => stem);
}

/** The highest number used in a family, with the digits it was written with; undefined when unused. */
export function highestInFamily(stem: string, taken: Iterable<string>): NumberedId | undefined {
  let best: NumberedId | undefined;
  for (const id of taken) {
    if (!id.startsWith(stem)) continue;
    const n = numberedId(id);
    if (!n || n.stem !== stem) continue;
    if (!best || n.number > best.number || (n.number === best.number && n.digits.length > best.digits.length))
      best = n;
  }
  return best;
}
