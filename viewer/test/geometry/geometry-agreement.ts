// SPDX-License-Identifier: AGPL-3.0-or-later
// Compares the geometry of one board from the two extractors and lists every disagreement a
// viewer user would notice: different counts, nets, layers, or items in different places.
import type { BoardGeometry, Point } from '../../src/geometry/board-geometry.js';

const MM = 1e-4; // positions agree to a tenth of a micrometre
const DEG = 1e-3;

function near(a: number, b: number, tolerance = MM): boolean {
  return Math.abs(a - b) <= tolerance;
}

function nearPoint(a: Point, b: Point): boolean {
  return near(a[0], b[0]) && near(a[1], b[1]);
}

function nearAngle(a: number, b: number): boolean {
  const d = Math.abs(((((a - b) % 360) + 540) % 360) - 180);
  return d <= DEG;
}

function sameSet(a: string[], b: string[]): boolean {
  const sa = [...new Set(a)].sort();
  const sb = [...new Set(b)].sort();
  return sa.length === sb.length && sa.every((x, i) => x === sb[i]);
}

/** Item counts a viewer draws. */
export function geometryCounts(g: BoardGeometry): Record<string, number> {
  return {
    footprints: g.footprints.length,
    pads: g.footprints.reduce((n, f) => n + f.pads.length, 0),
    segments: g.segments.length,
    arcs: g.arcs.length,
    vias: g.vias.length,
    zones: g.zones.length,
    filledPolygons: g.zones.reduce((n, z) => n + z.fills.reduce((m, f) => m + f.polygons.length, 0), 0),
    outline: g.outline.length,
    copperGraphics: g.graphics.length,
    nets: g.nets.length,
  };
}

