import type { LineColumn } from './entity.js';

/**
 * Where the nodes of a parsed document start, whichever reader parsed it (the yaml package's syntax
 * tree, or the block reader's nodes): all that composing needs besides the document's value.
 */
export interface DocumentTree {
  /** 1-based line and column of the document's root node */
  rootAt(): LineColumn;
  /** line and column of the node at a path of plain keys and indexes, or undefined */
  nodeAt(path: readonly string[]): LineColumn | undefined;
  /** line and column of the key `key` in the mapping at `path`, or undefined */
  keyAt(path: readonly string[], key: string): LineColumn | undefined;
  /**
   * Records the position of the node at `path` and of everything under it: a map key's position for a
   * field, an item's position for a sequence item, keyed by '/'-joined paths relative to that node.
   */
  collectPositions(path: readonly string[], out: Record<string, LineColumn>): void;
}

/** Deeper than this, positions are not recorded (as deep as any model goes, and a bound on recursion). */
export const MAX_POSITION_DEPTH = 64;
