// Fields that take a string or a list of strings (satisfies, refines, tags, …). The form edits them
// as comma-separated text and writes them back in the shape they had.

/** A string-or-list value as a list. */
export function asList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** Comma- or whitespace-separated text as a list of non-empty items. */
export function parseListText(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * The value to write for a list edited as `items`: the original when nothing changed, a list when the
 * original was a list or there are several items, else a single string; undefined removes the field.
 */
export function listValue(original: unknown, items: string[]): unknown {
  const before = asList(original);
  if (before.length === items.length && before.every((v, i) => v === items[i])) return original;
  if (items.length === 0) return undefined;
  if (Array.isArray(original) || items.length > 1) return items;
  return items[0];
}
