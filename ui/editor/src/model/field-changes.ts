// What an update proposal changes: each proposed field beside the entity's value now, so a person sees
// the change before applying it (a field proposed as null is removed).

/** One field of an update, now and as proposed. */
export interface FieldChangeRow {
  field: string;
  now: string;
  proposed: string;
  /** `set` (a new field), `change`, `remove`, or `same` (the proposal repeats the value) */
  change: 'set' | 'change' | 'remove' | 'same';
}

/** The rows of an update proposal over the entity's data. */
export function fieldChanges(
  data: Record<string, unknown>,
  fields: Record<string, unknown>,
): FieldChangeRow[] {
  return Object.entries(fields).map(([field, value]) => {
    const before = data[field];
    const now = shown(before);
    const proposed = value === null ? '' : shown(value);
    const change =
      value === null
        ? before === undefined
          ? 'same'
          : 'remove'
        : before === undefined
          ? 'set'
          : now === proposed
            ? 'same'
            : 'change';
    return { field, now, proposed, change };
  });
}

/** A value as text: strings as they are, lists one item a line, anything else as JSON. */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('\n');
  return JSON.stringify(value, null, 2);
}
