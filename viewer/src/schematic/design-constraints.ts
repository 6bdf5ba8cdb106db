// SPDX-License-Identifier: AGPL-3.0-or-later
// The constraints file (`--constraints`, schemas/pnr-constraints-v1.schema.json): net classes, class
// clearances, keep-outs and differential pairs. Read and checked here; what it means for a netlist (which
// nets each rule constrains) is in constrained-nets.ts.
import { readCheckedJsonFile, type CheckedFileKind, type JsonProblem } from '../netlist/checked-json-file.js';

export interface ConstraintNetClass {
  name: string;
  description?: string;
  nets?: string[];
  /** A JavaScript regular expression over net names. */
  match?: string;
  clearance?: number;
  track_width?: number;
  via_diameter?: number;
  via_drill?: number;
}

export interface ClassClearance {
  between: [string, string];
  min: number;
}

export type KeepoutRule = 'tracks' | 'vias' | 'pads' | 'footprints' | 'copper_pour';

export interface Keepout {
  name: string;
  layers?: string[];
  polygon: [number, number][];
  forbid?: KeepoutRule[];
}

export interface DiffPair {
  name: string;
  positive: string;
  negative: string;
  width?: number;
  gap?: number;
  max_skew?: number;
}

/** A whole pnr-constraints-v1 file. */
export interface DesignConstraints {
  schema: 'pnr-constraints-v1';
  net_classes?: ConstraintNetClass[];
  clearances?: ClassClearance[];
  keepouts?: Keepout[];
  diff_pairs?: DiffPair[];
}

function consistency(c: DesignConstraints): JsonProblem[] {
  const problems: JsonProblem[] = [];
  const classes = new Set<string>();
  (c.net_classes ?? []).forEach((k, i) => {
    if (classes.has(k.name))
      problems.push({ path: ['net_classes', i, 'name'], message: `net class "${k.name}" is defined twice` });
    classes.add(k.name);
    if (k.match !== undefined)
      try {
        new RegExp(k.match);
      } catch (error) {
        problems.push({
          path: ['net_classes', i, 'match'],
          message: `not a regular expression: ${(error as Error).message}`,
        });
      }
  });
  (c.clearances ?? []).forEach((rule, i) =>
    rule.between.forEach((name, j) => {
      if (!classes.has(name))
        problems.push({
          path: ['clearances', i, 'between', j],
          message: `net class "${name}" is not defined in net_classes`,
        });
    }),
  );
  const names = new Set<string>();
  (c.keepouts ?? []).forEach((k, i) => {
    if (names.has(k.name))
      problems.push({ path: ['keepouts', i, 'name'], message: `keep-out "${k.name}" is defined twice` });
    names.add(k.name);
  });
  (c.diff_pairs ?? []).forEach((pair, i) => {
    if (pair.positive === pair.negative)
      problems.push({
        path: ['diff_pairs', i, 'negative'],
        message: `the pair's two nets must differ; both are "${pair.positive}"`,
      });
  });
  return problems;
}

const CONSTRAINTS_FILE: CheckedFileKind<DesignConstraints> = {
  schema: 'pnr-constraints-v1.schema.json',
  id: 'pnr-constraints-v1',
  what: 'constraints file',
  flag: '--constraints',
  whatToDo: 'correct it (docs/viewer-netlist.md, "Constraints file")',
  consistency,
};

/** Reads and checks a constraints file; throws NetlistGraphError naming file, line and place. */
export function readDesignConstraints(file: string): DesignConstraints {
  return readCheckedJsonFile(file, CONSTRAINTS_FILE);
}
