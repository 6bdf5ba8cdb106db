// Surgical field edits of a JSON entity: its object is compared field by field with the new data, and
// only what differs is rewritten at the offsets jsonc-parser's tree gives. Objects are edited key by
// key and lists item by item, so unchanged keys and items keep their bytes; new text is rendered in
// the file's style (json-render.ts) and takes the line ending of the line it is written on.
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../model/compose-document.js';
import { childIndent, childRemovals, childSeparator, isInline } from './json-container.js';
import { keyOf, nodeEnd, valueOf, type JsonNode } from './json-file.js';
import { renderJson } from './json-render.js';
import { indentUnit, type JsonStyle } from './json-style.js';
import { lineIndent } from './line-endings.js';
import { alignLists } from './list-alignment.js';
import {
  notInPlace,
  replaceRange,
  type EditReason,
  type FieldEditScope,
  type TextEdit,
} from './text-edit.js';

/** The JSON file and entity whose fields are edited. */
export type JsonEditScope = FieldEditScope<JsonStyle>;

type Edits = TextEdit[];

/** The edits that turn an entity's object from `before` into `after` (`kind` excluded). */
export function editJsonEntityFields(
  scope: JsonEditScope,
  node: JsonNode,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): TextEdit[] {
  const edits = editObject(scope, node, before, after, undefined);
  if (!edits) throw notInPlace(scope, 'every field would be replaced');
  return edits;
}

/** Edits of an object key by key, or undefined when no key stays to anchor new ones (rewrite it whole). */
function editObject(
  s: JsonEditScope,
  node: JsonNode,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  field: string | undefined,
): Edits | undefined {
  const properties = node.children ?? [];
  const index = new Map(properties.map((p, i) => [keyOf(p), i]));
  const removed = new Set<number>();
  for (const key of Object.keys(before)) if (!(key in after) && index.has(key)) removed.add(index.get(key)!);
  const ranges = childRemovals(node, removed);
  if (!ranges) return undefined;
  const edits: Edits = [...removed]
    .sort((a, b) => a - b)
    .map((i, k) => ({
      start: ranges[k]![0],
      end: ranges[k]![1],
      text: '',
      entity: s.entity,
      field: field ?? keyOf(properties[i]!),
      action: 'remove-field' as const,
    }));
  const added: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    const at = index.get(key);
    if (at === undefined) added.push(key);
    else if (!isDeepStrictEqual(before[key], value))
      edits.push(...editValue(s, node, valueOf(properties[at]!), before[key], value, field ?? key));
  }
  if (added.length === 0) return edits;
  const kept = properties.filter((_, i) => !removed.has(i));
  if (kept.length === 0) return undefined;
  const order = Object.keys(after);
  const separator = childSeparator(s.text, node, s.style.comma);
  const place = { indent: childIndent(s.text, node, indentUnit(s.style)), inline: isInline(s.text, node) };
  for (const key of added) {
    // Next to the field that precedes it in the new data, else after the last field.
    let anchor = kept[kept.length - 1]!;
    for (let j = order.indexOf(key) - 1; j >= 0; j--) {
      const at = index.get(order[j]!);
      if (at !== undefined && !removed.has(at)) {
        anchor = properties[at]!;
        break;
      }
    }
    const text = `${separator}${JSON.stringify(key)}${s.style.colon}${renderJson(after[key], s.style, place)}`;
    const offset = nodeEnd(anchor);
    edits.push(
      replaceRange(s.text, offset, offset, text, {
        entity: s.entity,
        field: field ?? key,
        action: 'add-field',
      }),
    );
  }
  return edits;
}

/** Edits of one value inside a container: finer ones when it can, else the value rewritten. */
function editValue(
  s: JsonEditScope,
  container: JsonNode,
  node: JsonNode,
  before: unknown,
  after: unknown,
  field: string,
): Edits {
  let finer: Edits | undefined;
  if (node.type === 'object' && isObject(before) && isObject(after) && Object.keys(after).length > 0)
    finer = editObject(s, node, before, after, field);
  else if (node.type === 'array' && Array.isArray(before) && Array.isArray(after) && after.length > 0)
    finer = editList(s, node, before, after, field);
  if (finer) return finer;
  const place = { indent: lineIndent(s.text, node.offset), inline: isInline(s.text, container) };
  const text = renderJson(after, s.style, place);
  return [replaceRange(s.text, node.offset, nodeEnd(node), text, reasonOf(s, field))];
}

function reasonOf(s: JsonEditScope, field: string): EditReason {
  return { entity: s.entity, field, action: 'set-field' };
}

/** A list edited item by item: equal items are kept, changed ones edited, others added or removed. */
function editList(
  s: JsonEditScope,
  list: JsonNode,
  before: unknown[],
  after: unknown[],
  field: string,
): Edits | undefined {
  const items = list.children ?? [];
  if (items.length !== before.length || items.length === 0) return undefined;
  const edits: Edits = [];
  const removed = new Set<number>();
  const inserts: { anchor: number; values: unknown[] }[] = [];
  const kept = alignLists(before, after, isDeepStrictEqual);
  let oldAt = 0;
  let newAt = 0;
  let anchor = -1; // the last old item that stays, to insert after
  for (const [keptOld, keptNew] of [...kept, [before.length, after.length] as [number, number]]) {
    const olds = keptOld - oldAt;
    const news = keptNew - newAt;
    const paired = Math.min(olds, news);
    for (let t = 0; t < paired; t++) {
      edits.push(...editValue(s, list, items[oldAt + t]!, before[oldAt + t], after[newAt + t], field));
      anchor = oldAt + t;
    }
    for (let t = paired; t < olds; t++) removed.add(oldAt + t);
    if (news > paired) inserts.push({ anchor, values: after.slice(newAt + paired, keptNew) });
    if (keptOld < before.length) anchor = keptOld;
    oldAt = keptOld + 1;
    newAt = keptNew + 1;
  }
  const ranges = childRemovals(list, removed);
  if (!ranges) return undefined;
  for (const [start, end] of ranges) edits.push({ start, end, text: '', ...reasonOf(s, field) });
  const separator = childSeparator(s.text, list, s.style.comma);
  const place = { indent: childIndent(s.text, list, indentUnit(s.style)), inline: isInline(s.text, list) };
  for (const { anchor: at, values } of inserts) {
    const rendered = values.map((v) => renderJson(v, s.style, place));
    // After the item it follows, else before the first item.
    const offset = at >= 0 ? nodeEnd(items[at]!) : items[0]!.offset;
    const text = at >= 0 ? separator + rendered.join(separator) : rendered.join(separator) + separator;
    edits.push(replaceRange(s.text, offset, offset, text, reasonOf(s, field)));
  }
  return edits;
}
