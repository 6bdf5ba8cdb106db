// SPDX-License-Identifier: AGPL-3.0-or-later
// Two `rr view` processes of one experiment share its 3D export lock: asked for the same checkpoint at
// once, KiCad runs once, and the second viewer serves the first one's GLB. The PCB CLI given to both
// is a wrapper around the real kicad-cli that counts its exports.
import { chmodSync, mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { GlbExport } from '../../src/threed/glb-exports.js';
import { startViewer } from '../e2e/viewer-process.js';
import { shortRun } from '../pnr-sim/sim-run.js';
import { tempDir } from '../temp-dir.js';
import { httpRequest } from './http-request.js';
import { glbNodeNames } from './glb-nodes.js';
import { kicadCliPath } from './threed-boards.js';
import { available, needsProgram } from '../../../test/requirements.js';

// A simulation, two viewers and a KiCad export: longer than vitest's 30 s on a loaded machine.
describe.runIf(available(needsProgram('kicad-cli')))(
  'two viewers of one experiment',
  { timeout: 180_000 },
  () => {
    it('run KiCad once for the same export and both serve its GLB', async () => {
      const base = tempDir('rr-3d-shared-');
      const experiment = join(base, 'exp');
      const root = join(experiment, 'live');
      mkdirSync(root, { recursive: true });
      await shortRun(root, { seed: 5, steps: 60, candidates: 1, trials: 1, rounds: 1 });
      const count = join(base, 'exports.log');
      const wrapper = join(base, 'kicad-cli-counting');
      // Slow enough that the second viewer finds the first one exporting.
      writeFileSync(
        wrapper,
        `#!/bin/sh\nif [ "$1" = pcb ]; then echo "$$ $*" >> '${count}'; sleep 2; fi\nexec '${kicadCliPath()}' "$@"\n`,
      );
      chmodSync(wrapper, 0o755);

      const viewers = await Promise.all(
        [0, 1].map(() =>
          startViewer(['--root', root, '--pcb-cli', wrapper, '--geometry-extractor', 'native']),
        ),
      );
      onTestFinished(() => Promise.all(viewers.map((v) => v.stop())).then(() => undefined));
      const ports = viewers.map((v) => Number(new URL(v.url).port));
      const ask = async (port: number, path: string) => (await httpRequest(port, path)).json<GlbExport>();

      const asked = await Promise.all(ports.map((port) => ask(port, '/api/3d?lane=cand-0&phase=final')));
      expect(asked[0]!.key).toBe(asked[1]!.key);
      const key = asked[0]!.key;
      const ended = await Promise.all(
        ports.map(async (port) => {
          for (;;) {
            const job = await ask(port, `/api/3d/status?key=${key}`);
            if (job.state === 'done' || job.state === 'failed') return job;
            await new Promise((r) => setTimeout(r, 100));
          }
        }),
      );
      expect(
        ended.map((j) => j.state),
        JSON.stringify(ended),
      ).toEqual(['done', 'done']);
      const runs = readFileSync(count, 'utf8').trim().split('\n');
      expect(runs, 'kicad-cli pcb export runs').toHaveLength(1);
      expect(runs[0]).toContain('pcb export glb');
      // One viewer exported; the other waited for the experiment's export lock, then reused its GLB.
      const [reused] = ended.filter((j) => j.reused);
      const [exported] = ended.filter((j) => !j.reused);
      expect(reused, JSON.stringify(ended)).toMatchObject({ waitedForLock: true });
      expect(exported!.waitedForLock ?? false).toBe(false);
      expect(exported!.elapsedMs).toBeGreaterThan(0);
      for (const port of ports) {
        const glb = await httpRequest(port, `/api/3d/glb/${key}`);
        expect(glb.status).toBe(200);
        expect(glbNodeNames(glb.body).length).toBeGreaterThan(0);
      }
      expect(existsSync(join(experiment, '.viewer-3d-export.lock')), 'the lock is released').toBe(false);
    });
  },
);
