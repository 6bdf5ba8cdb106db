// New YAML text comes from the yaml package's stringifier, in the file's style; the editor never
// writes YAML syntax by hand. Text here uses LF and starts at column 0; callers indent it and give
// it the line endings of its neighbours.
import { Document, isCollection, isScalar, Scalar, visit, type ToStringOptions } from 'yaml';
import { DATE_TEXT, type RenderStyle } from './render-style.js';

/** How to write a replaced value: keep a scalar's quoting or block style, a collection's flow style. */
export interface RenderHint {
  scalarType?: Scalar.Type;
  flow?: boolean;
}

function options(style: RenderStyle, hint: RenderHint): ToStringOptions {
  return {
    indent: style.indent,
    indentSeq: style.indentSeq,
    // Folded text is re-folded like the file's; anything else is never wrapped.
    lineWidth: hint.scalarType === 'BLOCK_FOLDED' ? 80 : 0,
    singleQuote: style.singleQuote ? true : null,
    flowCollectionPadding: style.flowPadding,
  };
}

function node(doc: Document, value: unknown, hint: RenderHint): unknown {
  const created = doc.createNode(value);
  if (isScalar(created) && hint.scalarType) created.type = hint.scalarType;
  if (isCollection(created) && hint.flow) created.flow = true;
  return created;
}

function render(doc: Document, style: RenderStyle, hint: RenderHint): string {
  if (style.quotedDates) quoteDates(doc, style);
  return doc.toString(options(style, hint)).replace(/\n$/, '');
}

/** New dates take the file's quotes when the file quotes its dates (a kept scalar type wins). */
function quoteDates(doc: Document, style: RenderStyle): void {
  visit(doc, {
    Scalar(_key, scalar) {
      if (scalar.type === undefined && typeof scalar.value === 'string' && DATE_TEXT.test(scalar.value))
        scalar.type = style.singleQuote ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE';
    },
  });
}

/** The text after `key:` for a value: " value" inline, or "\n  - item" on following lines. */
export function renderAfterKey(value: unknown, style: RenderStyle, hint: RenderHint = {}): string {
  const doc = new Document({});
  doc.set('k', node(doc, value, hint));
  return render(doc, style, hint).slice('k:'.length);
}

/** The text after `-` for a list item: " value" or " key: value\n  key2: value". */
export function renderAfterDash(value: unknown, style: RenderStyle, hint: RenderHint = {}): string {
  const doc = new Document([]);
  doc.add(node(doc, value, hint));
  return render(doc, style, hint).slice('-'.length);
}

/** `key: value` lines for a new field. */
export function renderPair(key: string, value: unknown, style: RenderStyle): string {
  const doc = new Document({});
  doc.set(key, doc.createNode(value));
  return render(doc, style, {});
}

/** `- ...` lines for a new list item (a new entity in a section). */
export function renderItem(value: unknown, style: RenderStyle): string {
  return '-' + renderAfterDash(value, style);
}

/** A whole new document (a one-object file). */
export function renderDocument(value: unknown, style: RenderStyle): string {
  const doc = new Document(value);
  return render(doc, style, {});
}

/** A scalar as an item of a flow list: `x`, `"a, b"`. */
export function renderFlowScalar(value: unknown, style: RenderStyle): string {
  const doc = new Document([]);
  doc.add(doc.createNode(value));
  (doc.contents as { flow?: boolean }).flow = true;
  return render(doc, { ...style, flowPadding: false }, {}).slice(1, -1);
}

/** Prefixes every non-empty line after the first with `indent` (the first continues a line). */
export function indentContinuation(text: string, indent: string): string {
  return text.replace(/\n(?=[^\n])/g, `\n${indent}`);
}

/** Prefixes every non-empty line with `indent`. */
export function indentAll(text: string, indent: string): string {
  return (text.startsWith('\n') || text === '' ? '' : indent) + indentContinuation(text, indent);
}
