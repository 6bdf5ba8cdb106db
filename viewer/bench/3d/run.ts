// SPDX-License-Identifier: AGPL-3.0-or-later
// The 3D view's GLB export: wall time and GLB size of `kicad-cli pcb export glb` with the viewer's
// options on the simulator's example board and on KiCad demo boards, against the same export of the
// board body and components only (KiCad's default), measured in the same run; and the time the viewer
// takes to answer for a checkpoint already exported (the cache). Environment: RR_BENCH_PCB_CLI
// (default kicad-cli on PATH), RR_BENCH_BOARDS (comma-separated .kicad_pcb files; default the example
// board, ecc83-pp and pic_programmer).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { exampleBoardText } from '../../src/pnr-sim/example-board.js';
import { GlbExports } from '../../src/threed/glb-exports.js';

const run = promisify(execFile);
const CLI = process.env.RR_BENCH_PCB_CLI ?? 'kicad-cli';
const MIB = 1024 * 1024;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const dir = mkdtempSync(join(tmpdir(), 'rr-bench-3d-'));
try {
  const example = join(dir, 'example-sensor-node.kicad_pcb');
  writeFileSync(example, exampleBoardText());
  const boards = process.env.RR_BENCH_BOARDS?.split(',') ?? [
    example,
    '/usr/share/kicad/demos/ecc83/ecc83-pp.kicad_pcb',
    '/usr/share/kicad/demos/pic_programmer/pic_programmer.kicad_pcb',
  ];
  const version = (await run(CLI, ['version'])).stdout.trim();
  console.log(`kicad-cli ${version}; ${boards.length} boards\n`);
  console.log('board                          plain s  viewer s  ratio  GLB MiB  warnings  cached ms');
  for (const [i, board] of boards.entries()) {
    const plainOut = join(dir, `plain-${i}.glb`);
    const plain = await timed(() =>
      run(CLI, ['pcb', 'export', 'glb', '--force', '-o', plainOut, board], { maxBuffer: 64 * MIB }).catch(
        (e: unknown) => e,
      ),
    );
    const exports = new GlbExports({ cli: CLI, cacheDir: join(dir, `cache-${i}`), experimentDir: dir });
    const hash = `${i}`.padStart(64, '0');
    const viewer = await timed(async () => {
      let job = await exports.request(board, hash);
      while (job.state === 'queued' || job.state === 'exporting') {
        await new Promise((r) => setTimeout(r, 50));
        job = exports.get(job.key)!;
      }
      return job;
    });
    const glb = exports.file(viewer.value.key);
    const cached = await timed(() =>
      new GlbExports({ cli: CLI, cacheDir: join(dir, `cache-${i}`), experimentDir: dir }).request(
        board,
        hash,
      ),
    );
    console.log(
      `${basename(board).padEnd(30)} ${(plain.ms / 1000).toFixed(2).padStart(7)}  ${(viewer.ms / 1000).toFixed(2).padStart(8)}  ${(viewer.ms / plain.ms).toFixed(2).padStart(5)}  ${(glb ? statSync(glb).size / MIB : 0).toFixed(2).padStart(7)}  ${String(viewer.value.warnings.length).padStart(8)}  ${cached.ms.toFixed(1).padStart(9)}${viewer.value.state === 'failed' ? `  FAILED: ${viewer.value.message}` : ''}`,
    );
  }
  console.log('\n"cached ms" includes one `kicad-cli version` (the cache key names the KiCad version).');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
