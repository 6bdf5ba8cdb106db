// Surgical field edits: an entity's block mapping is compared field by field with its new data, and
// only what differs is rewritten, at the exact ranges the yaml package's source tokens give. Unchanged
// fields, list items and comments keep their bytes; new text comes from the yaml stringifier in the
// file's style.
import { isDeepStrictEqual } from 'node:util';
import {
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { isObject } from '../model/compose-document.js';
import { hasCommentInside } from './cst-comments.js';
import { EditError, placeOf } from './edit-error.js';
import { isMergePair } from './editable-layout.js';
import { lineContentEnd, lineStart } from './line-endings.js';
import { alignLists } from './list-alignment.js';
import {
  colonEnd,
  column,
  dashAt,
  itemEnd,
  itemLines,
  keyStart,
  pairEnd,
  fieldLines,
  removableLines,
  startsLine,
  valueEnd,
} from './node-extent.js';
import type { RenderStyle } from './render-style.js';
import {
  indentAll,
  indentContinuation,
  renderAfterDash,
  renderAfterKey,
  renderFlowScalar,
  renderItem,
  renderPair,
  type RenderHint,
} from './render-yaml.js';
import { insertLines, notInPlace, replaceRange, type FieldEditScope, type TextEdit } from './text-edit.js';

/** The YAML file and entity whose fields are edited. */
export type YamlEditScope = FieldEditScope<RenderStyle>;

type Edits = TextEdit[];

/**
 * The edits that turn an entity's block mapping from `before` into `after` (plain values, `kind`
 * excluded). Fields equal in both are not touched.
 */
export function editEntityFields(
  scope: YamlEditScope,
  map: YAMLMap,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): TextEdit[] {
  const edits = editMap(scope, map, before, after, undefined);
  if (!edits) throw notInPlace(scope, 'its first field shares a line with "- " and would be removed');
  return edits;
}

function keyOf(pair: Pair): string | undefined {
  return isScalar(pair.key) ? String(pair.key.value) : undefined;
}

/** Edits of a block mapping, or undefined when it cannot be edited in place (the caller rewrites it whole). */
function editMap(
  s: YamlEditScope,
  map: YAMLMap,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  field: string | undefined,
): Edits | undefined {
  const own = new Map<string, Pair>();
  for (const pair of map.items) {
    if (isMergePair(pair)) continue;
    const key = keyOf(pair);
    if (key === undefined) return undefined;
    own.set(key, pair);
  }
  const edits: Edits = [];
  const removed = new Set(Object.keys(before).filter((k) => !(k in after)));
  for (const key of removed) {
    const pair = own.get(key);
    if (!pair)
      throw new EditError(
        'unsupported-layout',
        `${placeOf(s.file, s.line)}${s.entity}: "${key}" comes from a merge key (<<) and cannot be removed without changing every entity that merges it; write the merged fields out first`,
        { file: s.file, line: s.line },
      );
    const edit = removePair(s, map, pair, removed, field ?? key);
    if (!edit) return undefined;
    edits.push(edit);
  }
  const added: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (!(key in before)) added.push(key);
    else if (isDeepStrictEqual(before[key], value)) continue;
    else if (!own.has(key))
      added.push(key); // a merged value gets an override in the entity itself
    else edits.push(...editPairValue(s, own.get(key)!, before[key], value, field ?? key));
  }
  if (added.length > 0) {
    const inserted = insertPairs(s, map, own, removed, after, added, field);
    if (!inserted) return undefined;
    edits.push(...inserted);
  }
  return edits;
}

function removePair(
  s: YamlEditScope,
  map: YAMLMap,
  pair: Pair,
  removed: Set<string>,
  field: string,
): TextEdit | undefined {
  const reason = { entity: s.entity, field, action: 'remove-field' as const };
  const start = keyStart(pair);
  if (startsLine(s.text, start)) {
    const [from, to] = removableLines(s.text, fieldLines(s.text, pair));
    return { start: from, end: to, text: '', ...reason };
  }
  // The first field of a list item shares its line with "- ": the next field moves up onto that line.
  const next = map.items[map.items.indexOf(pair) + 1];
  if (!next || isMergePair(next) || removed.has(keyOf(next) ?? '')) return undefined;
  return { start, end: keyStart(next), text: '', ...reason };
}

