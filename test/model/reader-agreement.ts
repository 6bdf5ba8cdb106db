// What "reads alike" means for rr's own model readers (the block reader, the JSON reader) against the
// yaml package: no errors there, the same documents value for value, the same position for every node
// and every key, and the same composed entities, positions and diagnostics.
import { expect } from 'vitest';
import { composeDocument } from '../../tools/model/compose-document.js';
import type { DocumentTree } from '../../tools/model/document-tree.js';
import type { LineColumn } from '../../tools/model/entity.js';
import { parseWithYamlPackage, type ParsedFile } from '../../tools/model/parse-documents.js';

/** Every path to a node of a plain value, the root's included. */
function allPaths(value: unknown, prefix: string[] = []): string[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...allPaths(v, [...prefix, String(i)])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...allPaths(v, [...prefix, k]));
  return out;
}

/** Every node's and key's position in a tree, by path. */
function positionsOf(tree: DocumentTree, value: unknown): Record<string, unknown> {
  const collected: Record<string, LineColumn> = {};
  tree.collectPositions([], collected);
  const nodes: Record<string, unknown> = { root: tree.rootAt(), collected };
  for (const path of allPaths(value)) {
    nodes[`node ${path.join('/')}`] = tree.nodeAt(path);
    const parent = path.slice(0, -1);
    const last = path[path.length - 1];
    if (last !== undefined) nodes[`key ${path.join('/')}`] = tree.keyAt(parent, last);
  }
  return nodes;
}

/** Proves that what one of rr's own readers read of `text` agrees with the yaml package's reading. */
export function expectReadAlike(file: string, text: string, fast: ParsedFile): void {
  const yaml = parseWithYamlPackage(file, text);
  expect(yaml.reader).toBe('yaml');
  expect(yaml.diagnostics, `${file}: the yaml package finds errors rr's reader read past`).toEqual([]);
  expect(fast.documents.length, file).toBe(yaml.documents.length);
  fast.documents.forEach((doc, i) => {
    const other = yaml.documents[i]!;
    expect(doc.value, `${file} document ${i} value`).toStrictEqual(other.value);
    expect(positionsOf(doc.tree, doc.value), `${file} document ${i} positions`).toEqual(
      positionsOf(other.tree, other.value),
    );
    expect(composeDocument(file, doc), `${file} document ${i} composed`).toEqual(
      composeDocument(file, other),
    );
  });
}
