// `--kind NAME=KIND`: which rr kind a source's element type or document becomes.
import { ENTITY_KINDS, type EntityKind } from '../../model/entity.js';

/** An rr kind, or `skip` to leave those items out (they are listed in the report). */
export type KindChoice = EntityKind | 'skip';

/** Reads repeated `NAME=KIND` options; throws a message naming the bad one and the kinds allowed. */
export function parseKindChoices(values: string[]): Map<string, KindChoice> {
  const choices = new Map<string, KindChoice>();
  const allowed = [...ENTITY_KINDS, 'skip'];
  for (const value of values) {
    const cut = value.lastIndexOf('=');
    const kind = value.slice(cut + 1).trim();
    if (cut <= 0 || !allowed.includes(kind)) {
      throw new Error(`--kind takes NAME=KIND with KIND one of ${allowed.join(', ')}; got "${value}"`);
    }
    choices.set(value.slice(0, cut).trim(), kind as KindChoice);
  }
  return choices;
}
