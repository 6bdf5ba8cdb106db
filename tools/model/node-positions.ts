import type { Document, Node } from 'yaml';
import { MAX_POSITION_DEPTH, type DocumentTree } from './document-tree.js';
import type { LineColumn } from './entity.js';
import type { LinePositions } from './line-starts.js';
import { yamlPackage } from './yaml-package.js';

/** The positions of a document the yaml package parsed. */
export function yamlDocumentTree(doc: Document.Parsed, lc: LinePositions): DocumentTree {
  const at = (node: Node | undefined) => (node?.range ? lineColumn(lc, node.range[0]) : undefined);
  return {
    rootAt: () => lineColumn(lc, doc.contents?.range?.[0] ?? 0),
    nodeAt: (path) => at(nodeAtPath(doc, path)),
    keyAt: (path, key) => at(keyNodeAtPath(doc, path, key)),
    collectPositions: (path, out) => collectPositions(doc, nodeAtPath(doc, path), lc, out),
  };
}

/** Follows an alias to the node it names, so positions and paths see through anchors. */
export function resolveNode(doc: Document.Parsed, node: unknown): Node | undefined {
  if (yamlPackage().isAlias(node)) return node.resolve(doc);
  return (node ?? undefined) as Node | undefined;
}

/**
 * Records the line/column of a node and of everything under it: a map key's position for a field, an
 * item's position for a sequence item, keyed by '/'-joined paths relative to `prefix`.
 */
export function collectPositions(
  doc: Document.Parsed,
  node: unknown,
  lc: LinePositions,
  out: Record<string, LineColumn>,
  prefix = '',
  depth = 0,
): void {
  const { isMap, isScalar, isSeq } = yamlPackage();
  const n = resolveNode(doc, node);
  if (!n || depth > MAX_POSITION_DEPTH) return;
  if (!(prefix in out) && n.range) out[prefix] = lineColumn(lc, n.range[0]);
  if (isMap(n)) {
    for (const pair of n.items) {
      if (isScalar(pair.key) && typeof pair.key.value === 'symbol') {
        // A merge key (`<<: *base`): merged fields sit where the anchored map writes them.
        const sources = isSeq(pair.value) ? pair.value.items : [pair.value];
        for (const source of sources) collectMerged(doc, source, lc, out, prefix, depth);
        continue;
      }
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const path = prefix === '' ? key : `${prefix}/${key}`;
      const keyNode = pair.key as Node | null;
      if (keyNode?.range) out[path] = lineColumn(lc, keyNode.range[0]);
      collectPositions(doc, pair.value, lc, out, path, depth + 1);
    }
  } else if (isSeq(n)) {
    n.items.forEach((item, i) => collectPositions(doc, item, lc, out, `${prefix}/${i}`, depth + 1));
  }
}

/** Positions of a merged map's fields, unless the merging map sets them itself. */
function collectMerged(
  doc: Document.Parsed,
  source: unknown,
  lc: LinePositions,
  out: Record<string, LineColumn>,
  prefix: string,
  depth: number,
): void {
  const merged: Record<string, LineColumn> = {};
  collectPositions(doc, source, lc, merged, prefix, depth + 1);
  for (const [path, at] of Object.entries(merged)) if (path !== prefix && !(path in out)) out[path] = at;
}

/** The node at a JSON-pointer-like path of plain keys and indexes, or undefined. */
export function nodeAtPath(doc: Document.Parsed, path: readonly string[]): Node | undefined {
  const { isMap, isPair, isSeq } = yamlPackage();
  let node = resolveNode(doc, doc.contents);
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyText(p.key) === segment);
      node = resolveNode(doc, pair?.value);
    } else if (isSeq(node)) {
      node = resolveNode(doc, node.items[Number(segment)]);
    } else return undefined;
  }
  return node;
}

/** The key node of `key` in the map at `path`, for pointing at an unknown or duplicate key. */
export function keyNodeAtPath(doc: Document.Parsed, path: readonly string[], key: string): Node | undefined {
  const map = nodeAtPath(doc, path);
  if (!yamlPackage().isMap(map)) return undefined;
  const pair = map.items.find((p) => keyText(p.key) === key);
  return (pair?.key ?? undefined) as Node | undefined;
}

function keyText(key: unknown): string {
  return yamlPackage().isScalar(key) ? String(key.value) : String(key);
}

/** 1-based line and column of an offset. */
export function lineColumn(lc: LinePositions, offset: number): LineColumn {
  const { line, col } = lc.linePos(offset);
  return [line, col];
}
