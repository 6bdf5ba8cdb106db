// SPDX-License-Identifier: AGPL-3.0-or-later
// The seqs of an index in ascending order, for events that arrive in any order. Most arrive in seq order
// and are appended; inserting each late one in its place would move every larger seq (a first listing of
// names that do not sort by seq, such as `<kind>-<seq>.json`, moves half the list per event), so late
// ones wait in a batch that is sorted and merged in once, when the list is next read.

/** Ascending numbers added in any order: in-order ones are appended, late ones merged in when read. */
export class SortedSeqs {
  private sorted: number[] = [];
  /** Numbers added after a larger one, not merged in yet. */
  private late: number[] = [];

  /** Adds a number. */
  add(seq: number): void {
    const last = this.sorted[this.sorted.length - 1];
    if (this.late.length === 0 && (last === undefined || last < seq)) this.sorted.push(seq);
    else this.late.push(seq);
  }

  /** All numbers, ascending; the list itself, which the caller must not change. */
  values(): number[] {
    if (this.late.length > 0) {
      this.sorted = merged(
        this.sorted,
        this.late.sort((a, b) => a - b),
      );
      this.late = [];
    }
    return this.sorted;
  }
}

/** The merge of two ascending lists. */
function merged(a: number[], b: number[]): number[] {
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = b[j]! < a[i]! ? b[j++]! : a[i++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}
