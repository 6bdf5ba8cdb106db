import { idMatchesPattern } from '../model/config.js';
import { KIND_WORDS, stringList, type EntityKind } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { REFERENCE_FIELDS } from '../model/references.js';
import { EditError } from './edit-error.js';

/** Width of the number in `{prefix}[0-9]{3}` or `{prefix}\d{3,}`, if the pattern says. */
function patternWidth(pattern: string | null): number | undefined {
  const m = pattern ? /\{prefix\}(?:\[0-9\]|\\d)\{(\d+)(?:,\d*)?\}/.exec(pattern) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * The next free id of a kind: the kind's prefix and one more than the highest number used with it,
 * padded like the existing ids (or as id_pattern says, else to 3 digits). Numbers are never reused, and
 * an id some field already names (a dangling reference) counts as taken.
 */
export function nextFreeId(model: Model, kind: EntityKind, alsoTaken: Iterable<string> = []): string {
  const prefix = model.config.prefixes[kind];
  const numbered = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)$`);
  const taken = new Set<string>([...model.byId.keys(), ...alsoTaken]);
  for (const entity of model.entities) {
    for (const ref of REFERENCE_FIELDS) for (const id of stringList(entity.data[ref.field])) taken.add(id);
  }
  let max = 0;
  let width = patternWidth(model.config.id_pattern) ?? 0;
  let seen = false;
  for (const id of taken) {
    const m = numbered.exec(id);
    if (!m) continue;
    seen = true;
    const n = Number(m[1]);
    if (n >= max) {
      max = n;
      width = Math.max(width, m[1]!.length);
    }
  }
  if (!seen && width === 0) width = 3;
  for (let n = max + 1; n < max + 10_000; n++) {
    const candidate = prefix + String(n).padStart(width, '0');
    if (taken.has(candidate)) continue;
    if (!idMatchesPattern(model.config, kind, candidate)) break;
    return candidate;
  }
  throw new EditError(
    'no-free-id',
    `cannot derive the next id of a ${KIND_WORDS[kind]} from prefix "${prefix}" and config.id_pattern "${model.config.id_pattern ?? ''}"; give the new entity an id`,
  );
}
