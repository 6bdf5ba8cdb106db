// SPDX-License-Identifier: AGPL-3.0-or-later
// Which features this viewer provides, and for those it does not, what is missing and why, so the page can
// say so in place of the panel (docs/viewer-api.md, "Features this viewer does not provide"). The Ask
// agent is available with --agent on and an assistant CLI. The 3D view is available when kicad-cli was
// found; the schematic view, the source browser and cost replay when their inputs can be used, and when
// their flags are given but they cannot start (or start without an input a flag named), `startup` says
// why and `rr view` prints it at startup.

import type { ViewerConfig } from '../config/resolve-viewer-config.js';
import { designGraphPath } from '../netlist/design-graph-location.js';
import type { PcbToolResolution } from '../geometry/pcb-tool-resolution.js';
import type { AgentCliResolution } from '../agent/agent-cli-resolution.js';
import type { EngineRuntime } from '../engine-runtime/engine-runtime.js';

export type FeatureId =
  'geometry' | 'controls' | 'records' | 'notes' | 'component-cost' | 'schematic' | 'source' | '3d' | 'agent';

/**
 * One feature as GET /api/features lists it. `startup` holds the lines `rr view` printed as warnings when
 * it started: why a feature whose flags were given cannot start, or what an available one starts without.
 */
export type Feature = (
  | { id: FeatureId; available: true; detail?: string; startup?: string[] }
  | { id: FeatureId; available: false; reason: string; needs: string[]; startup?: string[] }
) & {
  /** For `agent`, with --net-summaries on: where AI net labelling stands (and why it stopped). */
  netLabels?: { state: string; reason?: string; fix?: string; progress?: string };
};

/** The body of a route whose feature is not available. */
export interface UnavailableAnswer {
  available: false;
  feature: FeatureId;
  reason: string;
  needs: string[];
}

/** What the feature list is computed from. */
export interface FeatureInputs {
  config: ViewerConfig;
  geometryDescription: string;
  /** Whether the schematic view can start (schematic/schematic-setup.ts), and what it warns of. */
  schematic?:
    | { ok: true; detail: string; warnings: string[] }
    | { ok: false; reason: string; needs: string[]; broken: boolean; warnings: string[] };
  /** The PCB suite's command-line tool as resolved at start (the 3D view needs it). */
  pcbCli?: PcbToolResolution;
  /** The assistant CLI as resolved at start (the Ask agent and net labels need it). */
  agentCli?: AgentCliResolution;
  /** Why the source browser cannot start (undefined: it can). */
  sourcesProblem?: string;
  /** The engine runtime of the subprocess services, or why there is none. */
  engine?: EngineRuntime | { problem: string };
}

/** Every feature with its availability. */
export function viewerFeatures(inputs: FeatureInputs): Feature[] {
  const c = inputs.config;
  const sources = `the design project in ${c.hdlRoot}, build ${c.hdlBuild}.`;
  const cli = inputs.pcbCli;
  const engine = inputs.engine;
  const agentCli = inputs.agentCli ?? { status: 'missing', message: 'the assistant CLI was not looked up' };
  return [
    { id: 'geometry', available: true, detail: inputs.geometryDescription },
    { id: 'controls', available: true, detail: 'control.json in the live directory' },
    { id: 'records', available: true, detail: 'pins/, drafts/ and snapshots/ in the live directory' },
    { id: 'notes', available: true, detail: c.notesDir },
    engine && 'packageDir' in engine
      ? {
          id: 'component-cost',
          available: true,
          detail: `the cost model of ${engine.source === 'engine-runtime' ? 'the engine copy' : 'the installed rr'} in ${engine.packageDir}, run in a subprocess`,
        }
      : {
          id: 'component-cost',
          available: false,
          reason: `Placement cost replay cannot start: ${engine?.problem ?? 'no engine runtime was looked up'}. The cost terms per footprint that the experiment recorded are in the Costs panel.`,
          needs: ['--engine-runtime'],
          ...(c.engineRuntime
            ? { startup: [`cost replay cannot start: ${engine?.problem ?? 'no engine runtime'}`] }
            : {}),
        },
    schematicFeature(c, inputs.schematic),
    inputs.sourcesProblem === undefined && c.hdlRoot && c.hdlBuild
      ? {
          id: 'source',
          available: true,
          detail: `${sources}${c.graph ? '' : ` No --graph is set: the tree is joined to the netlist graph the experiment writes into the live directory (${designGraphPath(c).file}), when there is one.`}`,
        }
      : {
          id: 'source',
          available: false,
          reason: `The source browser cannot start: ${inputs.sourcesProblem ?? 'the design sources are not set'}. Notes resolve their targets against the netlist and the board alone.`,
          needs: ['--hdl-root', '--hdl-build', '--graph'],
          ...(c.hdlRoot || c.hdlBuild || c.hdlSrc
            ? {
                startup: [
                  `the source browser cannot start: ${inputs.sourcesProblem ?? 'the design sources are not set'}`,
                ],
              }
            : {}),
        },
    cli?.status === 'found'
      ? { id: '3d', available: true, detail: `kicad-cli ${cli.path} (from ${cli.source}) exports GLB` }
      : {
          id: '3d',
          available: false,
          reason: `The 3D view needs KiCad's command-line tool (kicad-cli), which exports the checkpoint as GLB: ${cli?.message ?? 'not looked up'}.`,
          needs: ['--pcb-cli'],
        },
    agentFeature(c, agentCli),
  ];
}

