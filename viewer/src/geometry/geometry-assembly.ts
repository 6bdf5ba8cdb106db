// SPDX-License-Identifier: AGPL-3.0-or-later
// Puts a board's geometry back together from its index and the parts that arrived: every item in
// its place in the whole geometry's lists. With every part it is exactly the geometry that was cut;
// with some missing it is the geometry so far (what is missing is left out).
import { GEOMETRY_SCHEMA, type BoardGeometry, type Zone } from './board-geometry.js';
import type { GeometryIndex, GeometryPart, LayerPart, ZoneOutline } from './geometry-parts.js';

type ZoneFill = Zone['fills'][number];

/** The geometry of the index with the items of the given parts. */
export function assembleGeometry(index: GeometryIndex, parts: Iterable<GeometryPart>): BoardGeometry {
  const layerParts: LayerPart[] = [];
  let footprints: BoardGeometry['footprints'] = [];
  let vias: BoardGeometry['vias'] = [];
  let outlines: ZoneOutline[] = [];
  for (const part of parts) {
    if (part.kind === 'layer') layerParts.push(part);
    else if (part.kind === 'footprints') footprints = part.footprints;
    else if (part.kind === 'vias') vias = part.vias;
    else outlines = part.zones;
  }
  const slots = outlines.map((z) => new Array<ZoneFill | undefined>(z.fillCount).fill(undefined));
  for (const part of layerParts)
    for (const { zone, slot, layer, polygons } of part.fills) {
      const fills = slots[zone];
      if (fills && slot < fills.length) fills[slot] = { layer, polygons };
    }
  // A zone whose fills have not all arrived lists the ones that have.
  const zones: Zone[] = outlines.map(({ fillCount, ...zone }, i) => ({
    ...zone,
    fills: slots[i]!.slice(0, fillCount).filter((fill) => fill !== undefined),
  }));
  return {
    schema: GEOMETRY_SCHEMA,
    extractor: index.extractor,
    formatVersion: index.formatVersion,
    layers: index.layers,
    nets: index.nets,
    footprints,
    segments: inOrder(layerParts.map((p) => [p.segments, p.segmentOrder])),
    arcs: inOrder(layerParts.map((p) => [p.arcs, p.arcOrder])),
    vias,
    zones,
    graphics: inOrder(layerParts.map((p) => [p.graphics, p.graphicOrder])),
    outline: layerParts.flatMap((p) => p.outline),
    boundingBox: index.boundingBox,
  };
}

/** The items of several lists merged by their positions in the whole list. */
function inOrder<T>(lists: [T[], number[]][]): T[] {
  if (lists.length === 1) return [...lists[0]![0]];
  const placed: [number, T][] = [];
  for (const [items, order] of lists) items.forEach((item, i) => placed.push([order[i]!, item]));
  placed.sort((a, b) => a[0] - b[0]);
  return placed.map(([, item]) => item);
}