function insertPairs(
  s: YamlEditScope,
  map: YAMLMap,
  own: Map<string, Pair>,
  removed: Set<string>,
  after: Record<string, unknown>,
  added: string[],
  field: string | undefined,
): Edits | undefined {
  const staying = map.items.filter((p) => !isMergePair(p) && !removed.has(keyOf(p) ?? ''));
  const first = map.items.find((p) => !isMergePair(p));
  if (staying.length === 0 || !first) return undefined;
  const indent = ' '.repeat(column(s.text, keyStart(first)));
  const order = Object.keys(after);
  return added.map((key) => {
    // Next to the field that precedes it in the new data, else after the last field.
    let anchor = staying[staying.length - 1]!;
    for (let j = order.indexOf(key) - 1; j >= 0; j--) {
      const candidate = own.get(order[j]!);
      if (candidate && !removed.has(order[j]!)) {
        anchor = candidate;
        break;
      }
    }
    const offset = fieldLines(s.text, anchor)[1];
    const lines = indentAll(renderPair(key, after[key], s.style), indent);
    return insertLines(s.text, offset, lines, { entity: s.entity, field: field ?? key, action: 'add-field' });
  });
}

function hintFor(node: unknown): RenderHint {
  return isCollection(node) && node.flow ? { flow: true } : {};
}

function editPairValue(s: YamlEditScope, pair: Pair, before: unknown, after: unknown, field: string): Edits {
  const col = column(s.text, keyStart(pair));
  const granular = editValue(s, pair.value, before, after, field, 'key', col);
  if (granular) return granular;
  const rendered = renderAfterKey(after, s.style, hintFor(pair.value));
  const text = indentContinuation(rendered, ' '.repeat(col));
  return [
    replaceRange(s.text, colonEnd(pair), pairEnd(s.text, pair), text, {
      entity: s.entity,
      field,
      action: 'set-field',
    }),
  ];
}

function editItem(
  s: YamlEditScope,
  seq: YAMLSeq,
  index: number,
  before: unknown,
  after: unknown,
  field: string,
): Edits {
  const dash = dashAt(seq, index)!;
  const col = column(s.text, dash);
  const granular = editValue(s, seq.items[index], before, after, field, 'dash', col);
  if (granular) return granular;
  const rendered = renderAfterDash(after, s.style, hintFor(seq.items[index]));
  const text = indentContinuation(rendered, ' '.repeat(col));
  return [
    replaceRange(s.text, dash + 1, itemEnd(s.text, seq, index), text, {
      entity: s.entity,
      field,
      action: 'set-field',
    }),
  ];
}

/** Finer edits of one value (scalar in its own style, mapping field by field, list item by item). */
function editValue(
  s: YamlEditScope,
  node: unknown,
  before: unknown,
  after: unknown,
  field: string,
  context: 'key' | 'dash',
  col: number,
): Edits | undefined {
  if (!node || isAlias(node)) return undefined;
  if (isScalar(node))
    return isCollectionValue(after) ? undefined : replaceScalar(s, node, after, field, context, col);
  if (isMap(node) && !node.flow && isObject(before) && isObject(after) && Object.keys(after).length > 0)
    return editMap(s, node, before, after, field);
  if (isSeq(node) && Array.isArray(before) && Array.isArray(after)) {
    if (node.flow) return editFlowSeq(s, node, before, after, field);
    if (after.length > 0) return editBlockSeq(s, node, before, after, field);
  }
  return undefined;
}

function isCollectionValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** A scalar replaced in its own style: plain stays plain, quoted stays quoted, a block stays a block. */
function replaceScalar(
  s: YamlEditScope,
  node: Scalar,
  after: unknown,
  field: string,
  context: 'key' | 'dash',
  col: number,
): Edits | undefined {
  if (node.value === null && node.source === '') return undefined; // `key:` with nothing: rewrite the pair
  const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
  let type = node.type;
  // Several lines read best as a literal block; a number or boolean is never a block.
  if (typeof after === 'string' && after.includes('\n') && (type === 'PLAIN' || type === 'QUOTE_SINGLE'))
    type = 'BLOCK_LITERAL';
  if (typeof after !== 'string' && block) type = 'PLAIN';
  const rendered = (context === 'key' ? renderAfterKey : renderAfterDash)(after, s.style, {
    scalarType: type,
  });
  const body = rendered.replace(/^ /, '');
  const start = node.range![0];
  let end = block ? valueEnd(s.text, node) : node.range![1];
  // A comment after an inline value would end up inside a new block scalar: it goes with the old value.
  if (!block && body.includes('\n')) end = lineContentEnd(s.text, end);
  const text = indentContinuation(body, ' '.repeat(col));
  return [replaceRange(s.text, start, end, text, { entity: s.entity, field, action: 'set-field' })];
}

/** A block list edited item by item: equal items are kept, changed ones edited, others added or removed. */
function editBlockSeq(
  s: YamlEditScope,
  seq: YAMLSeq,
  before: unknown[],
  after: unknown[],
  field: string,
): Edits | undefined {
  if (seq.items.length !== before.length || seq.items.length === 0) return undefined;
  for (let i = 0; i < seq.items.length; i++) {
    const dash = dashAt(seq, i);
    if (dash === undefined || !startsLine(s.text, dash)) return undefined;
  }
  const firstDash = dashAt(seq, 0)!;
  const indent = s.text.slice(lineStart(s.text, firstDash), firstDash);
  const reason = { entity: s.entity, field, action: 'set-field' as const };
  const edits: Edits = [];
  const kept = alignLists(before, after, isDeepStrictEqual);
  let oldAt = 0;
  let newAt = 0;
  let anchor = -1; // the last old item that stays, to insert after
  for (const [keptOld, keptNew] of [...kept, [before.length, after.length] as [number, number]]) {
    const olds = keptOld - oldAt;
    const news = keptNew - newAt;
    const paired = Math.min(olds, news);
    for (let t = 0; t < paired; t++) {
      edits.push(...editItem(s, seq, oldAt + t, before[oldAt + t], after[newAt + t], field));
      anchor = oldAt + t;
    }
    for (let t = paired; t < olds; t++) {
      const [from, to] = removableLines(s.text, itemLines(s.text, seq, oldAt + t));
      edits.push({ start: from, end: to, text: '', ...reason });
    }
    if (news > paired) {
      const offset = anchor >= 0 ? itemLines(s.text, seq, anchor)[1] : itemLines(s.text, seq, 0)[0];
      const lines = after
        .slice(newAt + paired, keptNew)
        .map((value) => indentAll(renderItem(value, s.style), indent))
        .join('\n');
      edits.push(insertLines(s.text, offset, lines, reason));
    }
    if (keptOld < before.length) anchor = keptOld;
    oldAt = keptOld + 1;
    newAt = keptNew + 1;
  }
  return edits;
}

/** A flow list of scalars rebuilt on one line; items that stay keep their source text (and quoting). */
function editFlowSeq(
  s: YamlEditScope,
  seq: YAMLSeq,
  before: unknown[],
  after: unknown[],
  field: string,
): Edits | undefined {
  if (hasCommentInside(seq)) return undefined;
  if (!seq.items.every((item) => isScalar(item)) || after.some(isCollectionValue)) return undefined;
  if (seq.items.length !== before.length) return undefined;
  const used = new Set<number>();
  const parts = after.map((value) => {
    const j = before.findIndex((b, i) => !used.has(i) && isDeepStrictEqual(b, value));
    if (j < 0) return renderFlowScalar(value, s.style);
    used.add(j);
    const range = (seq.items[j] as Node).range!;
    return s.text.slice(range[0], range[1]);
  });
  const [start, end] = seq.range!;
  const pad = seq.items.length > 0 ? s.text[start + 1] === ' ' : s.style.flowPadding;
  const text = parts.length === 0 ? '[]' : pad ? `[ ${parts.join(', ')} ]` : `[${parts.join(', ')}]`;
  return [{ start, end, text, entity: s.entity, field, action: 'set-field' }];
}
