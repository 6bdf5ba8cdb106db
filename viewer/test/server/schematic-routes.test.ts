// SPDX-License-Identifier: AGPL-3.0-or-later
// The schematic routes over real HTTP: GET /api/schematic builds the model in a subprocess of the engine
// (the installed rr, or a frozen copy given by --engine-runtime), caches it under the cache folder and
// names its payload; GET /api/schematic/payload/<key> sends it. Needs the built dist (npm run build).
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_ADDRESSES } from '../../src/pnr-sim/example-board.js';
import { viewerPackageRoot } from '../../src/viewer-package.js';
import { describe, expect, it } from 'vitest';
import type { SchematicModel } from '../../src/schematic/schematic-model.js';
import { shortRun } from '../pnr-sim/sim-run.js';
import { tempDir } from '../temp-dir.js';
import { startViewer, type ViewerFixture } from './viewer-fixture.js';
import { available, needsData } from '../../../test/requirements.js';

interface SchematicAnswer {
  available: boolean;
  scope: string;
  stats: SchematicModel['stats'];
  problems: string[];
  checkpoint?: { lane: string; board: string };
  payload: { key: string; url: string; bytes: number };
}

async function schematic(
  viewer: ViewerFixture,
  query: string,
): Promise<{ answer: SchematicAnswer; model: SchematicModel }> {
  const res = await viewer.request(`/api/schematic?${query}`);
  expect(res.status, res.text).toBe(200);
  const answer = res.json<SchematicAnswer>();
  const payload = await viewer.request(answer.payload.url);
  expect(payload.status).toBe(200);
  return { answer, model: payload.json<SchematicModel>() };
}

async function firstLane(viewer: ViewerFixture): Promise<string> {
  const state = (await viewer.request('/api/state')).json<{ lanes: { id: string }[] }>();
  return state.lanes[0]!.id;
}

/** The example board's references (every footprint of it). */
const EXAMPLE_REFS = Object.keys(EXAMPLE_ADDRESSES).sort();

/** The schematic builder runs in a subprocess of the built viewer (`npm run build`, which npm ci runs). */
const BUILT_CLI = join(viewerPackageRoot(), 'dist', 'src', 'cli', 'viewer-cli.js');

