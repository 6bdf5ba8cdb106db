// SPDX-License-Identifier: AGPL-3.0-or-later
// `rr pnr-sim` writes the netlist graph of its board beside the events: a valid pnr-netlist-graph-v1
// file with every footprint, pad and net of the board.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNetlistGraph } from '../../src/netlist/netlist-graph-file.js';
import { NETLIST_GRAPH_FILE } from '../../src/netlist/netlist-graph.js';
import { EXAMPLE_ADDRESSES, exampleBoardText } from '../../src/pnr-sim/example-board.js';
import { readSimBoard } from '../../src/pnr-sim/sim-board-reader.js';
import { shortRun } from '../pnr-sim/sim-run.js';
import { tempDir } from '../temp-dir.js';

describe('the netlist graph rr pnr-sim writes', () => {
  it('is a valid graph with every footprint, pad and net of the board', async () => {
    const live = tempDir();
    await shortRun(live, { steps: 50, candidates: 1, trials: 1, rounds: 1 });
    const file = join(live, NETLIST_GRAPH_FILE);
    expect(existsSync(file)).toBe(true);
    const graph = readNetlistGraph(file);
    const board = readSimBoard(exampleBoardText(), 'example.kicad_pcb').board;
    expect(graph.design).toMatchObject({ name: 'example' });
    expect(graph.components.map((c) => c.ref)).toEqual(board.footprints.map((f) => f.ref));
    for (const [i, footprint] of board.footprints.entries())
      expect(graph.components[i]!.pins.map((p) => p.pad)).toEqual([
        ...new Set(footprint.pads.map((p) => p.number)),
      ]);
    const boardNets = new Map<string, string[]>();
    for (const f of board.footprints)
      for (const pad of f.pads)
        if (pad.net) boardNets.set(pad.net, [...(boardNets.get(pad.net) ?? []), `${f.ref}:${pad.number}`]);
    expect(new Map(graph.nets.map((n) => [n.name, n.pins.map((p) => `${p.ref}:${p.pad}`)]))).toEqual(
      boardNets,
    );
    // Values and footprints come from the board, so the schematic can label its symbols.
    expect(graph.components.every((c) => c.footprint !== '')).toBe(true);
    expect(graph.components.some((c) => c.value !== '')).toBe(true);
  });

  it('places each component at the address the board carries from the design (atopile_address)', async () => {
    const live = tempDir();
    await shortRun(live, { steps: 20, candidates: 1, trials: 1, rounds: 1 });
    const graph = readNetlistGraph(join(live, NETLIST_GRAPH_FILE));
    expect(Object.fromEntries(graph.components.map((c) => [c.ref, c.address]))).toEqual(EXAMPLE_ADDRESSES);
    expect(graph.hierarchy!.map((b) => b.address).sort()).toEqual(['leds', 'mcu', 'port', 'supply']);
  });
});
