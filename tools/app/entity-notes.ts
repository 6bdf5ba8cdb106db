// Notes on an entity (docs/api.md, "Notes"): stored in the entity's `notes` field as note objects (or
// plain strings, which the editor reads as comments). A note is named by its `id`, or by its position
// when it has none; new notes get an id, so they keep their name when others are removed.
import { DomainError } from '../verify/domain-error.js';

const ENTITY_NOTE_KINDS = ['comment', 'question', 'todo', 'gap'];
const ENTITY_NOTE_STATUSES = ['open', 'resolved'];

/** How the API names a note: its id, else its 0-based position. */
export function entityNoteKey(note: unknown, index: number): string {
  const id = (note as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : String(index);
}

/** The position of the note a key names; unknown-note when none. */
export function entityNoteIndex(notes: readonly unknown[], key: string, entity: string): number {
  const index = notes.findIndex((n, i) => entityNoteKey(n, i) === key);
  if (index < 0) throw new DomainError('unknown-note', `${entity} has no note "${key}"`);
  return index;
}

/** A free id for a new note of an entity: n1, n2, … */
export function nextEntityNoteId(notes: readonly unknown[]): string {
  let max = 0;
  for (const [i, n] of notes.entries()) {
    const m = /^n(\d+)$/.exec(entityNoteKey(n, i));
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `n${max + 1}`;
}

/** The fields a request may set on a note, checked: bad-request for a wrong value. */
export function entityNoteFields(body: Record<string, unknown>, creating: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const text = body.text;
  if (text !== undefined) {
    if (typeof text !== 'string' || text.trim() === '')
      throw new DomainError('bad-request', '"text" must be a non-empty string');
    out.text = text;
  } else if (creating) throw new DomainError('bad-request', 'a note needs "text"');
  for (const [name, allowed] of [
    ['kind', ENTITY_NOTE_KINDS],
    ['status', ENTITY_NOTE_STATUSES],
  ] as const) {
    const value = body[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !allowed.includes(value))
      throw new DomainError('bad-request', `"${name}" must be one of ${allowed.join(', ')}`);
    out[name] = value;
  }
  return out;
}

/** A note as an object (a plain-string note becomes a comment with that text). */
export function entityNoteObject(note: unknown): Record<string, unknown> {
  if (typeof note === 'string') return { text: note };
  return note && typeof note === 'object' ? { ...(note as Record<string, unknown>) } : {};
}
