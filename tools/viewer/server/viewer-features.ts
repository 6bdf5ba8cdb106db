// SPDX-License-Identifier: AGPL-3.0-or-later
// Which features this viewer provides, and for those it does not, what is missing and why, so the page can
// say so in place of the panel (docs/viewer-api.md, "Features this viewer does not provide"). The schematic
// view, source browser, placement-cost replay and Ask agent are not built in this rr version; each
// reason says that, and what the feature would need on top, from the configuration. The 3D view is
// available when kicad-cli was found.
import type { ViewerConfig } from '../config/resolve-viewer-config.js';
import type { PcbToolResolution } from '../geometry/pcb-tool-resolution.js';

export type FeatureId =
  'geometry' | 'controls' | 'records' | 'notes' | 'component-cost' | 'schematic' | 'source' | '3d' | 'agent';

/** One feature as GET /api/features lists it. */
export type Feature =
  | { id: FeatureId; available: true; detail?: string }
  | { id: FeatureId; available: false; reason: string; needs: string[] };

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
  /** Whether the schematic view can start (schematic/schematic-setup.ts). */
  schematic?: { ok: true; detail: string } | { ok: false; reason: string; needs: string[] };
  /** The PCB suite's command-line tool as resolved at start (the 3D view needs it). */
  pcbCli?: PcbToolResolution;
}

const NOT_BUILT = 'is not part of this rr version.';

/** Every feature with its availability. */
export function viewerFeatures(inputs: FeatureInputs): Feature[] {
  const c = inputs.config;
  const sources =
    c.hdlRoot && c.hdlBuild
      ? `Design sources are configured (${c.hdlRoot}, build ${c.hdlBuild}).`
      : 'It would also need the design sources (--hdl-root and --hdl-build, or [design.hdl] root and build), which are not set.';
  const cli = inputs.pcbCli;
  const engine = c.engineRuntime
    ? `An engine runtime is configured (${c.engineRuntime}).`
    : "It would also need the engine's cost model (--engine-runtime).";
  const agent = c.agent
    ? '--agent on has no effect here.'
    : 'They are off by default and would be turned on with --agent on (and --net-summaries on for net labels), with an assistant CLI.';
  return [
    { id: 'geometry', available: true, detail: inputs.geometryDescription },
    { id: 'controls', available: true, detail: 'control.json in the live directory' },
    { id: 'records', available: true, detail: 'pins/, drafts/ and snapshots/ in the live directory' },
    { id: 'notes', available: true, detail: c.notesDir },
    {
      id: 'component-cost',
      available: false,
      reason: `Placement cost replay ${NOT_BUILT} ${engine} The cost terms per footprint that the experiment reports are in its placement_cost events.`,
      needs: ['--engine-runtime'],
    },
    inputs.schematic?.ok
      ? { id: 'schematic', available: true, detail: inputs.schematic.detail }
      : {
          id: 'schematic',
          available: false,
          reason: inputs.schematic?.reason ?? 'The schematic view was not set up.',
          needs: inputs.schematic?.needs ?? ['--graph', '--constraints', '--parts'],
        },
    {
      id: 'source',
      available: false,
      reason: `The source browser ${NOT_BUILT} ${sources} Notes resolve their targets against the board.`,
      needs: ['--hdl-root', '--hdl-build', '--graph'],
    },
    cli?.status === 'found'
      ? { id: '3d', available: true, detail: `kicad-cli ${cli.path} (from ${cli.source}) exports GLB` }
      : {
          id: '3d',
          available: false,
          reason: `The 3D view needs KiCad's command-line tool (kicad-cli), which exports the checkpoint as GLB: ${cli?.message ?? 'not looked up'}.`,
          needs: ['--pcb-cli'],
        },
    {
      id: 'agent',
      available: false,
      reason: `The Ask agent and AI net labels are not part of this rr version. ${agent}`,
      needs: ['--agent', '--net-summaries', '--agent-cli'],
    },
  ];
}

/** The 501 body of an unavailable feature. */
export function unavailableAnswer(features: Feature[], id: FeatureId): UnavailableAnswer {
  const feature = features.find((f) => f.id === id);
  if (!feature || feature.available)
    throw new Error(`feature ${id} is available; it needs a route of its own`);
  return { available: false, feature: id, reason: feature.reason, needs: feature.needs };
}
