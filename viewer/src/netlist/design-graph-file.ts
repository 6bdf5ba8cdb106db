// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer's --graph: a pnr-netlist-graph-v1 JSON file, or KiCad's own netlist export (S-expression or
// XML) read as one, so a KiCad project needs no engine. Told apart by the first character.
import { openSync, readSync, closeSync } from 'node:fs';
import { readKicadNetlist } from './kicad-netlist-file.js';
import { NetlistGraphError } from './netlist-graph-error.js';
import { readNetlistGraph } from './netlist-graph-file.js';
import type { NetlistGraph } from './netlist-graph.js';

/** Reads a design graph file of either kind; throws NetlistGraphError naming file and line. */
export function readDesignGraph(file: string): NetlistGraph {
  return firstCharacter(file) === '{' ? readNetlistGraph(file) : readKicadNetlist(file);
}

function firstCharacter(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new NetlistGraphError(
      `${file}: cannot read the netlist graph (${code ?? String(error)}); check the --graph path`,
      file,
      undefined,
    );
  }
  try {
    const buffer = Buffer.alloc(256);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return /\S/.exec(buffer.toString('utf8', 0, n).replace(/^\uFEFF/, ''))?.[0] ?? '';
  } finally {
    closeSync(fd);
  }
}
