import { ENTITY_KINDS, KIND_WORDS } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { plural } from './diagnostic-counts.js';

/** One line saying what the model holds, e.g. "48 entities (7 user needs, …) in 10 files". */
export function modelSummary(model: Model): string {
  const counts = ENTITY_KINDS.map((kind) =>
    plural(model.entities.filter((e) => e.kind === kind).length, KIND_WORDS[kind]),
  );
  return `${plural(model.entities.length, 'entity').replace('entitys', 'entities')} (${counts.join(', ')}) in ${plural(model.files.length, 'file')}`;
}
