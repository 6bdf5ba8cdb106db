// SPDX-License-Identifier: AGPL-3.0-or-later
// Strings kept in the geometry are copied out of the chunk they were read from: V8 makes a slice
// of a long string a view that keeps the whole chunk (a megabyte) alive, so a few thousand names
// would otherwise pin most of a large file in memory. Equal names share one copy.

/** Interns strings as compact copies that hold no reference to the text they were cut from. */
export class TextPool {
  private readonly pool = new Map<string, string>();

  /** The pooled copy of a string. */
  text(value: string): string {
    let pooled = this.pool.get(value);
    if (pooled === undefined) {
      // Concatenating then slicing forces V8 to build a new flat string of just these characters.
      pooled = value.length < 13 ? value : (' ' + value).slice(1);
      this.pool.set(pooled, pooled);
    }
    return pooled;
  }

  /** The pooled copy of a string or null. */
  nullable(value: string | null): string | null {
    return value === null ? null : this.text(value);
  }
}
