// SPDX-License-Identifier: AGPL-3.0-or-later
// A geometry part (geometry-parts.ts) to and from its file (geometry-part-file.ts). Tracks, arcs, zone
// fills and vias go into number columns (coordinates as nanometre differences, widths in nanometres,
// nets as positions in the part's own net list, so a part means the same in any board); footprints,
// copper graphics, the outline and zone outlines stay JSON in the header (few, and full of strings).

import type { Arc, Point, Segment, Via } from './board-geometry.js';
import { encodeColumn, type EncodedColumn } from './geometry-columns.js';
import { readPartFile, writePartFile, PartFileError, type PartFile } from './geometry-part-file.js';
import type {
  FootprintsPart,
  GeometryPart,
  LayerPart,
  ViasPart,
  ZoneFillSlot,
  ZonesPart,
} from './geometry-parts.js';
import { emptyLayerPart } from './geometry-split.js';

const MM = 1e6; // stored as nanometres

/** The file bytes of a part. */
export function encodePart(part: GeometryPart): Uint8Array {
  switch (part.kind) {
    case 'layer':
      return encodeLayer(part);
    case 'vias':
      return encodeVias(part);
    case 'footprints':
      return writePartFile(part.name, part.kind, { footprints: part.footprints }, []);
    case 'zones':
      return writePartFile(part.name, part.kind, { zones: part.zones }, []);
  }
}

/** The part a file holds; `what` names the file in errors. */
export function decodePart(bytes: Uint8Array, what: string): GeometryPart {
  const file = readPartFile(bytes, what);
  const { part, kind, json } = file.header;
  const body = (json ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'layer':
      return decodeLayer(part, file, body);
    case 'vias':
      return decodeVias(file, body);
    case 'footprints':
      return { kind, name: 'footprints', footprints: body.footprints as FootprintsPart['footprints'] };
    case 'zones':
      return { kind, name: 'zones', zones: body.zones as ZonesPart['zones'] };
    default:
      throw new PartFileError(`${what}: unknown geometry part kind ${JSON.stringify(kind)}`);
  }
}

/** Net names as positions in a list of the names used (-1 for no net). */
class NetCodes {
  readonly names: string[] = [];
  private readonly codes = new Map<string, number>();

  code(net: string | null): number {
    if (net === null) return -1;
    let code = this.codes.get(net);
    if (code === undefined) {
      code = this.names.length;
      this.names.push(net);
      this.codes.set(net, code);
    }
    return code;
  }
}

const netOf = (names: string[], code: number): string | null => (code < 0 ? null : names[code]!);

function encodeLayer(part: LayerPart): Uint8Array {
  const nets = new NetCodes();
  const segPoints = new Float64Array(part.segments.length * 4);
  part.segments.forEach((s, i) => segPoints.set([s.start[0], s.start[1], s.end[0], s.end[1]], i * 4));
  const arcPoints = new Float64Array(part.arcs.length * 6);
  part.arcs.forEach((a, i) =>
    arcPoints.set([a.start[0], a.start[1], a.mid[0], a.mid[1], a.end[0], a.end[1]], i * 6),
  );
  // Zone fills are most of a board: sized first, then copied straight into one array.
  const polygonCounts = part.fills.map((fill) => fill.polygons.length);
  const polygonLengths = part.fills.flatMap((fill) => fill.polygons.map((polygon) => polygon.length));
  const polygonPoints = new Float64Array(polygonLengths.reduce((n, length) => n + length, 0));
  let at = 0;
  for (const fill of part.fills)
    for (const polygon of fill.polygons) {
      polygonPoints.set(polygon, at);
      at += polygon.length;
    }
  const columns: EncodedColumn[] = [
    encodeColumn('segment.order', part.segmentOrder, 1, 1),
    encodeColumn(
      'segment.net',
      part.segments.map((s) => nets.code(s.net)),
      1,
    ),
    encodeColumn('segment.points', segPoints, MM, 2),
    encodeColumn(
      'segment.width',
      part.segments.map((s) => s.width),
      MM,
    ),
    encodeColumn('arc.order', part.arcOrder, 1, 1),
    encodeColumn(
      'arc.net',
      part.arcs.map((a) => nets.code(a.net)),
      1,
    ),
    encodeColumn('arc.points', arcPoints, MM, 2),
    encodeColumn(
      'arc.width',
      part.arcs.map((a) => a.width),
      MM,
    ),
    encodeColumn(
      'fill.zone',
      part.fills.map((f) => f.zone),
      1,
      1,
    ),
    encodeColumn(
      'fill.slot',
      part.fills.map((f) => f.slot),
      1,
    ),
    encodeColumn('fill.polygons', polygonCounts, 1),
    encodeColumn('polygon.length', polygonLengths, 1),
    encodeColumn('polygon.points', polygonPoints, MM, 2),
  ];
  const json = {
    nets: nets.names,
    graphics: part.graphics,
    graphicOrder: part.graphicOrder,
    outline: part.outline,
  };
  return writePartFile(part.name, part.kind, json, columns);
}

