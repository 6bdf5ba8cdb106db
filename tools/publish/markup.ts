// HTML built from templates whose every interpolated value is escaped by the one escaper of tools/
// (tools/xml/markup-escape.ts: the five markup characters, and characters no document can hold),
// unless it is markup already built this way. Pages are pure functions returning Markup.
import { escapeMarkup } from '../xml/markup-escape.js';

/** A piece of HTML that is safe to insert as it is. */
export class Markup {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

/** What a template takes: text (escaped), markup (kept), lists of either, or nothing. */
export type Part = string | number | Markup | null | undefined | false | readonly Part[];

/** Text as HTML content or attribute value. */
export function escapeHtml(text: string): string {
  return escapeMarkup(text);
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Markup) return part.html;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** The template tag: `html\`<td>${text}</td>\`` escapes `text`. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): Markup {
  const fixed = compact(strings);
  let out = fixed[0]!;
  for (let i = 0; i < parts.length; i++) out += render(parts[i]) + fixed[i + 1]!;
  return new Markup(out);
}

// A template's own text without the source's indentation: a line break and the spaces after it read as
// one line break (the pack holds no <pre>), and a large pack is a third smaller. Kept per call site.
const compacted = new WeakMap<TemplateStringsArray, readonly string[]>();

function compact(strings: TemplateStringsArray): readonly string[] {
  let fixed = compacted.get(strings);
  if (!fixed) {
    fixed = strings.map((s) => s.replace(/\n[ \t]+/g, '\n'));
    compacted.set(strings, fixed);
  }
  return fixed;
}

/** Markup from a string known to be HTML (the site's own assets, already rendered pieces). */
export function trusted(text: string): Markup {
  return new Markup(text);
}
