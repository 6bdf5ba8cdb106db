// SPDX-License-Identifier: AGPL-3.0-or-later
// The layered geometry format: a board's geometry cut into parts, each encoded to its file and decoded
// again, assembles into exactly the rr-board-geometry-v1 JSON the viewer served before, on KiCad's demo
// boards (every one but the 70 MB vme-wren, which the benchmark reads) and on hand-made edge cases.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GEOMETRY_SCHEMA, type BoardGeometry } from '../../src/geometry/board-geometry.js';
import { assembleGeometry } from '../../src/geometry/geometry-assembly.js';
import { decodePart, encodePart } from '../../src/geometry/geometry-part-codec.js';
import { PartFileError } from '../../src/geometry/geometry-part-file.js';
import type { GeometryPart } from '../../src/geometry/geometry-parts.js';
import { geometryIndex, splitGeometry } from '../../src/geometry/geometry-split.js';
import { readKicadBoard } from '../../src/geometry/kicad-board-reader.js';
import { available } from '../../../test/requirements.js';
import { BIG_BOARD, demoBoards, needsKicadDemos } from './kicad-demos.js';

/** The geometry as the old route's JSON carried it. */
const asServed = (g: BoardGeometry): BoardGeometry => JSON.parse(JSON.stringify(g)) as BoardGeometry;

/** Cuts, encodes, decodes and assembles a geometry; also returns the decoded parts. */
function roundTrip(geometry: BoardGeometry): { back: BoardGeometry; parts: GeometryPart[]; bytes: number } {
  const split = splitGeometry(geometry);
  const files = split.parts.map((p) => encodePart(p));
  const parts = files.map((f, i) => decodePart(f, `part ${i}`));
  const index = geometryIndex(geometry, split.counts, []);
  // Parts arrive in any order; assembly puts every item back in its place.
  const back = assembleGeometry(index, [...parts].reverse());
  return { back, parts, bytes: files.reduce((n, f) => n + f.length, 0) };
}

const boards = demoBoards().filter((b) => b !== BIG_BOARD);

describe('layered geometry round trip', () => {
  it.runIf(available(needsKicadDemos())).each(boards.map((b) => [basename(b), b]))(
    'assembles %s back into exactly the JSON the whole-board route served',
    async (_name, board) => {
      const geometry = await readKicadBoard(board);
      const { back, parts } = roundTrip(geometry);
      expect(back).toEqual(asServed(geometry));
      expect(JSON.stringify(back).length).toBe(JSON.stringify(geometry).length);
      // Every layer part holds only its own layer's items.
      for (const part of parts)
        if (part.kind === 'layer')
          for (const item of [...part.segments, ...part.arcs, ...part.graphics, ...part.fills])
            expect(item.layer).toBe(part.name);
    },
  );

  it('keeps values that are not whole nanometres, nets missing from the net list and custom layer names', () => {
    const geometry: BoardGeometry = {
      schema: GEOMETRY_SCHEMA,
      extractor: 'pcbnew',
      formatVersion: null,
      layers: [
        { name: 'F.Cu', type: 'signal', userName: 'Top' },
        { name: 'B.Cu', type: 'signal' },
        { name: 'Edge.Cuts', type: 'user' },
      ],
      nets: ['GND'],
      footprints: [],
      segments: [
        { start: [0.1234567891, -2], end: [1e-7, 3.5], width: 0.25, layer: 'B.Cu', net: 'GND' },
        { start: [5000, 5000], end: [-5000, 0], width: 1 / 3, layer: 'F.Cu', net: 'not listed' },
        { start: [1, 1], end: [2, 2], width: 0.2, layer: 'B.Cu', net: null },
      ],
      arcs: [{ start: [0, 0], mid: [1, 1], end: [2, 0], width: 0.2, layer: 'In7.Cu', net: null }],
      vias: [
        { at: [Math.PI, 1], diameter: 0.6, drill: 0.3, layers: ['F.Cu', 'B.Cu'], type: 'micro', net: null },
      ],
      zones: [
        {
          net: 'GND',
          name: 'pour',
          layers: ['F.Cu', 'B.Cu'],
          ruleArea: false,
          outline: [0, 0, 10, 0, 10, 10],
          fills: [
            {
              layer: 'B.Cu',
              polygons: [
                [0, 0, 10, 0, 10, 10],
                [1, 1, 2, 1, 2, 2],
              ],
            },
            { layer: 'F.Cu', polygons: [] },
          ],
        },
        {
          net: null,
          name: 'keep-out',
          layers: ['F.Cu'],
          ruleArea: true,
          outline: [0, 0, 1, 0, 1, 1],
          fills: [],
        },
      ],
      graphics: [
        {
          layer: 'F.Cu',
          net: 'GND',
          shape: { kind: 'circle', center: [1, 1], radius: 0.5, width: 0, filled: true },
        },
      ],
      outline: [{ kind: 'rect', start: [0, 0], end: [10, 10], width: 0.1, filled: false }],
      boundingBox: { minX: 0, minY: 0, maxX: 10, maxY: 10 },
    };
    const { back } = roundTrip(geometry);
    expect(back).toEqual(geometry);
    expect(back.segments[0]!.start[0]).toBe(0.1234567891);
    expect(back.segments[1]!.width).toBe(1 / 3);
  });

  it('orders the parts so the outline, the footprints and the front copper come first', async () => {
    const board = boards.find((b) => b.endsWith('pic_programmer.kicad_pcb'));
    if (!board) return;
    const names = splitGeometry(await readKicadBoard(board)).parts.map((p) => p.name);
    expect(names.slice(0, 4)).toEqual(['Edge.Cuts', 'footprints', 'F.Cu', 'vias']);
    expect(names.at(-1)).toBe('zones');
  });

  it('refuses a file that is not a part, or is truncated, naming it', () => {
    const file = encodePart({
      kind: 'vias',
      name: 'vias',
      vias: [{ at: [1, 2], diameter: 1, drill: 0.5, layers: ['F.Cu', 'B.Cu'], type: 'through', net: null }],
    });
    expect(() => decodePart(new TextEncoder().encode('{"schema":1}'), 'x.bin')).toThrow(
      new PartFileError('x.bin: not a geometry part file: it does not start with "RRGP"'),
    );
    const header = new TextEncoder().encode('{"part":"x","kind":"layer"}');
    const foreign = new Uint8Array(16 + header.length);
    foreign.set([0x52, 0x52, 0x47, 0x50, 1, 0, 0, 0, header.length, 0, 0, 0]);
    foreign.set(header, 12);
    expect(() => decodePart(foreign, 'x.bin')).toThrow(
      new PartFileError('x.bin: not a geometry part file: its header lists no columns'),
    );
    expect(() => decodePart(file.subarray(0, file.length - 8), 'vias.bin')).toThrow(
      /^vias\.bin: .*runs past the end/,
    );
    expect(() => decodePart(file.subarray(0, file.length - 4), 'vias.bin')).toThrow(
      /^vias\.bin: .*bytes long/,
    );
  });
});