/** The disagreements between two geometries of one board (at most `limit` of them). */
export function geometryDisagreements(native: BoardGeometry, pcbnew: BoardGeometry, limit = 20): string[] {
  const out: string[] = [];
  const say = (message: string) => {
    if (out.length < limit) out.push(message);
  };
  const a = geometryCounts(native);
  const b = geometryCounts(pcbnew);
  for (const key of Object.keys(a)) if (a[key] !== b[key]) say(`${key}: native ${a[key]}, pcbnew ${b[key]}`);
  if (!sameSet(native.nets, pcbnew.nets)) say('net names differ');
  if (
    !sameSet(
      native.layers.map((l) => l.name),
      pcbnew.layers.map((l) => l.name),
    )
  ) {
    say(
      `layers differ: ${native.layers.map((l) => l.name).join(',')} / ${pcbnew.layers.map((l) => l.name).join(',')}`,
    );
  }

  native.footprints.forEach((f, i) => {
    const g = pcbnew.footprints[i];
    if (g === undefined) return;
    const where = `footprint ${i} ${f.reference}`;
    if (f.reference !== g.reference) say(`${where}: reference ${f.reference} / ${g.reference}`);
    if (f.libId !== g.libId) say(`${where}: libId ${f.libId} / ${g.libId}`);
    if (f.layer !== g.layer) say(`${where}: layer ${f.layer} / ${g.layer}`);
    if (!nearPoint(f.at, g.at)) say(`${where}: at ${f.at} / ${g.at}`);
    if (!nearAngle(f.angle, g.angle)) say(`${where}: angle ${f.angle} / ${g.angle}`);
    f.pads.forEach((p, j) => {
      const q = g.pads[j];
      if (q === undefined) return;
      const pad = `${where} pad ${p.number}`;
      if (p.number !== q.number) say(`${pad}: number / ${q.number}`);
      if (!nearPoint(p.at, q.at)) say(`${pad}: at ${p.at} / ${q.at}`);
      if (!nearAngle(p.angle, q.angle)) say(`${pad}: angle ${p.angle} / ${q.angle}`);
      if (!near(p.size[0], q.size[0]) || !near(p.size[1], q.size[1]))
        say(`${pad}: size ${p.size} / ${q.size}`);
      if (p.shape !== q.shape) say(`${pad}: shape ${p.shape} / ${q.shape}`);
      if (p.type !== q.type) say(`${pad}: type ${p.type} / ${q.type}`);
      if (p.net !== q.net) say(`${pad}: net ${p.net} / ${q.net}`);
      if (!sameSet(p.layers, q.layers)) say(`${pad}: layers ${p.layers} / ${q.layers}`);
      if ((p.drill === undefined) !== (q.drill === undefined))
        say(`${pad}: drill ${JSON.stringify(p.drill)} / ${JSON.stringify(q.drill)}`);
    });
  });

  native.segments.forEach((s, i) => {
    const t = pcbnew.segments[i];
    if (t === undefined) return;
    if (!nearPoint(s.start, t.start) || !nearPoint(s.end, t.end))
      say(`segment ${i}: ${s.start}-${s.end} / ${t.start}-${t.end}`);
    if (s.layer !== t.layer || s.net !== t.net || !near(s.width, t.width)) {
      say(`segment ${i}: ${s.layer} ${s.net} ${s.width} / ${t.layer} ${t.net} ${t.width}`);
    }
  });
  native.arcs.forEach((s, i) => {
    const t = pcbnew.arcs[i];
    if (t === undefined) return;
    if (!nearPoint(s.start, t.start) || !nearPoint(s.end, t.end)) say(`arc ${i}: ends differ`);
    if (!(near(s.mid[0], t.mid[0], 2e-3) && near(s.mid[1], t.mid[1], 2e-3)))
      say(`arc ${i}: mid ${s.mid} / ${t.mid}`);
    if (s.layer !== t.layer || s.net !== t.net) say(`arc ${i}: ${s.layer} ${s.net} / ${t.layer} ${t.net}`);
  });
  native.vias.forEach((v, i) => {
    const w = pcbnew.vias[i];
    if (w === undefined) return;
    if (!nearPoint(v.at, w.at) || !near(v.diameter, w.diameter) || !near(v.drill, w.drill)) {
      say(`via ${i}: ${v.at} ${v.diameter}/${v.drill} / ${w.at} ${w.diameter}/${w.drill}`);
    }
    if (v.net !== w.net || v.type !== w.type || v.layers.join() !== w.layers.join()) {
      say(`via ${i}: ${v.net} ${v.type} ${v.layers} / ${w.net} ${w.type} ${w.layers}`);
    }
  });
  native.zones.forEach((z, i) => {
    const y = pcbnew.zones[i];
    if (y === undefined) return;
    if (z.net !== y.net) say(`zone ${i}: net ${z.net} / ${y.net}`);
    if (z.ruleArea !== y.ruleArea) say(`zone ${i}: rule area ${z.ruleArea} / ${y.ruleArea}`);
    if (!sameSet(z.layers, y.layers)) say(`zone ${i}: layers ${z.layers} / ${y.layers}`);
    const fills = (zone: typeof z) =>
      zone.fills.map((f) => `${f.layer}:${f.polygons.map((p) => p.length).join('+')}`).join(' ');
    if (fills(z) !== fills(y)) say(`zone ${i}: fills ${fills(z).slice(0, 200)} / ${fills(y).slice(0, 200)}`);
  });
  native.graphics.forEach((c, i) => {
    const d = pcbnew.graphics[i];
    if (d === undefined) return;
    if (c.layer !== d.layer || c.net !== d.net || c.shape.kind !== d.shape.kind) {
      say(`copper graphic ${i}: ${c.layer} ${c.net} ${c.shape.kind} / ${d.layer} ${d.net} ${d.shape.kind}`);
    }
  });
  const box = (g: BoardGeometry) => g.boundingBox;
  const nb = box(native);
  const pb = box(pcbnew);
  if (nb === null || pb === null) {
    if (nb !== pb) say(`bounding box ${JSON.stringify(nb)} / ${JSON.stringify(pb)}`);
  } else if (
    ![nb.minX - pb.minX, nb.minY - pb.minY, nb.maxX - pb.maxX, nb.maxY - pb.maxY].every(
      (d) => Math.abs(d) <= 1e-3,
    )
  ) {
    say(`bounding box ${JSON.stringify(nb)} / ${JSON.stringify(pb)}`);
  }
  return out;
}
