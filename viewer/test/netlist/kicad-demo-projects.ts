// SPDX-License-Identifier: AGPL-3.0-or-later
// The KiCad demo projects (installed by .ci/install-kicad, never copied into the repository) whose
// schematic and board the netlist tests, the schematic browser test and the benchmark read, and their
// netlists exported with the real kicad-cli.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMOS_DIR } from '../geometry/kicad-demos.js';

const run = promisify(execFile);

/** A demo project with a root schematic and a board of the same name. */
export interface DemoProject {
  name: string;
  schematic: string;
  board: string;
}

/** Every demo project with a .kicad_pro, its root .kicad_sch and its .kicad_pcb, by name. */
export function demoProjects(): DemoProject[] {
  if (!existsSync(DEMOS_DIR)) return [];
  const found: DemoProject[] = [];
  for (const name of readdirSync(DEMOS_DIR).sort()) {
    const dir = join(DEMOS_DIR, name);
    const project = readdirSync(dir).find((f) => f.endsWith('.kicad_pro'));
    if (project === undefined) continue;
    const stem = project.slice(0, -'.kicad_pro'.length);
    const schematic = join(dir, `${stem}.kicad_sch`);
    const board = join(dir, `${stem}.kicad_pcb`);
    if (existsSync(schematic) && existsSync(board)) found.push({ name, schematic, board });
  }
  return found;
}

/** Exports a project's netlist with kicad-cli into `dir`; returns the file. */
export async function exportNetlist(
  project: DemoProject,
  format: 'kicadsexpr' | 'kicadxml',
  dir: string,
): Promise<string> {
  const out = join(dir, `${project.name}.${format === 'kicadxml' ? 'xml' : 'net'}`);
  await run('kicad-cli', ['sch', 'export', 'netlist', '--format', format, '-o', out, project.schematic], {
    timeout: 120_000,
  });
  return out;
}
