// SPDX-License-Identifier: AGPL-3.0-or-later
// A board's layered geometry as far as it arrived in the page: its index, the parts that are there,
// and the rr-board-geometry-v1 object they assemble into (made once per snapshot, when first asked).
import { assembleGeometry } from '../../src/geometry/geometry-assembly.js';
import type { BoardGeometry, GeometryIndex, GeometryPart } from './api-types.js';

/** A snapshot of a board being loaded; a new part makes a new snapshot. */
export class LoadedBoard {
  private assembled: BoardGeometry | undefined;

  constructor(
    /** The board's content hash. */
    readonly sha: string,
    readonly index: GeometryIndex,
    /** The parts that arrived, by name. */
    readonly parts: ReadonlyMap<string, GeometryPart>,
  ) {}

  /** Whether every part the index lists arrived. */
  get complete(): boolean {
    return this.index.parts.every((p) => this.parts.has(p.name));
  }

  /** The geometry of the parts that arrived (the whole geometry once complete). */
  get geometry(): BoardGeometry {
    this.assembled ??= assembleGeometry(this.index, this.parts.values());
    return this.assembled;
  }

  /** This board with more parts. */
  with(parts: Iterable<GeometryPart>): LoadedBoard {
    const more = new Map(this.parts);
    for (const part of parts) more.set(part.name, part);
    return new LoadedBoard(this.sha, this.index, more);
  }
}

/** How many of the index's first parts make the first view: up to and including the first copper layer. */
export function firstViewParts(index: GeometryIndex): number {
  const copper = index.parts.findIndex((p) => p.kind === 'layer' && p.name.endsWith('.Cu'));
  const footprints = index.parts.findIndex((p) => p.kind === 'footprints');
  return Math.max(copper, footprints) + 1 || index.parts.length;
}
