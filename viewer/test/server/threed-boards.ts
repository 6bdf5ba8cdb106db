// SPDX-License-Identifier: AGPL-3.0-or-later
// Boards for the 3D tests: KiCad's GLB export takes STEP models only, and this machine has no model
// library, so a part model is made with the real kicad-cli (the STEP of a 3 × 1.5 mm board) and
// footprints are pointed at it, or at a model file that does not exist.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The kicad-cli on PATH. */
export function kicadCliPath(): string {
  return execFileSync('sh', ['-c', 'command -v kicad-cli'], { encoding: 'utf8' }).trim();
}

const TINY_BOARD = `(kicad_pcb (version 20240108) (generator "rr-test")
  (general (thickness 1.6))
  (layers (0 "F.Cu" signal) (31 "B.Cu" signal) (44 "Edge.Cuts" user))
  (gr_rect (start 0 0) (end 3 1.5) (stroke (width 0.05) (type default)) (fill none) (layer "Edge.Cuts"))
)
`;

/** A small STEP part model in `dir` (made once). */
export function partModel(dir: string): string {
  const step = join(dir, 'part.step');
  if (existsSync(step)) return step;
  const board = join(dir, 'part-body.kicad_pcb');
  writeFileSync(board, TINY_BOARD);
  execFileSync(kicadCliPath(), ['pcb', 'export', 'step', '--board-only', '-o', step, board], {
    stdio: 'ignore',
    timeout: 120_000,
  });
  return step;
}

/** The board with its first `modelled` footprints given the part model and the next `missing` a missing one. */
export function boardWithModels(
  text: string,
  dir: string,
  counts: { modelled: number; missing: number },
): { text: string; withModel: string[]; withoutModel: string[] } {
  const step = partModel(dir);
  const withModel: string[] = [];
  const withoutModel: string[] = [];
  const lines = text.split('\n');
  const out: string[] = [];
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    out.push(line);
    if (!/^\t\(footprint "/.test(line)) continue;
    const ref = lines
      .slice(i, i + 30)
      .join('\n')
      .match(/\(property "Reference" "([^"]+)"/)?.[1];
    if (!ref || n >= counts.modelled + counts.missing) continue;
    const model = n < counts.modelled ? step : join(dir, 'no-such-model.step');
    (n < counts.modelled ? withModel : withoutModel).push(ref);
    out.push(`\t\t(model "${model}" (offset (xyz 0 0 0)) (scale (xyz 1 1 1)) (rotate (xyz 0 0 0)))`);
    n++;
  }
  return { text: out.join('\n'), withModel, withoutModel };
}
