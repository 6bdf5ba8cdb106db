import { idMatchesPattern } from '../model/config.js';
import { KIND_WORDS, stringList, type EntityKind } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { REFERENCE_FIELDS } from '../model/references.js';
import { EditError } from './edit-error.js';
import { familiesByUse, highestInFamily } from './id-family.js';

/** Width of the number in `{prefix}[0-9]{3}` or `{prefix}\d{3,}`, if the pattern says. */
function patternWidth(pattern: string | null): number | undefined {
  const m = pattern ? /\{prefix\}(?:\[0-9\]|\\d)\{(\d+)(?:,\d*)?\}/.exec(pattern) : null;
  return m ? Number(m[1]) : undefined;
}

/** Ids a new entity continues the numbering of (docs/editing.md, "Where new entities go"). */
export interface IdNeighbours {
  /** ids of the new entity's siblings (the other children of its parent), or of its file's entities */
  near?: readonly string[];
}

/**
 * The next free id of a kind, following the data's own numbering: the numbering family (ids that differ
 * only in their last number) most used by the new entity's neighbours, else by the kind's entities, else
 * the kind's prefix; one more than the highest number used in that family, padded like its ids (the
 * prefix family as id_pattern says, else to 3 digits). The id must match id_pattern, numbers are never
 * reused, and an id some field already names (a dangling reference) or config.retired_ids lists (an item
 * an import left out) counts as taken.
 */
export function nextFreeId(
  model: Model,
  kind: EntityKind,
  neighbours: IdNeighbours = {},
  alsoTaken: Iterable<string> = [],
): string {
  const prefix = model.config.prefixes[kind];
  const taken = new Set<string>([...model.byId.keys(), ...model.config.retired_ids, ...alsoTaken]);
  for (const entity of model.entities) {
    for (const ref of REFERENCE_FIELDS) for (const id of stringList(entity.data[ref.field])) taken.add(id);
  }
  const ofKind = model.entities.filter((e) => e.kind === kind).map((e) => e.id);
  const families = [
    ...familiesByUse((neighbours.near ?? []).filter((id) => model.byId.get(id)?.kind === kind)),
    ...familiesByUse(ofKind),
    prefix,
  ];
  for (const stem of new Set(families)) {
    const id = nextInFamily(model, kind, stem, stem === prefix, taken);
    if (id !== undefined) return id;
  }
  throw new EditError(
    'no-free-id',
    `cannot derive the next id of a ${KIND_WORDS[kind]} from prefix "${prefix}" and config.id_pattern "${model.config.id_pattern ?? ''}"; give the new entity an id`,
  );
}

/** One more than the highest number of a family, free and matching id_pattern; undefined if none fits. */
function nextInFamily(
  model: Model,
  kind: EntityKind,
  stem: string,
  isPrefix: boolean,
  taken: Set<string>,
): string | undefined {
  const highest = highestInFamily(stem, taken);
  const max = highest?.number ?? 0;
  let width = Math.max(
    isPrefix ? (patternWidth(model.config.id_pattern) ?? 0) : 0,
    highest?.digits.length ?? 0,
  );
  if (!highest && width === 0) width = 3;
  for (let n = max + 1; n < max + 10_000; n++) {
    const candidate = stem + String(n).padStart(width, '0');
    if (taken.has(candidate)) continue;
    return idMatchesPattern(model.config, kind, candidate) ? candidate : undefined;
  }
  return undefined;
}
