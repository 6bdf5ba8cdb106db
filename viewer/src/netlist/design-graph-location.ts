// SPDX-License-Identifier: AGPL-3.0-or-later
// Where the viewer's design graph is: --graph (or [design] graph), else the netlist-graph.json that
// `rr pnr-sim` writes into the live directory (a default that derives from the root). The schematic view,
// the source browser and the note-target check all take it from here, so they read the same graph.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NETLIST_GRAPH_FILE } from './netlist-graph.js';

/** A design graph's path and where it came from. */
export interface DesignGraphLocation {
  file: string;
  origin: 'setting' | 'live directory';
}

/** Where the design graph is or will be: the setting, else the live directory's (perhaps not written yet). */
export function designGraphPath(config: { graph?: string; root: string }): DesignGraphLocation {
  if (config.graph) return { file: config.graph, origin: 'setting' };
  return { file: join(config.root, NETLIST_GRAPH_FILE), origin: 'live directory' };
}

/** The design graph file and where its path came from, or undefined when there is none. */
export function designGraphFile(config: { graph?: string; root: string }): DesignGraphLocation | undefined {
  const located = designGraphPath(config);
  return located.origin === 'setting' || existsSync(located.file) ? located : undefined;
}
