// The part of the proof that looks outside the entities: a file's documents with every entity taken
// out (custom top-level keys, config, project, list items that are no entities) must read the same
// after an edit. Both sides are the loader's own reading of the file (tools/model/parse-documents.ts),
// the reading the edited model is proven with; the side before is the side after of the save before
// it when that save proved this very text, so a save parses the edited file once.
import { isObject } from '../model/compose-document.js';
import { KIND_OF_SECTION } from '../model/entity.js';
import { parseModelText } from '../model/parse-documents.js';

/** The last skeletons worked out per file, with the text they are of. */
const known = new Map<string, { text: string; skeletons: unknown[] }>();

/**
 * A file's documents (plain values, as the loader reads them) with every entity taken out. Single-object
 * documents and empty or null sections count as nothing.
 */
export function skeletonsOf(values: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const value of values) {
    if (value === null || value === undefined || (isObject(value) && 'kind' in value)) continue;
    if (!isObject(value)) {
      out.push(value);
      continue;
    }
    const rest: Record<string, unknown> = { ...value };
    for (const section of Object.keys(KIND_OF_SECTION)) {
      const items = rest[section];
      if (items === null) delete rest[section];
      if (!Array.isArray(items)) continue;
      const others = items.filter((item) => !(isObject(item) && typeof item.id === 'string'));
      if (others.length > 0) rest[section] = others;
      else delete rest[section];
    }
    out.push(rest);
  }
  return out;
}

/** The skeletons of a model file's text, read with the loader (or as remembered for this very text). */
export function skeletonsOfText(path: string, text: string): unknown[] {
  const remembered = known.get(path);
  if (remembered?.text === text) return remembered.skeletons;
  const skeletons = skeletonsOf(parseModelText(path, text).documents.map((d) => d.value));
  known.set(path, { text, skeletons });
  return skeletons;
}

/** Remembers the skeletons of a text the proof read (the edited file, which the next save starts from). */
export function rememberSkeletons(path: string, text: string, skeletons: unknown[]): void {
  known.set(path, { text, skeletons });
}
