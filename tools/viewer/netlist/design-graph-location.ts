// SPDX-License-Identifier: AGPL-3.0-or-later
// Where the viewer's design graph is: --graph (or [design] graph), else the netlist-graph.json that
// `rr pnr-sim` writes into the live directory, when it is there (a default that derives from the root).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NETLIST_GRAPH_FILE } from './netlist-graph.js';

/** The design graph file and where its path came from, or undefined when there is none. */
export function designGraphFile(config: {
  graph?: string;
  root: string;
}): { file: string; origin: 'setting' | 'live directory' } | undefined {
  if (config.graph) return { file: config.graph, origin: 'setting' };
  const beside = join(config.root, NETLIST_GRAPH_FILE);
  return existsSync(beside) ? { file: beside, origin: 'live directory' } : undefined;
}
