// SPDX-License-Identifier: AGPL-3.0-or-later
// The example design project (examples/design-sensor-node) and the netlist graph rr pnr-sim writes for
// its example board (made from the board file: footprints, pads, nets and `atopile_address` properties).
import { viewerRoot } from '../viewer-root.js';
import { join } from 'node:path';
import { graphFromBoardTree } from '../../src/netlist/board-netlist-graph.js';
import type { NetlistGraph } from '../../src/netlist/netlist-graph.js';
import { exampleBoardText } from '../../src/pnr-sim/example-board.js';
import { readSimBoard } from '../../src/pnr-sim/sim-board-reader.js';

/** The example design project's folder (the one holding ato.yaml). */
export const EXAMPLE_DESIGN = join(viewerRoot, 'examples', 'design-sensor-node');

/** The netlist graph of pnr-sim's example board, as rr pnr-sim writes it. */
export function exampleBoardGraph(): NetlistGraph {
  const { tree } = readSimBoard(exampleBoardText(), 'example.kicad_pcb');
  return graphFromBoardTree(tree, { file: 'example.kicad_pcb', tool: 'rr pnr-sim' });
}
