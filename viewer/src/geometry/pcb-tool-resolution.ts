// SPDX-License-Identifier: AGPL-3.0-or-later
// Which PCB suite programs the viewer runs, in the order docs/viewer-geometry.md gives: flag
// (--pcb-cli, --pcb-python), environment (VIEWER_PCB_CLI with alias ENGINE_PCB_CLI;
// VIEWER_PCB_PYTHON), machine config ([pcb] cli, [pcb] python), then discovery. A GUI application,
// or any path inside an application bundle that is not background-only, is refused: the viewer runs
// the suite only headlessly. The resolution is a pure function; discovery and the bundle check are
// passed in (pcb-tool-discovery.ts has the real ones).
import { resolve } from 'node:path';

/** The two PCB suite programs: the command-line tool and the Python that imports pcbnew. */
export type PcbTool = 'cli' | 'python';

/** What the resolution looks at. */
export interface PcbToolInputs {
  flags: { pcbCli?: string; pcbPython?: string };
  env: Readonly<Record<string, string | undefined>>;
  /** The machine config's [pcb] table, paths already absolute, and the file it came from. */
  machineConfig?: { file: string; pcb: { cli?: string; python?: string } };
  /** Directory that relative flag and environment paths are relative to. */
  cwd: string;
  /** Finds the tool on this machine; called only when no earlier step names it. */
  discover: (tool: PcbTool) => string | undefined;
  /** True when the application bundle at this path is background-only (has no GUI). */
  isBackgroundOnlyBundle: (bundle: string) => boolean;
}

/** The outcome for one tool. */
export type PcbToolResolution =
  | { status: 'found'; tool: PcbTool; path: string; source: string }
  | { status: 'refused'; tool: PcbTool; path: string; source: string; message: string }
  | { status: 'missing'; tool: PcbTool; message: string };

const FLAG: Record<PcbTool, string> = { cli: '--pcb-cli', python: '--pcb-python' };
const ENV: Record<PcbTool, string[]> = {
  cli: ['VIEWER_PCB_CLI', 'ENGINE_PCB_CLI'],
  python: ['VIEWER_PCB_PYTHON'],
};

// KiCad's graphical programs; the command-line tool is kicad-cli.
const GUI_PROGRAMS = new Set([
  'kicad',
  'pcbnew',
  'eeschema',
  'gerbview',
  'pl_editor',
  'bitmap2component',
  'pcb_calculator',
]);

/** Resolves one PCB suite program in that order: flag, environment, machine config, discovery. */
export function resolvePcbTool(tool: PcbTool, inputs: PcbToolInputs): PcbToolResolution {
  const flag = tool === 'cli' ? inputs.flags.pcbCli : inputs.flags.pcbPython;
  if (nonEmpty(flag)) return checked(tool, resolve(inputs.cwd, flag), FLAG[tool], inputs);
  for (const name of ENV[tool]) {
    const value = inputs.env[name];
    if (nonEmpty(value)) return checked(tool, resolve(inputs.cwd, value), `environment ${name}`, inputs);
  }
  const configured = inputs.machineConfig?.pcb[tool];
  if (nonEmpty(configured)) {
    return checked(tool, configured, `machine config ${inputs.machineConfig!.file} [pcb] ${tool}`, inputs);
  }
  const discovered = inputs.discover(tool);
  if (discovered !== undefined) return checked(tool, discovered, 'discovery', inputs);
  const what = tool === 'cli' ? 'kicad-cli' : "a Python that can import KiCad's pcbnew module";
  return {
    status: 'missing',
    tool,
    message:
      `no PCB suite ${tool === 'cli' ? 'CLI' : 'Python'} found: give ${FLAG[tool]}, set ${ENV[tool][0]}, ` +
      `or set [pcb] ${tool} in the machine config; discovery found no ${what}`,
  };
}

/** Resolves both programs. */
export function resolvePcbTools(inputs: PcbToolInputs): Record<PcbTool, PcbToolResolution> {
  return { cli: resolvePcbTool('cli', inputs), python: resolvePcbTool('python', inputs) };
}

/** Why a path must not be run (it is a GUI application), or undefined when it may. */
export function guiApplicationReason(
  path: string,
  isBackgroundOnlyBundle: (bundle: string) => boolean,
): string | undefined {
  // Every enclosing bundle counts, outermost first: KiCad.app/Contents/Applications/pcbnew.app/….
  for (const match of path.matchAll(/\.app(?=[\\/]|$)/gi)) {
    const bundle = path.slice(0, match.index + match[0].length);
    if (!isBackgroundOnlyBundle(bundle)) {
      return `it lies inside the application bundle ${bundle}, which is a GUI application (not background-only)`;
    }
  }
  // Split on both separators: a machine config may name a Windows path.
  const file = path.split(/[\\/]/).pop() ?? path;
  const program = file.replace(/\.exe$/i, '').toLowerCase();
  if (GUI_PROGRAMS.has(program)) return `${file} is one of KiCad's GUI programs`;
  return undefined;
}

function checked(tool: PcbTool, path: string, source: string, inputs: PcbToolInputs): PcbToolResolution {
  const reason = guiApplicationReason(path, inputs.isBackgroundOnlyBundle);
  if (reason === undefined) return { status: 'found', tool, path, source };
  const wanted = tool === 'cli' ? 'kicad-cli' : "a Python that imports KiCad's pcbnew module";
  return {
    status: 'refused',
    tool,
    path,
    source,
    message:
      `refused ${path} (from ${source}): ${reason}; the viewer runs the PCB suite only headlessly. ` +
      `Point ${FLAG[tool]} at ${wanted} outside any GUI application, such as a headless copy in your ` +
      `Applications folder or the one on PATH`,
  };
}

function nonEmpty(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}
