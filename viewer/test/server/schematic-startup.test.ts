// SPDX-License-Identifier: AGPL-3.0-or-later
// Startup honesty of the schematic view: the graph and the constraints file are read when the viewer
// starts; a graph that does not read keeps the view from starting, a constraints file that does not read
// or a --constraints/--parts path that is not there is a startup warning with the file's line, and
// /api/features says what the view starts without instead of acting as if the flag were absent.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupWarnings, type Feature } from '../../src/server/viewer-features.js';
import { exampleBoardGraph } from '../design-sources/example-design.js';
import { tempDir } from '../temp-dir.js';
import { startViewer, type ViewerFixture } from './viewer-fixture.js';

async function schematicFeature(v: ViewerFixture): Promise<Feature> {
  const features = (await v.request('/api/features')).json<{ features: Feature[] }>().features;
  return features.find((f) => f.id === 'schematic')!;
}

function goodGraph(dir: string): string {
  const graph = join(dir, 'graph.json');
  writeFileSync(graph, JSON.stringify(exampleBoardGraph(), null, 2));
  return graph;
}

describe('the schematic view at startup', () => {
  it('does not start on a graph that does not read, and says so with the file and line', async () => {
    const dir = tempDir();
    const graph = join(dir, 'graph.json');
    writeFileSync(graph, '{\n  "schema": "pnr-netlist-graph-v1",\n  "components": [\n}\n');
    const v = await startViewer({ flags: { graph } });
    const feature = await schematicFeature(v);
    expect(feature).toMatchObject({ available: false, needs: ['--graph', '--constraints', '--parts'] });
    expect(feature.startup).toHaveLength(1);
    expect(feature.startup![0]).toMatch(
      new RegExp(
        `^the schematic view cannot start: .*${graph.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4: not JSON`,
      ),
    );
    expect(startupWarnings(v.server.features)).toEqual(feature.startup);
    const answer = await v.request('/api/schematic');
    expect(answer.status).toBe(501);
    expect(answer.json<{ reason: string }>().reason).toContain(`${graph}:4: not JSON`);
  });

  it('starts without a constraints file that does not read, and warns with its line', async () => {
    const dir = tempDir();
    const constraints = join(dir, 'constraints.json');
    writeFileSync(
      constraints,
      '{\n  "schema": "pnr-constraints-v1",\n  "net_classes": [\n    {"name": "Power", "match": "("}\n  ]\n}\n',
    );
    const v = await startViewer({ flags: { graph: goodGraph(dir), constraints } });
    const feature = await schematicFeature(v);
    expect(feature.available).toBe(true);
    expect(feature.startup).toEqual([
      expect.stringContaining(
        `the constraints file does not read, so the schematic and board show no constraints: ${constraints}:4: not a pnr-constraints-v1 file: at net_classes[0].match: not a regular expression`,
      ),
    ]);
    expect(feature.available && feature.detail).toContain(`constraints ${constraints} (broken: not shown)`);
    expect(startupWarnings(v.server.features)).toEqual(feature.startup);
    // The board's constraints route says the same, and the schematic lists it as a problem.
    const route = await v.request('/api/constraints');
    expect(route.status).toBe(422);
    expect(route.json<{ line: number }>().line).toBe(4);
  });

  it('warns of a --constraints file and a --parts folder that are not there, and does not pretend they were not given', async () => {
    const dir = tempDir();
    const constraints = join(dir, 'missing-constraints.json');
    const parts = join(dir, 'missing-parts');
    const v = await startViewer({ flags: { graph: goodGraph(dir), constraints, parts } });
    const feature = await schematicFeature(v);
    expect(feature.available).toBe(true);
    expect(feature.startup).toEqual([
      `--constraints ${constraints} does not exist; the schematic and board show no constraints until it does`,
      `--parts ${parts} does not exist; the schematic draws generic symbols until it does`,
    ]);
    const detail = feature.available ? feature.detail! : '';
    expect(detail).toContain(`constraints ${constraints} (missing: not shown)`);
    expect(detail).toContain(`part symbols from ${parts} (missing: generic symbols)`);
    expect(detail).not.toContain('no constraints file');
    expect(detail).not.toContain('no --parts');
    // GET /api/constraints names the missing file instead of saying none is configured.
    const route = await v.request('/api/constraints');
    expect(route.status).toBe(422);
    expect(route.json<{ message: string }>().message).toContain(
      `${constraints}: cannot read the constraints file (ENOENT); check the --constraints path`,
    );

    // Once they exist, the view uses them without a restart.
    mkdirSync(parts);
    writeFileSync(constraints, JSON.stringify({ schema: 'pnr-constraints-v1', net_classes: [] }));
    expect((await v.request('/api/constraints')).json()).toMatchObject({ available: true });

    // Without the flags, the detail says none were given and nothing is warned.
    const plain = await startViewer({ flags: { graph: goodGraph(tempDir()) } });
    const without = await schematicFeature(plain);
    expect(without.startup).toBeUndefined();
    expect(without.available && without.detail).toContain('no constraints file');
    expect(without.available && without.detail).toContain('generic symbols (no --parts)');
  });
});
