/**
 * The files a unit of the engine's per-file queries covers (docs/incremental.md, "Units"): a model of
 * one file per entity has thousands of files of a few hundred bytes, and a query slot per file and
 * query made such a model's analysis cost twice the batch analysis's. Small files are grouped
 * in load order; a file of UNIT_ALONE_BYTES or more is a unit of its own, so an edit of a larger file
 * redoes that file's parts only.
 */

/** A file at least this large (in characters) is a unit of its own. */
export const UNIT_ALONE_BYTES = 4096;
/** At most this many small files share a unit. */
export const UNIT_MAX_FILES = 64;
/** On average one small file in this many starts a new unit (where a hash of its path says). */
const BOUNDARY_EVERY = 16;

/**
 * Groups files (in load order) into units of consecutive files. A unit of small files ends where the
 * next file's path hashes to a boundary, so a file added or removed changes the units next to it only,
 * not every unit after it; a unit also ends at UNIT_MAX_FILES files and before and after a large file.
 * With `aloneBytes` 0 every file is a unit of its own.
 */
export function fileUnits(
  files: readonly string[],
  sizeOf: (file: string) => number,
  aloneBytes: number = UNIT_ALONE_BYTES,
): string[][] {
  const units: string[][] = [];
  let open: string[] | undefined;
  for (const file of files) {
    if (sizeOf(file) >= aloneBytes) {
      units.push([file]);
      open = undefined;
    } else if (!open || open.length >= UNIT_MAX_FILES || startsUnit(file)) {
      open = [file];
      units.push(open);
    } else open.push(file);
  }
  return units;
}

/** Whether a small file's path makes it the first file of a unit (FNV-1a, a stable hash of the path). */
function startsUnit(file: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) hash = Math.imul(hash ^ file.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BOUNDARY_EVERY === 0;
}

/** Whether two groupings are the same units of the same files. */
export function sameUnits(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}
