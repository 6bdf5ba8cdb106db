// SPDX-License-Identifier: AGPL-3.0-or-later
// PCB tool resolution wired to this machine: the real machine config, discovery and bundle check.
// The server calls this once at start; the pure resolver stays testable on its own.
import { homedir } from 'node:os';
import { discoverPcbTool, isBackgroundOnlyBundle } from './pcb-tool-discovery.js';
import { resolvePcbTools, type PcbTool, type PcbToolResolution } from './pcb-tool-resolution.js';
import { readMachineConfig } from './viewer-machine-config.js';

/** The machine the viewer runs on; defaults to this process's. */
export interface MachineContext {
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
  home?: string;
  platform?: NodeJS.Platform;
}

/** Resolves kicad-cli and KiCad's Python for this machine from flags, environment, config and discovery. */
export async function resolvePcbToolsOnMachine(
  flags: { pcbCli?: string; pcbPython?: string },
  machine: MachineContext = {},
): Promise<Record<PcbTool, PcbToolResolution>> {
  const env = machine.env ?? process.env;
  const home = machine.home ?? homedir();
  const platform = machine.platform ?? process.platform;
  const config = await readMachineConfig(env, home);
  return resolvePcbTools({
    flags,
    env,
    cwd: machine.cwd ?? process.cwd(),
    machineConfig: config === undefined ? undefined : { file: config.file, pcb: config.pcb },
    discover: (tool) => discoverPcbTool(tool, { platform, env, home }),
    isBackgroundOnlyBundle,
  });
}
