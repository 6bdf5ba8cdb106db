// SPDX-License-Identifier: AGPL-3.0-or-later
// Whether the schematic view can start, decided once at startup from the configuration: it needs a
// design graph (--graph, or the live directory's netlist-graph.json) that reads as a netlist graph, and
// an engine to build it (--engine-runtime, default the installed rr); when it cannot, /api/features says
// why (and `rr view` prints it when a flag asked for it). A missing or broken constraints file or a
// missing parts folder does not stop it: each is a startup warning (`rr view: warning:` and `startup` in
// /api/features), the routes still read the path named by the flag on every build (so a file written
// later is used), and until then the schematic shows no constraints or generic symbols.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { designGraphFile } from '../netlist/design-graph-location.js';
import { readDesignGraph } from '../netlist/design-graph-file.js';
import { NetlistGraphError } from '../netlist/netlist-graph-error.js';
import { NETLIST_GRAPH_FILE } from '../netlist/netlist-graph.js';
import { resolveEngineRuntime, type EngineRuntime } from '../engine-runtime/engine-runtime.js';
import { readDesignConstraints } from './design-constraints.js';

/** What the schematic routes get when the view can start. */
export type SchematicSetup =
  | {
      ok: true;
      graph: string;
      runtime: EngineRuntime;
      /** One sentence for /api/features. */
      detail: string;
      /** Lines `rr view` prints as warnings at startup (a constraints file or parts folder it cannot use). */
      warnings: string[];
    }
  | {
      ok: false;
      reason: string;
      needs: string[];
      /** Whether to say it at startup although no flag asked for the view (a graph that does not read). */
      broken: boolean;
      warnings: string[];
    };

/** Decides the schematic view's setup from the configuration. */
export function schematicSetup(config: {
  graph?: string;
  root: string;
  constraints?: string;
  parts?: string;
  engineRuntime?: string;
}): SchematicSetup {
  const warnings: string[] = [];
  const located = designGraphFile(config);
  const needs = ['--graph', '--constraints', '--parts'];
  if (!located)
    return {
      ok: false,
      reason:
        'The schematic view needs a netlist graph: give --graph (or [design] graph in the config file) a pnr-netlist-graph-v1 file or a KiCad netlist export; `rr pnr-sim` writes one into its live directory.',
      needs,
      broken: false,
      warnings,
    };
  // The experiment writes the live directory's graph when it starts, which may be after the viewer.
  const writtenByExperiment = resolve(located.file) === resolve(config.root, NETLIST_GRAPH_FILE);
  if (!writtenByExperiment || existsSync(located.file)) {
    try {
      readDesignGraph(located.file);
    } catch (error) {
      if (!(error instanceof NetlistGraphError)) throw error;
      const reason = `The netlist graph cannot be used: ${error.message}; then start rr view again.`;
      return { ok: false, reason, needs, broken: true, warnings };
    }
  }
  let runtime: EngineRuntime;
  try {
    runtime = resolveEngineRuntime(config.engineRuntime);
  } catch (error) {
    const reason = `The schematic builder cannot run: ${(error as Error).message}.`;
    return { ok: false, reason, needs: ['--engine-runtime'], broken: false, warnings };
  }
  const constraints = config.constraints ? constraintsState(config.constraints) : undefined;
  if (constraints?.warning) warnings.push(constraints.warning);
  const partsMissing = config.parts !== undefined && !existsSync(config.parts);
  if (partsMissing)
    warnings.push(
      `--parts ${config.parts} does not exist; the schematic draws generic symbols until it does`,
    );
  const detail = [
    `netlist graph ${located.file}${writtenByExperiment ? ' (written by the experiment)' : ''}`,
    !config.constraints
      ? 'no constraints file'
      : `constraints ${config.constraints}${constraints?.warning ? ` (${constraints.state}: not shown)` : ''}`,
    !config.parts
      ? 'generic symbols (no --parts)'
      : `part symbols from ${config.parts}${partsMissing ? ' (missing: generic symbols)' : ''}`,
    `built by ${runtime.source === 'installed' ? 'the installed rr' : `the engine in ${runtime.packageDir}`}`,
  ].join('; ');
  return {
    ok: true,
    graph: located.file,
    runtime,
    detail,
    warnings,
  };
}

/** Whether the constraints file reads now, and the startup warning when it does not. */
function constraintsState(file: string): { state: 'missing' | 'broken'; warning: string } | undefined {
  if (!existsSync(file))
    return {
      state: 'missing',
      warning: `--constraints ${file} does not exist; the schematic and board show no constraints until it does`,
    };
  try {
    readDesignConstraints(file);
    return undefined;
  } catch (error) {
    if (!(error instanceof NetlistGraphError)) throw error;
    return {
      state: 'broken',
      warning: `the constraints file does not read, so the schematic and board show no constraints: ${error.message}`,
    };
  }
}
