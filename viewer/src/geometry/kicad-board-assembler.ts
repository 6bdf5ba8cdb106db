// SPDX-License-Identifier: AGPL-3.0-or-later
// Turns the top-level items of a `(kicad_pcb …)` file, one at a time, into BoardGeometry. Items the
// viewer does not draw (text, dimensions, groups, setup, embedded files, …) are skipped, as are
// tokens this reader does not know: a newer KiCad adding a token must not break the viewer.
import {
  GEOMETRY_SCHEMA,
  type Arc,
  type BoardGeometry,
  type BoardLayer,
  type CopperGraphic,
  type Footprint,
  type GraphicShape,
  type Segment,
  type Via,
  type Zone,
} from './board-geometry.js';
import { completeGeometry } from './geometry-completion.js';
import { readFootprint } from './kicad-footprint.js';
import { flatPoints, graphicKind, graphicShape, pointOf } from './kicad-graphic-shapes.js';
import { expandLayerNames } from './kicad-layer-names.js';
import { KicadNetTable } from './kicad-net-table.js';
import { PlacementTransform } from './placement-transform.js';
import { TextPool } from './text-pool.js';
import {
  atoms,
  child,
  childAtoms,
  childNumber,
  childText,
  children,
  hasAtom,
  numberAt,
  textAt,
  type SexprList,
} from './sexpr-list.js';

// Top-level items that hold geometry; graphic items (gr_*) are kept when on Edge.Cuts or copper.
const WANTED_ITEMS = new Set([
  'version',
  'layers',
  'net',
  'footprint',
  'module',
  'segment',
  'arc',
  'via',
  'zone',
]);

/** Collects a board's geometry from its items in file order. */
export class KicadBoardAssembler {
  private formatVersion: number | null = null;
  private readonly layers: BoardLayer[] = [];
  private readonly pool = new TextPool();
  private readonly nets = new KicadNetTable(this.pool);
  private readonly footprints: Footprint[] = [];
  private readonly segments: Segment[] = [];
  private readonly arcs: Arc[] = [];
  private readonly vias: Via[] = [];
  private readonly zones: Zone[] = [];
  private readonly outline: GraphicShape[] = [];
  private readonly graphics: CopperGraphic[] = [];

  /** Whether an item with this head carries geometry (others are not built at all). */
  wants(head: string): boolean {
    return WANTED_ITEMS.has(head) || graphicKind(head) !== undefined;
  }

  /** Takes one top-level item of the board. */
  add(item: SexprList): void {
    switch (item.head) {
      case 'version':
        this.formatVersion = numberAt(item, 0);
        return;
      case 'layers':
        this.readLayers(item);
        return;
      case 'net':
        // A table entry `(net 3 "GND")`; a lone name `(net "GND")` only declares the net.
        if (item.items.length >= 2) this.nets.define(numberAt(item, 0), textAt(item, 1) ?? '');
        else this.nets.nameOf(item);
        return;
      case 'footprint':
      case 'module': {
        const { footprint, edgeCuts, copper } = readFootprint(item, this.nets, this.pool);
        this.footprints.push(footprint);
        this.outline.push(...edgeCuts);
        this.graphics.push(...copper);
        return;
      }
      case 'segment':
        this.segments.push({
          start: pointOf(item, 'start'),
          end: pointOf(item, 'end'),
          width: childNumber(item, 'width', 0),
          layer: this.pool.text(childText(item, 'layer') ?? ''),
          net: this.nets.nameOf(child(item, 'net')),
        });
        return;
      case 'arc':
        this.arcs.push({
          start: pointOf(item, 'start'),
          mid: pointOf(item, 'mid'),
          end: pointOf(item, 'end'),
          width: childNumber(item, 'width', 0),
          layer: this.pool.text(childText(item, 'layer') ?? ''),
          net: this.nets.nameOf(child(item, 'net')),
        });
        return;
      case 'via':
        this.vias.push(this.readVia(item));
        return;
      case 'zone':
        this.zones.push(this.readZone(item));
        return;
      default:
        if (graphicKind(item.head) !== undefined) this.addGraphic(item);
    }
  }

