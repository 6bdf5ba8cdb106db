// SPDX-License-Identifier: AGPL-3.0-or-later
// Whether the schematic view can start, decided once at startup from the configuration: it needs a
// design graph (--graph, or the live directory's netlist-graph.json) that can be read, and an engine to
// build it (--engine-runtime, default the installed rr). A missing constraints file or parts folder does
// not stop it: they are warnings printed at startup, and the schematic shows generic symbols and no
// constraints.
import { accessSync, constants, existsSync } from 'node:fs';
import { designGraphFile } from '../netlist/design-graph-location.js';
import { resolveEngineRuntime, type EngineRuntime } from '../engine-runtime/engine-runtime.js';

/** What the schematic routes get when the view can start. */
export type SchematicSetup =
  | {
      ok: true;
      graph: string;
      constraints?: string;
      parts: string[];
      runtime: EngineRuntime;
      /** One sentence for /api/features. */
      detail: string;
      warnings: string[];
    }
  | { ok: false; reason: string; needs: string[]; warnings: string[] };

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
      warnings,
    };
  try {
    accessSync(located.file, constants.R_OK);
  } catch (error) {
    const reason = `The netlist graph ${located.file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); check --graph.`;
    return { ok: false, reason, needs, warnings: [reason] };
  }
  let runtime: EngineRuntime;
  try {
    runtime = resolveEngineRuntime(config.engineRuntime);
  } catch (error) {
    const reason = `The schematic builder cannot run: ${(error as Error).message}.`;
    return { ok: false, reason, needs: ['--engine-runtime'], warnings: [reason] };
  }
  let constraints: string | undefined;
  if (config.constraints) {
    if (existsSync(config.constraints)) constraints = config.constraints;
    else
      warnings.push(
        `--constraints ${config.constraints} does not exist; the schematic and board show no constraints`,
      );
  }
  const parts: string[] = [];
  if (config.parts) {
    if (existsSync(config.parts)) parts.push(config.parts);
    else warnings.push(`--parts ${config.parts} does not exist; the schematic draws generic symbols`);
  }
  const detail = [
    `netlist graph ${located.file}${located.origin === 'live directory' ? ' (written by the experiment)' : ''}`,
    constraints ? `constraints ${constraints}` : 'no constraints file',
    parts.length ? `part symbols from ${parts.join(', ')}` : 'generic symbols (no --parts)',
    `built by ${runtime.source === 'installed' ? 'the installed rr' : `the engine in ${runtime.packageDir}`}`,
  ].join('; ');
  return {
    ok: true,
    graph: located.file,
    ...(constraints ? { constraints } : {}),
    parts,
    runtime,
    detail,
    warnings,
  };
}
