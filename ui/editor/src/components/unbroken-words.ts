// Text for a table cell that wraps only at spaces: a word with a hyphen or a slash (an id, a path,
// "Keep-vein-open") is kept whole, since the browser would otherwise break it after the hyphen. A table
// too wide for the window scrolls inside its box instead (docs/editor.md, "Narrow windows").
import { html, type TemplateResult } from 'lit';

/** The text with each word that the browser could break inside wrapped in an unbreakable span. */
export function unbrokenWords(text: string): (TemplateResult | string)[] {
  return text
    .split(/(\s+)/)
    .map((part) => (/[-/‐–—]/.test(part) ? html`<span class="word">${part}</span>` : part));
}
