// SPDX-License-Identifier: AGPL-3.0-or-later
// The user's machine config of the viewer: settings that belong to the machine, not the project
// ([pcb] cli, [pcb] python, [agent] cli). It lives at $XDG_CONFIG_HOME/viewer/config.toml or
// ~/.config/viewer/config.toml; VIEWER_USER_CONFIG names another file, and when empty disables it.
// Relative paths in it are relative to the file, like paths in the viewer's project config.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parse, TomlError } from 'smol-toml';

/** The machine config's settings, paths made absolute. */
export interface ViewerMachineConfig {
  file: string;
  pcb: { cli?: string; python?: string };
  agent: { cli?: string };
}

/** The machine config file to read, or undefined when it is disabled. */
export function machineConfigPath(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): string | undefined {
  const named = env.VIEWER_USER_CONFIG;
  if (named !== undefined) return named.trim() === '' ? undefined : resolve(named);
  const base =
    env.XDG_CONFIG_HOME !== undefined && env.XDG_CONFIG_HOME !== ''
      ? env.XDG_CONFIG_HOME
      : join(home, '.config');
  return join(base, 'viewer', 'config.toml');
}

/** Reads the machine config; undefined when disabled or absent, a clear error when malformed. */
export async function readMachineConfig(
  env: Readonly<Record<string, string | undefined>>,
  home: string,
): Promise<ViewerMachineConfig | undefined> {
  const file = machineConfigPath(env, home);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    // A missing default file is normal; a file the user named explicitly must exist.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && env.VIEWER_USER_CONFIG === undefined)
      return undefined;
    throw new Error(`${file}: cannot read the viewer machine config: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let data: Record<string, unknown>;
  try {
    data = parse(text);
  } catch (error) {
    const line = error instanceof TomlError ? `:${error.line}:${error.column}` : '';
    throw new Error(
      `${file}${line}: the viewer machine config is not valid TOML: ${(error as Error).message.split('\n')[0]}`,
      { cause: error },
    );
  }
  const dir = dirname(file);
  return {
    file,
    pcb: {
      cli: pathSetting(data, 'pcb', 'cli', file, dir),
      python: pathSetting(data, 'pcb', 'python', file, dir),
    },
    agent: { cli: pathSetting(data, 'agent', 'cli', file, dir) },
  };
}

function pathSetting(
  data: Record<string, unknown>,
  table: string,
  key: string,
  file: string,
  dir: string,
): string | undefined {
  const section = data[table];
  if (section === undefined) return undefined;
  if (typeof section !== 'object' || section === null || Array.isArray(section)) {
    throw new Error(`${file}: [${table}] must be a table`);
  }
  const value = (section as Record<string, unknown>)[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`${file}: [${table}] ${key} must be a non-empty path string`);
  }
  return resolve(dir, value);
}
