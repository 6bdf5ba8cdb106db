// SPDX-License-Identifier: AGPL-3.0-or-later
import { join } from 'node:path';

/** Where the user machine config is: VIEWER_USER_CONFIG (empty disables it), else XDG_CONFIG_HOME, else ~/.config. */
export function machineConfigLocation(
  env: Record<string, string | undefined>,
  home: string,
): { path: string; named: boolean } | undefined {
  const named = env.VIEWER_USER_CONFIG;
  if (named !== undefined) return named === '' ? undefined : { path: named, named: true };
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg !== undefined && xdg !== '' ? xdg : join(home, '.config');
  return { path: join(base, 'viewer', 'config.toml'), named: false };
}
