// SPDX-License-Identifier: AGPL-3.0-or-later
// One native extraction in a fresh process, so its peak memory is its own: prints
// {"ms", "peakMiB", counts} as JSON. Run by extractors.ts; usage: node native-once.js BOARD.
import { readKicadBoard } from '../../src/geometry/kicad-board-reader.js';

const board = process.argv[2];
if (board === undefined) {
  console.error('usage: native-once.js BOARD.kicad_pcb');
  process.exit(2);
}
const started = performance.now();
const geometry = await readKicadBoard(board);
const ms = performance.now() - started;
// maxRSS is the process's peak resident set (VmHWM), in KiB.
const peakMiB = process.resourceUsage().maxRSS / 1024;
console.log(
  JSON.stringify({
    ms,
    peakMiB,
    footprints: geometry.footprints.length,
    pads: geometry.footprints.reduce((n, f) => n + f.pads.length, 0),
    segments: geometry.segments.length,
    arcs: geometry.arcs.length,
    vias: geometry.vias.length,
    zones: geometry.zones.length,
  }),
);
