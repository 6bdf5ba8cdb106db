// SPDX-License-Identifier: AGPL-3.0-or-later
// Where the tests find KiCad 9 and its demo boards (installed by .ci/install-kicad, never copied
// into the repository), and whether they are there.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pythonImportsPcbnew } from '../../src/geometry/pcb-tool-discovery.js';

export const DEMOS_DIR = '/usr/share/kicad/demos';
export const KICAD_PYTHON = '/usr/bin/python3';
export const BIG_BOARD = join(DEMOS_DIR, 'vme-wren', 'vme-wren.kicad_pcb');

/** Every .kicad_pcb under the demos folder, sorted; empty when KiCad's demos are not installed. */
export function demoBoards(): string[] {
  if (!existsSync(DEMOS_DIR)) return [];
  return readdirSync(DEMOS_DIR, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.kicad_pcb'))
    .map((path) => join(DEMOS_DIR, path))
    .sort();
}

/** What the KiCad tests do: run, skip (KiCad missing on a developer's machine) or fail (missing in CI). */
export function kicadTestMode(
  missingReason: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): 'run' | 'skip' | 'fail' {
  if (missingReason === undefined) return 'run';
  return (env.CI ?? '') !== '' ? 'fail' : 'skip';
}

/** Why the KiCad tests cannot run here, or undefined when KiCad 9 and its demos are installed. */
export function kicadMissingReason(): string | undefined {
  if (!existsSync(DEMOS_DIR)) return `KiCad's demo boards are not installed (${DEMOS_DIR} is missing)`;
  if (!pythonImportsPcbnew(KICAD_PYTHON)) return `${KICAD_PYTHON} cannot import KiCad's pcbnew module`;
  return undefined;
}
