// SPDX-License-Identifier: AGPL-3.0-or-later
// The page draws a board part by part: after every part that arrives it shows the layers that are
// complete, and with all parts (decoded from their files, in any order) exactly the drawing of the whole
// geometry; a layer that did not change keeps its very path strings, and a new placement moves the pads.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BoardGeometry } from '../../src/geometry/board-geometry.js';
import { decodePart, encodePart } from '../../src/geometry/geometry-part-codec.js';
import { geometryIndex, splitGeometry } from '../../src/geometry/geometry-split.js';
import { readKicadBoard } from '../../src/geometry/kicad-board-reader.js';
import { BoardDrawing } from '../../ui/src/board-drawing.js';
import { boardPaths } from '../../ui/src/board-paths.js';
import { LoadedBoard, firstViewParts } from '../../ui/src/loaded-board.js';
import { available } from '../../../test/requirements.js';
import { BIG_BOARD, demoBoards, needsKicadDemos } from '../geometry/kicad-demos.js';

/** The board's index and its parts as the page gets them (through their files). */
function served(geometry: BoardGeometry) {
  const split = splitGeometry(geometry);
  const parts = split.parts.map((p) => decodePart(encodePart(p), p.name));
  const index = geometryIndex(
    geometry,
    split.counts,
    split.parts.map((p) => ({ name: p.name, kind: p.kind, hash: p.name, bytes: 0, items: 0 })),
  );
  return { index, parts };
}

const boards = demoBoards()
  .filter((b) => b !== BIG_BOARD)
  .filter((b) => /pic_programmer|custom_pads_test|microwave|video|RoyalBlue54L-Feather/.test(b));

describe('drawing a board as its parts arrive', () => {
  it.runIf(available(needsKicadDemos())).each(boards.map((b) => [basename(b), b]))(
    'draws %s layer by layer, ending in exactly the whole drawing',
    async (_name, file) => {
      const geometry = await readKicadBoard(file);
      const { index, parts } = served(geometry);
      const whole = boardPaths(geometry);
      const drawing = new BoardDrawing();
      let board = new LoadedBoard('sha', index, new Map());
      const first = firstViewParts(index);
      const seen = new Map<string, unknown>();
      for (const [i, part] of parts.entries()) {
        board = board.with([part]);
        const paths = drawing.paths(board);
        const drawn = paths.copper.map((l) => l.layer);
        // The first view (what the page waits for before it switches boards) has the front copper.
        if (i + 1 === first) expect(drawn).toContain('F.Cu');
        // A copper layer appears once its part (if it has one) and the footprints are there, never before.
        for (const layer of drawn) {
          const own = index.parts.some((p) => p.name === layer);
          if (own) expect(board.parts.has(layer)).toBe(true);
          expect(board.parts.has('footprints')).toBe(true);
        }
        expect(paths.vias === null).toBe(!board.parts.has('vias'));
        for (const layer of paths.copper) {
          if (seen.has(layer.layer)) expect(layer).toBe(seen.get(layer.layer));
          seen.set(layer.layer, layer);
        }
      }
      expect(board.complete).toBe(true);
      expect(drawing.paths(board)).toEqual(whole);
      expect(JSON.parse(JSON.stringify(board.geometry))).toEqual(JSON.parse(JSON.stringify(geometry)));

      // Parts in the opposite order make the same drawing; a placement moves the pads as before.
      const reversed = new LoadedBoard('sha', index, new Map()).with([...parts].reverse());
      const fp = geometry.footprints[0]!;
      const placement = [
        { ref: fp.reference, x: fp.at[0] + 1, y: fp.at[1], rotation: (fp.angle + 90) % 360 },
      ];
      const again = new BoardDrawing();
      expect(again.paths(reversed)).toEqual(whole);
      expect(again.paths(reversed, placement)).toEqual(boardPaths(geometry, placement));
    },
  );
});
