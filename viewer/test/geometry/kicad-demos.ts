// SPDX-License-Identifier: AGPL-3.0-or-later
// Where the tests find KiCad 9 and its demo boards (installed by .ci/install-kicad, never copied
// into the repository), and whether they are there.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { KICAD_PYTHON, needsData, needsProgram, type Need } from '../../../test/requirements.js';

export const DEMOS_DIR = '/usr/share/kicad/demos';
export { KICAD_PYTHON };
export const BIG_BOARD = join(DEMOS_DIR, 'vme-wren', 'vme-wren.kicad_pcb');

/** Every .kicad_pcb under the demos folder, sorted; empty when KiCad's demos are not installed. */
export function demoBoards(): string[] {
  if (!existsSync(DEMOS_DIR)) return [];
  return readdirSync(DEMOS_DIR, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.kicad_pcb'))
    .map((path) => join(DEMOS_DIR, path))
    .sort();
}

/** KiCad's demo boards, for `available(…)`. */
export function needsKicadDemos(): Need {
  return needsData(DEMOS_DIR, "KiCad's demo boards", 'run `bash .ci/install-kicad` (as root)');
}

/** What the tests against KiCad itself need: its demo boards and pcbnew for its Python. */
export function needsKicad(): Need[] {
  return [needsKicadDemos(), needsProgram('pcbnew')];
}
