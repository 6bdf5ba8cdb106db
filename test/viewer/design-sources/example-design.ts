// The example design project (examples/design-sensor-node) and a netlist graph of rr pnr-sim's example
// board, made from the board file itself: its footprints, pads, nets and `atopile_address` properties.
import { join } from 'node:path';
import { exampleBoardText, EXAMPLE_ADDRESSES } from '../../../tools/viewer/pnr-sim/example-board.js';
import { readSimBoard } from '../../../tools/viewer/pnr-sim/sim-board-reader.js';
import { NETLIST_GRAPH_SCHEMA, type NetlistGraph } from '../../../tools/viewer/netlist/netlist-graph.js';
import { repoRoot } from '../../cli/run-cli.js';

/** The example design project's folder (the one holding ato.yaml). */
export const EXAMPLE_DESIGN = join(repoRoot, 'examples', 'design-sensor-node');

/** The netlist graph of pnr-sim's example board. */
export function exampleBoardGraph(): NetlistGraph {
  const { board } = readSimBoard(exampleBoardText(), 'example.kicad_pcb');
  const nets = new Map<string, { ref: string; pad: string }[]>();
  for (const f of board.footprints)
    for (const p of f.pads)
      if (p.net) nets.set(p.net, [...(nets.get(p.net) ?? []), { ref: f.ref, pad: p.number }]);
  return {
    schema: NETLIST_GRAPH_SCHEMA,
    components: board.footprints.map((f) => ({
      ref: f.ref,
      address: EXAMPLE_ADDRESSES[f.ref]!,
      value: '',
      footprint: '',
      pins: f.pads.map((p) => ({ pad: p.number })),
    })),
    nets: [...nets].map(([name, pins]) => ({ name, pins })),
  };
}
