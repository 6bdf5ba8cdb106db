// SPDX-License-Identifier: AGPL-3.0-or-later
import { describe, expect, it } from 'vitest';
import type { BoardGeometry, Footprint } from '../../src/geometry/board-geometry.js';
import { arcThrough, boardPaths, placeFootprints, rotate } from '../../ui/src/board-paths.js';

const footprint: Footprint = {
  reference: 'R1',
  value: '10k',
  libId: 'R',
  at: [10, 10],
  angle: 0,
  layer: 'F.Cu',
  pads: [
    {
      number: '1',
      type: 'smd',
      shape: 'rect',
      at: [9, 10],
      angle: 0,
      size: [1, 1],
      layers: ['F.Cu'],
      net: 'A',
    },
    {
      number: '2',
      type: 'smd',
      shape: 'rect',
      at: [11, 10],
      angle: 0,
      size: [1, 1],
      layers: ['F.Cu'],
      net: 'B',
    },
  ],
};

const geometry: BoardGeometry = {
  schema: 'rr-board-geometry-v1',
  extractor: 'native',
  formatVersion: 20241229,
  layers: [
    { name: 'F.Cu', type: 'signal' },
    { name: 'B.Cu', type: 'signal' },
    { name: 'Edge.Cuts', type: 'user' },
  ],
  nets: ['A', 'B'],
  footprints: [footprint],
  segments: [{ start: [0, 0], end: [5, 0], width: 0.25, layer: 'B.Cu', net: 'A' }],
  arcs: [],
  vias: [{ at: [5, 0], diameter: 0.6, drill: 0.3, layers: ['F.Cu', 'B.Cu'], type: 'through', net: 'A' }],
  zones: [],
  graphics: [],
  outline: [{ kind: 'rect', start: [0, 0], end: [20, 20], width: 0.1, filled: false }],
  boundingBox: { minX: 0, minY: 0, maxX: 20, maxY: 20 },
};

describe('board paths', () => {
  it('turns counter-clockwise on screen, as KiCad does (+x becomes -y at 90°)', () => {
    const [x, y] = rotate([1, 0], 90);
    expect(x).toBeCloseTo(0);
    expect(y).toBeCloseTo(-1);
  });

  it('moves and turns pads with their footprint', () => {
    const [moved] = placeFootprints([footprint], [{ ref: 'R1', x: 20, y: 5, rotation: 90 }]);
    expect(moved!.at).toEqual([20, 5]);
    expect(moved!.pads[0]!.at[0]).toBeCloseTo(20);
    expect(moved!.pads[0]!.at[1]).toBeCloseTo(6);
    expect(moved!.pads[0]!.angle).toBe(90);
    expect(placeFootprints([footprint], [])[0]).toBe(footprint);
  });

  it('draws pads on their layers, tracks by layer and width, vias and the outline', () => {
    const p = boardPaths(geometry);
    expect(p.copper.map((l) => l.layer)).toEqual(['F.Cu', 'B.Cu']);
    expect(p.copper[0]!.fill).toMatch(/^M/);
    expect(p.copper[1]!.fill).toBe('');
    expect(p.copper[1]!.strokes).toEqual([{ width: 0.25, d: 'M0 0L5 0' }]);
    expect(p.vias).not.toBe('');
    expect(p.outline).toHaveLength(1);
    expect(p.parts[0]).toMatchObject({ ref: 'R1', box: { minX: 8.5, maxX: 11.5 } });
  });

  it('draws an arc through its middle point', () => {
    // From left to right through the point below the chord: counter-clockwise on a y-down screen.
    expect(arcThrough([0, 0], [1, 1], [2, 0])).toBe('M0 0A1 1 0 0 0 2 0');
    expect(arcThrough([0, 0], [1, -1], [2, 0])).toBe('M0 0A1 1 0 0 1 2 0');
    expect(arcThrough([0, 0], [1, 0], [2, 0])).toBe('M0 0L2 0');
  });
});
