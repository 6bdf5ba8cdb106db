// SPDX-License-Identifier: AGPL-3.0-or-later
// Cuts a board's geometry into parts (geometry-parts.ts), in the order a page fetches them: the
// outline (Edge.Cuts), the footprints, the front copper, the vias, the back copper, the inner
// copper front to back, any other layer with content, the zones' outlines last (not drawn).
import { GEOMETRY_SCHEMA, type BoardGeometry } from './board-geometry.js';
import {
  GEOMETRY_INDEX_SCHEMA,
  NON_LAYER_PARTS,
  type GeometryCounts,
  type GeometryIndex,
  type GeometryPart,
  type GeometryPartEntry,
  type LayerPart,
  type ZonesPart,
} from './geometry-parts.js';

/** The geometry's parts in fetch order, and its item counts. */
export interface SplitGeometry {
  parts: GeometryPart[];
  counts: GeometryCounts;
}

/** The index of a geometry cut into parts: everything but the items, with the parts' entries. */
export function geometryIndex(
  geometry: BoardGeometry,
  counts: GeometryCounts,
  parts: GeometryPartEntry[],
): GeometryIndex {
  return {
    schema: GEOMETRY_INDEX_SCHEMA,
    geometry: GEOMETRY_SCHEMA,
    extractor: geometry.extractor,
    formatVersion: geometry.formatVersion,
    layers: geometry.layers,
    nets: geometry.nets,
    boundingBox: geometry.boundingBox,
    counts,
    parts,
  };
}

/** Cuts a geometry into parts; assembleGeometry(…) of them gives the geometry back. */
export function splitGeometry(geometry: BoardGeometry): SplitGeometry {
  const layers = new Map<string, LayerPart>();
  const layer = (name: string): LayerPart => {
    let part = layers.get(name);
    if (!part) {
      if ((NON_LAYER_PARTS as readonly string[]).includes(name))
        throw new Error(`a layer is named "${name}", which is the name of a geometry part`);
      part = emptyLayerPart(name);
      layers.set(name, part);
    }
    return part;
  };
  geometry.segments.forEach((segment, i) => {
    const part = layer(segment.layer);
    part.segments.push(segment);
    part.segmentOrder.push(i);
  });
  geometry.arcs.forEach((arc, i) => {
    const part = layer(arc.layer);
    part.arcs.push(arc);
    part.arcOrder.push(i);
  });
  geometry.graphics.forEach((graphic, i) => {
    const part = layer(graphic.layer);
    part.graphics.push(graphic);
    part.graphicOrder.push(i);
  });
  geometry.zones.forEach((zone, z) =>
    zone.fills.forEach((fill, slot) =>
      layer(fill.layer).fills.push({ zone: z, slot, layer: fill.layer, polygons: fill.polygons }),
    ),
  );
  if (geometry.outline.length > 0) layer('Edge.Cuts').outline.push(...geometry.outline);

  const zones: ZonesPart = {
    kind: 'zones',
    name: 'zones',
    zones: geometry.zones.map(({ fills, ...rest }) => ({ ...rest, fillCount: fills.length })),
  };
  const copper = geometry.layers.map((l) => l.name).filter((name) => name.endsWith('.Cu'));
  const [front, ...rest] = copper;
  const back = rest.length > 0 ? rest.pop() : undefined;
  const take = (name: string | undefined): GeometryPart[] => {
    if (name === undefined) return [];
    const part = layers.get(name);
    layers.delete(name);
    return part ? [part] : [];
  };
  const parts: GeometryPart[] = [
    ...take('Edge.Cuts'),
    { kind: 'footprints', name: 'footprints', footprints: geometry.footprints },
    ...take(front),
    { kind: 'vias', name: 'vias', vias: geometry.vias },
    ...take(back),
    ...rest.flatMap(take),
    // Layers the table does not list as copper, in the table's order, then any it does not list.
    ...geometry.layers.flatMap((l) => take(l.name)),
    ...[...layers.values()],
    zones,
  ];
  return {
    parts,
    counts: {
      footprints: geometry.footprints.length,
      segments: geometry.segments.length,
      arcs: geometry.arcs.length,
      vias: geometry.vias.length,
      zones: geometry.zones.length,
      graphics: geometry.graphics.length,
      outline: geometry.outline.length,
    },
  };
}

/** A layer part with nothing on it yet. */
export function emptyLayerPart(name: string): LayerPart {
  return {
    kind: 'layer',
    name,
    segments: [],
    segmentOrder: [],
    arcs: [],
    arcOrder: [],
    graphics: [],
    graphicOrder: [],
    fills: [],
    outline: [],
  };
}

/** How many items a part holds. */
export function partItems(part: GeometryPart): number {
  switch (part.kind) {
    case 'layer':
      return (
        part.segments.length +
        part.arcs.length +
        part.graphics.length +
        part.fills.length +
        part.outline.length
      );
    case 'footprints':
      return part.footprints.length;
    case 'vias':
      return part.vias.length;
    case 'zones':
      return part.zones.length;
  }
}