/** The schematic view, with the startup lines of what it cannot use. */
function schematicFeature(c: ViewerConfig, setup: FeatureInputs['schematic']): Feature {
  const warnings = setup?.warnings ?? [];
  if (setup?.ok)
    return {
      id: 'schematic',
      available: true,
      detail: setup.detail,
      ...(warnings.length > 0 ? { startup: warnings } : {}),
    };
  // Said at startup when a flag asked for it (a graph that cannot be read, an engine folder without one),
  // or when the graph it found does not read.
  const startup =
    setup && (c.graph || c.engineRuntime || setup.broken)
      ? [`the schematic view cannot start: ${setup.reason}`, ...warnings]
      : warnings;
  return {
    id: 'schematic',
    available: false,
    reason: setup?.reason ?? 'The schematic view was not set up.',
    needs: setup?.needs ?? ['--graph', '--constraints', '--parts'],
    ...(startup.length > 0 ? { startup } : {}),
  };
}

/** The Ask agent: on with --agent on and an assistant CLI (docs/viewer-agent.md). */
function agentFeature(c: ViewerConfig, cli: AgentCliResolution): Feature {
  if (c.agent && cli.status === 'found')
    return {
      id: 'agent',
      available: true,
      detail: `assistant CLI ${cli.path} (from ${cli.source}), model ${c.agentModel}, $${c.agentBudgetUsd} a turn, cap ${c.agentTotalUsd > 0 ? `$${c.agentTotalUsd}` : 'off'}`,
    };
  if (c.agent)
    return {
      id: 'agent',
      available: false,
      reason: `The Ask agent is on, but ${cli.status === 'missing' ? cli.message : 'no assistant CLI was found'}.`,
      needs: ['--agent-cli'],
    };
  if (c.netSummaries)
    return {
      id: 'agent',
      available: false,
      reason: `The Ask agent is off (AI net labels are on${cli.status === 'found' ? '' : `, but ${cli.message}`}); start the viewer with --agent on to ask questions.`,
      needs: ['--agent'],
    };
  return {
    id: 'agent',
    available: false,
    reason:
      'The Ask agent and AI net labels are off by default. Start the viewer with --agent on (and --net-summaries on for net labels); they need an assistant CLI (Claude Code, `claude` on PATH, or --agent-cli). Each turn spends up to --agent-budget-usd (default $2) within --agent-total-usd (default $20) per viewer process; docs/viewer-agent.md says what leaves the machine.',
    needs: ['--agent', '--net-summaries', '--agent-cli'],
  };
}

/** What to print at startup: why a feature whose flags were given cannot start, or what it starts without. */
export function startupWarnings(features: Feature[]): string[] {
  return features.flatMap((f) => f.startup ?? []);
}

/** The 501 body of an unavailable feature. */
export function unavailableAnswer(features: Feature[], id: FeatureId): UnavailableAnswer {
  const feature = features.find((f) => f.id === id);
  if (!feature || feature.available)
    throw new Error(`feature ${id} is available; it needs a route of its own`);
  return { available: false, feature: id, reason: feature.reason, needs: feature.needs };
}
