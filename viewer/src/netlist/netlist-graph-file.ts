// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads a pnr-netlist-graph-v1 file: JSON, checked by the bundled JSON Schema (Ajv) and for consistency;
// every problem names the file, the line and the place in the graph (e.g. `nets[3].pins[0].pad`).
import {
  checkedJsonProblems,
  parseCheckedJson,
  readCheckedJsonFile,
  type CheckedFileKind,
} from './checked-json-file.js';
import { graphProblems } from './netlist-graph-consistency.js';
import type { NetlistGraph } from './netlist-graph.js';

const GRAPH_FILE: CheckedFileKind<NetlistGraph> = {
  schema: 'pnr-netlist-graph-v1.schema.json',
  id: 'pnr-netlist-graph-v1',
  what: 'netlist graph',
  flag: '--graph',
  whatToDo:
    'write it again with `rr pnr-sim`, give the viewer the KiCad netlist export instead, or correct it by hand (docs/viewer-netlist.md)',
  consistency: graphProblems,
};

/** Reads and checks a netlist graph file; throws NetlistGraphError naming file, line and place. */
export function readNetlistGraph(file: string): NetlistGraph {
  return readCheckedJsonFile(file, GRAPH_FILE);
}

/** Parses and checks the text of a netlist graph file named `file` (for messages). */
export function parseNetlistGraph(text: string, file: string): NetlistGraph {
  return parseCheckedJson(text, file, GRAPH_FILE);
}

/** Problems of an in-memory graph (schema, then consistency); empty when it is valid. Writers check with it. */
export function netlistGraphProblems(value: unknown): string[] {
  return checkedJsonProblems(value, GRAPH_FILE);
}