function decodeLayer(name: string, file: PartFile, json: Record<string, unknown>): LayerPart {
  const part = emptyLayerPart(name);
  const nets = (json.nets ?? []) as string[];
  part.graphics = (json.graphics ?? []) as LayerPart['graphics'];
  part.graphicOrder = (json.graphicOrder ?? []) as number[];
  part.outline = (json.outline ?? []) as LayerPart['outline'];

  part.segmentOrder = Array.from(file.column('segment.order'));
  const segNet = file.column('segment.net');
  const segPoints = file.column('segment.points');
  const segWidth = file.column('segment.width');
  const segments = new Array<Segment>(segNet.length);
  for (let i = 0, p = 0; i < segments.length; i++, p += 4)
    segments[i] = {
      start: [segPoints[p]!, segPoints[p + 1]!],
      end: [segPoints[p + 2]!, segPoints[p + 3]!],
      width: segWidth[i]!,
      layer: name,
      net: netOf(nets, segNet[i]!),
    };
  part.segments = segments;

  part.arcOrder = Array.from(file.column('arc.order'));
  const arcNet = file.column('arc.net');
  const arcPoints = file.column('arc.points');
  const arcWidth = file.column('arc.width');
  const arcs = new Array<Arc>(arcNet.length);
  for (let i = 0, p = 0; i < arcs.length; i++, p += 6)
    arcs[i] = {
      start: [arcPoints[p]!, arcPoints[p + 1]!],
      mid: [arcPoints[p + 2]!, arcPoints[p + 3]!],
      end: [arcPoints[p + 4]!, arcPoints[p + 5]!],
      width: arcWidth[i]!,
      layer: name,
      net: netOf(nets, arcNet[i]!),
    };
  part.arcs = arcs;

  const zone = file.column('fill.zone');
  const slot = file.column('fill.slot');
  const counts = file.column('fill.polygons');
  const lengths = file.column('polygon.length');
  const points = file.column('polygon.points');
  const fills = new Array<ZoneFillSlot>(zone.length);
  let polygon = 0;
  let at = 0;
  for (let i = 0; i < fills.length; i++) {
    const polygons = new Array<number[]>(counts[i]!);
    for (let k = 0; k < polygons.length; k++, polygon++) {
      const length = lengths[polygon]!;
      const flat = new Array<number>(length);
      for (let j = 0; j < length; j++) flat[j] = points[at + j]!;
      at += length;
      polygons[k] = flat;
    }
    fills[i] = { zone: zone[i]!, slot: slot[i]!, layer: name, polygons };
  }
  part.fills = fills;
  return part;
}

function encodeVias(part: ViasPart): Uint8Array {
  const nets = new NetCodes();
  const names = new NetCodes(); // layer names and via types
  const at: number[] = [];
  for (const v of part.vias) at.push(v.at[0], v.at[1]);
  const columns: EncodedColumn[] = [
    encodeColumn('via.at', at, MM, 2),
    encodeColumn(
      'via.diameter',
      part.vias.map((v) => v.diameter),
      MM,
    ),
    encodeColumn(
      'via.drill',
      part.vias.map((v) => v.drill),
      MM,
    ),
    encodeColumn(
      'via.from',
      part.vias.map((v) => names.code(v.layers[0])),
      1,
    ),
    encodeColumn(
      'via.to',
      part.vias.map((v) => names.code(v.layers[1])),
      1,
    ),
    encodeColumn(
      'via.type',
      part.vias.map((v) => names.code(v.type)),
      1,
    ),
    encodeColumn(
      'via.net',
      part.vias.map((v) => nets.code(v.net)),
      1,
    ),
  ];
  return writePartFile(part.name, part.kind, { nets: nets.names, names: names.names }, columns);
}

function decodeVias(file: PartFile, json: Record<string, unknown>): ViasPart {
  const nets = (json.nets ?? []) as string[];
  const names = (json.names ?? []) as string[];
  const at = file.column('via.at');
  const diameter = file.column('via.diameter');
  const drill = file.column('via.drill');
  const from = file.column('via.from');
  const to = file.column('via.to');
  const type = file.column('via.type');
  const net = file.column('via.net');
  const vias = new Array<Via>(diameter.length);
  for (let i = 0; i < vias.length; i++)
    vias[i] = {
      at: [at[2 * i]!, at[2 * i + 1]!] as Point,
      diameter: diameter[i]!,
      drill: drill[i]!,
      layers: [names[from[i]!]!, names[to[i]!]!],
      type: names[type[i]!]!,
      net: netOf(nets, net[i]!),
    };
  return { kind: 'vias', name: 'vias', vias };
}