  /** The finished geometry: layer wildcards expanded, late net numbers resolved, bounds computed. */
  finish(): BoardGeometry {
    const layerNames = this.layers.map((layer) => layer.name);
    for (const footprint of this.footprints) {
      for (const pad of footprint.pads) pad.layers = expandLayerNames(pad.layers, layerNames);
    }
    for (const zone of this.zones) zone.layers = expandLayerNames(zone.layers, layerNames);
    if (this.nets.hasPending) this.resolvePendingNets();
    return completeGeometry({
      schema: GEOMETRY_SCHEMA,
      extractor: 'native',
      formatVersion: this.formatVersion,
      layers: this.layers,
      nets: this.nets.sortedNames(),
      footprints: this.footprints,
      segments: this.segments,
      arcs: this.arcs,
      vias: this.vias,
      zones: this.zones,
      graphics: this.graphics,
      outline: this.outline,
      boundingBox: null,
    });
  }

  /** A board-level graphic item: part of the outline on Edge.Cuts, drawn copper on a copper layer. */
  private addGraphic(item: SexprList): void {
    const layer = childText(item, 'layer');
    if (layer !== 'Edge.Cuts' && !(layer !== undefined && layer.endsWith('.Cu'))) return;
    const shape = graphicShape(item, PlacementTransform.identity);
    if (shape === undefined) return;
    if (layer === 'Edge.Cuts') this.outline.push(shape);
    else
      this.graphics.push({ layer: this.pool.text(layer), net: this.nets.nameOf(child(item, 'net')), shape });
  }

  /** `(layers (0 "F.Cu" signal) (2 "B.Cu" signal "Bottom") …)`. */
  private readLayers(item: SexprList): void {
    for (const entry of item.items) {
      if (typeof entry !== 'object') continue;
      // The entry's head is its number; the name, type and optional user name follow.
      const [name, type, userName] = atoms(entry);
      if (name === undefined) continue;
      const layer: BoardLayer = { name: this.pool.text(name), type: this.pool.text(type ?? 'user') };
      if (userName !== undefined && userName !== name) layer.userName = this.pool.text(userName);
      this.layers.push(layer);
    }
  }

  /** `(via [blind|micro] (at x y) (size d) (drill d) (layers a b) (net n))`. */
  private readVia(item: SexprList): Via {
    const at = pointOf(item, 'at');
    const [from = 'F.Cu', to = 'B.Cu'] = childAtoms(item, 'layers');
    return {
      at,
      diameter: childNumber(item, 'size', 0),
      drill: childNumber(item, 'drill', 0),
      layers: [this.pool.text(from), this.pool.text(to)],
      type: hasAtom(item, 'micro') ? 'micro' : hasAtom(item, 'blind') ? 'blind_buried' : 'through',
      net: this.nets.nameOf(child(item, 'net')),
    };
  }

  /** A zone: `(layer …)` or `(layers …)`, its outline, and `(filled_polygon (layer …) (pts …))` fills. */
  private readZone(item: SexprList): Zone {
    const single = childText(item, 'layer');
    const layers = (single !== undefined ? [single] : childAtoms(item, 'layers')).map((l) =>
      this.pool.text(l),
    );
    // KiCad 6–9 name the net in (net_name …) beside the number; KiCad 10 in (net "…") alone.
    const netName = childText(item, 'net_name');
    const net =
      netName !== undefined
        ? netName === ''
          ? null
          : this.pool.text(netName)
        : this.nets.nameOf(child(item, 'net'));
    const polygon = child(item, 'polygon');
    const pts = polygon === undefined ? undefined : child(polygon, 'pts');
    const fills = new Map<string, number[][]>();
    for (const filled of children(item, 'filled_polygon')) {
      const layer = this.pool.text(childText(filled, 'layer') ?? layers[0] ?? '');
      const points = child(filled, 'pts');
      if (points === undefined) continue;
      let list = fills.get(layer);
      if (list === undefined) fills.set(layer, (list = []));
      list.push(flatPoints(points, PlacementTransform.identity));
    }
    return {
      net,
      name: this.pool.text(childText(item, 'name') ?? ''),
      layers,
      ruleArea: child(item, 'keepout') !== undefined,
      outline: pts === undefined ? [] : flatPoints(pts, PlacementTransform.identity),
      fills: [...fills].map(([layer, polygons]) => ({ layer, polygons })),
    };
  }

  private resolvePendingNets(): void {
    const resolve = <T extends { net: string | null }>(items: T[]) => {
      for (const item of items) item.net = this.nets.resolvePending(item.net);
    };
    for (const footprint of this.footprints) resolve(footprint.pads);
    resolve(this.segments);
    resolve(this.arcs);
    resolve(this.vias);
    resolve(this.zones);
    resolve(this.graphics);
  }
}
