// SPDX-License-Identifier: AGPL-3.0-or-later
// The machine-dependent half of PCB tool resolution: discovery and the background-only check of
// application bundles. macOS: only a background-only (headless) bundle in the user's own
// Applications folder; Linux and others: kicad-cli on PATH and a python3 that imports pcbnew.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { PcbTool } from './pcb-tool-resolution.js';

/** What discovery looks at. */
export interface DiscoveryContext {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  /** Whether a Python can import pcbnew; defaults to running it. */
  canImportPcbnew?: (python: string) => boolean;
}

/** True when the bundle's Info.plist declares LSBackgroundOnly (an application without a GUI). */
export function isBackgroundOnlyBundle(bundle: string): boolean {
  let plist: string;
  try {
    plist = readFileSync(join(bundle, 'Contents', 'Info.plist'), 'utf8');
  } catch {
    return false;
  }
  return /<key>\s*LSBackgroundOnly\s*<\/key>\s*<(true\s*\/|string>\s*(1|YES|true)\s*<\/string)>/i.test(plist);
}

/** Runs `python -c "import pcbnew"` (KiCad's module loads in about a second). */
export function pythonImportsPcbnew(python: string): boolean {
  try {
    execFileSync(python, ['-c', 'import pcbnew'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** Finds a PCB suite program on this machine, or undefined. */
export function discoverPcbTool(tool: PcbTool, context: DiscoveryContext): string | undefined {
  if (context.platform === 'darwin') return discoverInUserApplications(tool, context.home);
  const imports = context.canImportPcbnew ?? pythonImportsPcbnew;
  if (tool === 'cli') return findOnPath('kicad-cli', context.env);
  const candidates = [findOnPath('python3', context.env), '/usr/bin/python3'].filter(
    (path): path is string => path !== undefined,
  );
  return [...new Set(candidates)].find((python) => isExecutable(python) && imports(python));
}

function discoverInUserApplications(tool: PcbTool, home: string): string | undefined {
  const folder = join(home, 'Applications');
  let names: string[];
  try {
    names = readdirSync(folder)
      .filter((name) => name.endsWith('.app'))
      .sort();
  } catch {
    return undefined;
  }
  for (const name of names) {
    const bundle = join(folder, name);
    if (!isBackgroundOnlyBundle(bundle)) continue;
    const program =
      tool === 'cli'
        ? join(bundle, 'Contents', 'MacOS', 'kicad-cli')
        : join(bundle, 'Contents', 'Frameworks', 'Python.framework', 'Versions', 'Current', 'bin', 'python3');
    if (isExecutable(program)) return program;
  }
  return undefined;
}

/** The first executable `program` in the folders of PATH, or undefined. */
export function findOnPath(
  program: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, program);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** Whether this user may execute the file. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
