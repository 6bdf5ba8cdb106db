// New JSON text in a file's style: values are written with JSON.stringify's escaping (non-ASCII kept
// as is), laid out like the file's own lists and objects.
import { DEFAULT_JSON_STYLE, indentUnit, type JsonStyle } from './json-style.js';
import { dominantEnding, withEnding } from './line-endings.js';

/** Where a value is written: the indentation of its line, and whether it must stay on that line. */
export interface JsonPlace {
  indent: string;
  inline: boolean;
}

/** A value as JSON text with LF line breaks; its first line continues the line it is written on. */
export function renderJson(value: unknown, style: JsonStyle, place: JsonPlace): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const entries = Array.isArray(value)
    ? value.map((item: unknown) => ({ key: '', item }))
    : Object.entries(value).map(([key, item]: [string, unknown]) => ({
        key: `${JSON.stringify(key)}${style.colon}`,
        item,
      }));
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return open + close;
  const flat =
    Array.isArray(value) &&
    style.inlineScalarLists &&
    value.every((v) => typeof v !== 'object' || v === null);
  if (place.inline || flat) {
    const pad = style.padding ? ' ' : '';
    const inner = entries.map((e) => e.key + renderJson(e.item, style, { indent: '', inline: true }));
    return `${open}${pad}${inner.join(style.comma)}${pad}${close}`;
  }
  const indent = place.indent + indentUnit(style);
  const lines = entries.map((e) => indent + e.key + renderJson(e.item, style, { indent, inline: false }));
  return `${open}\n${lines.join(',\n')}\n${place.indent}${close}`;
}

/** The text of a new JSON file holding a value, in a sibling's style, line ending and final newline. */
export function newJsonText(value: unknown, sibling: { text: string; style: JsonStyle } | undefined): string {
  const style = sibling?.style ?? DEFAULT_JSON_STYLE;
  const finalNewline = sibling ? /\n$/.test(sibling.text) : true;
  const text = renderJson(value, style, { indent: '', inline: false }) + (finalNewline ? '\n' : '');
  return withEnding(text, sibling ? dominantEnding(sibling.text) : '\n');
}