describe.runIf(available(needsData(BUILT_CLI, 'the built viewer', 'run `npm run build`')))(
  'GET /api/schematic',
  () => {
    it('draws the graph rr pnr-sim wrote, with every component, and serves the cached payload by key', async () => {
      const viewer = await startViewer({ simulate: true });
      const features = (await viewer.request('/api/features')).json<{
        features: { id: string; available: boolean; detail?: string }[];
      }>();
      const feature = features.features.find((f) => f.id === 'schematic')!;
      expect(feature.available).toBe(true);
      expect(feature.detail).toContain('netlist-graph.json (written by the experiment)');
      const lane = await firstLane(viewer);
      const { answer, model } = await schematic(viewer, `lane=${encodeURIComponent(lane)}`);
      expect(answer.scope).toBe('design');
      expect(model.components.map((c) => c.ref).sort()).toEqual(EXAMPLE_REFS);
      expect(model.stats.genericSymbols).toBe(16);
      // The hierarchy by instance address: the example board carries the design's addresses.
      expect(model.blocks.map((b) => b.address).sort()).toEqual(['leds', 'mcu', 'port', 'supply']);
      expect(model.components.find((c) => c.ref === 'U2')).toMatchObject({
        address: 'supply.ldo',
        block: 'supply',
      });
      // Cached under the cache folder, by key; the payload is immutable.
      expect(readdirSync(join(viewer.config.cacheDir, 'schematic'))).toContain(`${answer.payload.key}.json`);
      const again = (
        await viewer.request(`/api/schematic?lane=${encodeURIComponent(lane)}`)
      ).json<SchematicAnswer>();
      expect(again.payload.key).toBe(answer.payload.key);
      const notModified = await viewer.request(answer.payload.url, {
        headers: { 'if-none-match': `"${answer.payload.key}"` },
      });
      expect(notModified.status).toBe(304);
    });

    it('draws the board of a lane checkpoint with scope=board, and refuses what it cannot draw', async () => {
      const viewer = await startViewer({ simulate: true });
      const lane = await firstLane(viewer);
      const { answer, model } = await schematic(viewer, `lane=${encodeURIComponent(lane)}&scope=board`);
      expect(answer.checkpoint).toMatchObject({ lane });
      expect(model.scope).toBe('board');
      expect(model.components).toHaveLength(16);
      expect((await viewer.request('/api/schematic?scope=board')).status).toBe(400);
      expect((await viewer.request('/api/schematic?lane=nope')).status).toBe(404);
      expect((await viewer.request('/api/schematic?scope=sideways')).status).toBe(400);
      expect((await viewer.request(`/api/schematic/payload/${'0'.repeat(64)}`)).status).toBe(404);
      expect((await viewer.request('/api/schematic/payload/..%2F..%2Fetc')).status).toBe(400);
    });

    it('says why it is unavailable without a graph, and names the line of a broken one', async () => {
      const empty = await startViewer();
      const res = await empty.request('/api/schematic');
      expect(res.status).toBe(501);
      expect(res.json<{ reason: string }>().reason).toContain('needs a netlist graph');

      const dir = tempDir();
      const graph = join(dir, 'graph.json');
      writeFileSync(
        graph,
        '{\n  "schema": "pnr-netlist-graph-v1",\n  "components": [],\n  "nets": [{"name": "GND"}]\n}\n',
      );
      // Read at startup: the view does not start, and says so with the file's line.
      const broken = await startViewer({ flags: { graph } });
      const answer = await broken.request('/api/schematic');
      expect(answer.status).toBe(501);
      expect(answer.json<{ reason: string }>().reason).toContain(
        `${graph}:4: not a pnr-netlist-graph-v1 file: at nets[0]: missing required field "pins"`,
      );
    });

    it('waits for the graph the experiment writes when it starts after the viewer', async () => {
      const viewer = await startViewer();
      const graph = join(viewer.root, 'netlist-graph.json');
      const late = await startViewer({ experimentDir: viewer.experimentDir, flags: { graph } });
      expect(
        (await late.request('/api/features')).json<{ features: { id: string; available: boolean }[] }>()
          .features,
      ).toContainEqual(expect.objectContaining({ id: 'schematic', available: true }));
      const before = await late.request('/api/schematic');
      expect(before.status).toBe(422);
      expect(before.json<{ message: string }>().message).toContain('cannot read the netlist graph (ENOENT)');
      await shortRun(late.root, { steps: 20, candidates: 1, trials: 1, rounds: 1 });
      const { model } = await schematic(late, '');
      expect(model.components).toHaveLength(EXAMPLE_REFS.length);
    });

    it('marks constrained nets, reports constraints naming unknown nets, and serves the keep-outs', async () => {
      const dir = tempDir();
      const constraints = join(dir, 'constraints.json');
      writeFileSync(
        constraints,
        JSON.stringify({
          schema: 'pnr-constraints-v1',
          net_classes: [
            { name: 'Power', nets: ['GND', 'VBUS'], match: '^\\+?3V3$', clearance: 0.3, track_width: 0.5 },
          ],
          diff_pairs: [{ name: 'I2C', positive: 'SDA', negative: 'SCL', gap: 0.2 }],
          keepouts: [
            {
              name: 'antenna',
              layers: ['F.Cu'],
              polygon: [
                [100, 80],
                [110, 80],
                [110, 90],
              ],
            },
          ],
        }),
      );
      const viewer = await startViewer({ simulate: true, flags: { constraints } });
      const { model } = await schematic(viewer, '');
      const gnd = model.nets.find((n) => n.name === 'GND')!;
      expect(gnd.class).toBe('Power');
      expect(gnd.constraints).toEqual(['net class Power: clearance 0.3 mm, track 0.5 mm']);
      const pair = model.nets.filter((n) =>
        n.constraints?.some((c) => c.startsWith('differential pair I2C')),
      );
      expect(pair.map((n) => n.name).sort()).toEqual(['SCL', 'SDA']);
      expect(model.nets.find((n) => n.name === '+3V3')!.class).toBe('Power');
      expect(model.problems.join('\n')).toContain(
        'net class Power names net "VBUS", which the netlist does not have',
      );
      const keepouts = (await viewer.request('/api/constraints')).json<{
        constraints: { keepouts: { name: string }[] };
      }>();
      expect(keepouts.constraints.keepouts.map((k) => k.name)).toEqual(['antenna']);
    });

    it('runs the schematic builder of a frozen engine copy given by --engine-runtime, and refuses a folder without one', async () => {
      const dir = tempDir();
      const copy = join(dir, 'engines', 'rules-rr-viewer');
      mkdirSync(copy, { recursive: true });
      const root = viewerPackageRoot();
      cpSync(join(root, 'bin'), join(copy, 'bin'), { recursive: true });
      cpSync(join(root, 'dist', 'src'), join(copy, 'dist', 'src'), { recursive: true });
      cpSync(join(root, 'package.json'), join(copy, 'package.json'));
      symlinkSync(join(root, 'schemas'), join(copy, 'schemas'));
      // rr and the other libraries, as the repository's npm workspace installed them.
      symlinkSync(join(root, '..', 'node_modules'), join(copy, 'node_modules'));
      // The frozen engine's builder differs from the installed one: it reports itself in the problems.
      const builder = join(copy, 'dist', 'src', 'schematic', 'schematic-builder.js');
      const source = readFileSync(builder, 'utf8');
      const changed = source.replace(
        'const problems = [',
        "const problems = ['built by the frozen engine', ",
      );
      expect(changed).not.toBe(source);
      writeFileSync(builder, changed);

      const frozen = await startViewer({ simulate: true, flags: { engineRuntime: join(dir, 'engines') } });
      expect((await schematic(frozen, '')).model.problems).toContain('built by the frozen engine');
      const installed = await startViewer({ simulate: true });
      expect((await schematic(installed, '')).model.problems).not.toContain('built by the frozen engine');

      const nowhere = await startViewer({ simulate: true, flags: { engineRuntime: dir } });
      const res = await nowhere.request('/api/schematic');
      expect(res.status).toBe(501);
      expect(res.json<{ reason: string }>().reason).toContain(`--engine-runtime ${dir}: no engine there`);
    });
  },
);
