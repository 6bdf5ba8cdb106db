// SPDX-License-Identifier: AGPL-3.0-or-later
// Both extractors must draw the same board: on every demo board KiCad 9 ships, the native reader
// and KiCad's own pcbnew agree on counts, nets, layers, positions and angles. Needs KiCad
// (test/requirements.ts): skipped, saying why, on a machine without it; under CI a missing KiCad fails
// instead, so the check cannot silently stop running.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKicadBoard } from '../../src/geometry/kicad-board-reader.js';
import { extractWithPcbnew } from '../../src/geometry/pcbnew-extractor.js';
import { geometryCounts, geometryDisagreements } from './geometry-agreement.js';
import { available } from '../../../test/requirements.js';
import { demoBoards, KICAD_PYTHON, needsKicad } from './kicad-demos.js';

describe.runIf(available(...needsKicad()))(
  'native reader and KiCad pcbnew agree on the KiCad demo boards',
  () => {
    const boards = demoBoards();

    it('finds all 20 demo boards', () => {
      expect(boards.length).toBeGreaterThanOrEqual(20);
    });

    it.each(boards.map((board) => [basename(board), board]))(
      '%s',
      async (_name, board) => {
        const native = await readKicadBoard(board);
        const pcbnew = await extractWithPcbnew(board, { python: KICAD_PYTHON });
        expect(geometryDisagreements(native, pcbnew)).toEqual([]);
        // A board with nothing in it would agree trivially.
        const counts = geometryCounts(native);
        expect((counts.footprints ?? 0) + (counts.segments ?? 0)).toBeGreaterThan(0);
        expect(native.boundingBox).not.toBeNull();
      },
      300_000,
    );
  },
);
