import type { LineStarts } from './line-starts.js';
import type { ReadNode } from './block-yaml-reader.js';
import { MAX_POSITION_DEPTH, type DocumentTree } from './document-tree.js';
import type { LineColumn } from './entity.js';

/** The positions of a document the block reader read, in the same terms as the yaml package's tree. */
export function blockDocumentTree(root: ReadNode, lc: LineStarts): DocumentTree {
  const at = (offset: number): LineColumn => lc.lineColumn(offset);
  const nodeAtPath = (path: readonly string[]): ReadNode | undefined => {
    let node: ReadNode | undefined = root;
    for (const segment of path) {
      if (node?.kind === 'map') node = node.pairs.find((p) => p.key === segment)?.value;
      else if (node?.kind === 'seq') node = node.items[Number(segment)];
      else return undefined;
    }
    return node;
  };
  // A map value's position is its key's; a list item's and the root's are their own.
  const collect = (
    node: ReadNode,
    out: Record<string, LineColumn>,
    prefix: string,
    depth: number,
    own: boolean,
  ): void => {
    if (depth > MAX_POSITION_DEPTH) return;
    if (own) out[prefix] = at(node.start);
    if (node.kind === 'map') {
      for (const pair of node.pairs) {
        const path = prefix === '' ? pair.key : `${prefix}/${pair.key}`;
        out[path] = at(pair.keyStart);
        collect(pair.value, out, path, depth + 1, false);
      }
    } else if (node.kind === 'seq') {
      for (let i = 0; i < node.items.length; i++)
        collect(node.items[i]!, out, `${prefix}/${i}`, depth + 1, true);
    }
  };
  return {
    rootAt: () => at(root.start),
    nodeAt: (path) => {
      const node = nodeAtPath(path);
      return node ? at(node.start) : undefined;
    },
    keyAt: (path, key) => {
      const map = nodeAtPath(path);
      const pair = map?.kind === 'map' ? map.pairs.find((p) => p.key === key) : undefined;
      return pair ? at(pair.keyStart) : undefined;
    },
    collectPositions: (path, out) => {
      const node = nodeAtPath(path);
      if (node) collect(node, out, '', 0, !('' in out));
    },
  };
}
