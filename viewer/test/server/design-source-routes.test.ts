// SPDX-License-Identifier: AGPL-3.0-or-later
// The source browser's routes on the example design project: the index (the tree joined to the netlist
// graph of rr pnr-sim's example board), source files confined to the source folder, and what the viewer
// says when the design sources cannot be read.
import { cpSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceIndex } from '../../src/design-sources/design-source-index.js';
import { findInstance } from '../../src/design-sources/source-netlist-join.js';
import { startupWarnings, type Feature } from '../../src/server/viewer-features.js';
import { EXAMPLE_DESIGN, exampleBoardGraph } from '../design-sources/example-design.js';
import { tempDir } from '../temp-dir.js';
import { startViewer } from './viewer-fixture.js';

/** A copy of the example design with a graph file beside it, and a secret file outside its source folder. */
function design(): { root: string; graph: string; outside: string } {
  const base = tempDir();
  const root = join(base, 'design');
  cpSync(EXAMPLE_DESIGN, root, { recursive: true });
  const graph = join(base, 'netlist.json');
  writeFileSync(graph, JSON.stringify(exampleBoardGraph()));
  const outside = join(base, 'secret.txt');
  writeFileSync(outside, 'not a design source\n');
  return { root, graph, outside };
}

describe('the source routes', () => {
  it('serve the index: the instance tree with files, lines, joined components and nets', async () => {
    const d = design();
    const v = await startViewer({ flags: { hdlRoot: d.root, hdlBuild: 'default', graph: d.graph } });
    const r = await v.request('/api/source/index');
    expect(r.status).toBe(200);
    const index = r.json<SourceIndex>();
    expect(index.manifest).toMatchObject({ build: 'default', entry: 'elec/src/sensor-node.ato:SensorNode' });
    expect(index.tree).toMatchObject({
      name: 'SensorNode',
      definition: { file: 'sensor-node.ato', line: 10 },
    });
    const mcu = index.tree.children.find((c) => c.name === 'mcu')!;
    expect(mcu.components.sort()).toEqual(['C3', 'C4', 'R5', 'R6', 'U1']);
    expect(mcu.nets).toContain('NRST');
    expect(index.nets.find((n) => n.net === 'NRST')).toMatchObject({
      title: 'mcu.ic.nreset',
      match: 'exact',
    });
    expect(index.files.map((f) => f.path)).toContain('parts/SensorMcu/SensorMcu.ato');
    const features = (await v.request('/api/features')).json<{ features: Feature[] }>().features;
    expect(features.find((f) => f.id === 'source')).toMatchObject({ available: true });
  });

  it('serve a source file by the name the index gives it', async () => {
    const d = design();
    const v = await startViewer({ flags: { hdlRoot: d.root, hdlBuild: 'default' } });
    const r = await v.request('/api/source/file?path=parts/AP2112K_3V3/AP2112K_3V3.ato');
    expect(r.status).toBe(200);
    const file = r.json<{ path: string; lines: string[]; lineCount: number }>();
    expect(file.lines[0]).toBe('component AP2112K_3V3:');
    expect(file.lineCount).toBe(file.lines.length);
    // Without a graph the tree is still there, joined to nothing, and says why.
    const index = (await v.request('/api/source/index')).json<SourceIndex>();
    expect(index.graph).toBeNull();
    expect(index.graphReason).toBe(
      `the experiment has not written its netlist graph ${join(v.root, 'netlist-graph.json')} yet, so nothing is joined to the netlist`,
    );
    expect(index.problems).toEqual([]);
    expect(index.tree.children).toHaveLength(4);
  });

  it('join the tree to the graph the experiment wrote into the live directory when no --graph is given', async () => {
    const d = design();
    const v = await startViewer({ simulate: true, flags: { hdlRoot: d.root, hdlBuild: 'default' } });
    const index = (await v.request('/api/source/index')).json<SourceIndex>();
    expect(index.graph).toMatchObject({ file: join(v.root, 'netlist-graph.json'), components: 16 });
    expect(index.problems).toEqual([]);
    expect(findInstance(index.tree, 'mcu')!.components.sort()).toEqual(['C3', 'C4', 'R5', 'R6', 'U1']);
    expect(index.nets.find((n) => n.net === 'NRST')).toMatchObject({
      title: 'mcu.ic.nreset',
      match: 'exact',
    });
    const features = (await v.request('/api/features')).json<{ features: Feature[] }>().features;
    const source = features.find((f) => f.id === 'source')!;
    expect(source.available && source.detail).toContain(
      `joined to the netlist graph the experiment writes into the live directory (${join(v.root, 'netlist-graph.json')})`,
    );
  });

  it('refuse paths that leave the source folder: traversal, absolute paths and symbolic links out', async () => {
    const d = design();
    const src = join(d.root, 'elec', 'src');
    symlinkSync(d.outside, join(src, 'escape.ato'));
    mkdirSync(join(src, 'linked'));
    symlinkSync(join(d.root), join(src, 'linked', 'up'));
    const v = await startViewer({ flags: { hdlRoot: d.root, hdlBuild: 'default' } });
    for (const path of [
      '../../ato.yaml',
      'parts/../../../ato.yaml',
      encodeURIComponent('..\\..\\ato.yaml'),
      encodeURIComponent(d.outside),
      '%2Fetc%2Fpasswd',
      'escape.ato',
      'linked/up/ato.yaml',
    ]) {
      const r = await v.request(`/api/source/file?path=${path}`);
      expect(r.status, path).toBe(403);
      expect(r.json<{ code: string }>().code, path).toBe('outside');
      expect(r.body).not.toContain('not a design source');
    }
    expect((await v.request('/api/source/file?path=nothing.ato')).status).toBe(404);
    expect((await v.request('/api/source/file')).json()).toMatchObject({ status: 400, code: 'bad-query' });
  });

  it('read the parts from --parts instead of <source folder>/parts', async () => {
    const d = design();
    const parts = join(d.root, '..', 'vendor-parts');
    renameSync(join(d.root, 'elec', 'src', 'parts'), parts);
    // Without --parts the moved parts are not found: their components are library types, with warnings.
    const without = await startViewer({ flags: { hdlRoot: d.root, hdlBuild: 'default', graph: d.graph } });
    const lost = (await without.request('/api/source/index')).json<SourceIndex>();
    expect(lost.problems.map((p) => p.message)).toContain(
      'imports from "parts/AP2112K_3V3/AP2112K_3V3.ato", which is not a file of the source folder',
    );

    const v = await startViewer({ flags: { hdlRoot: d.root, hdlBuild: 'default', graph: d.graph, parts } });
    const index = (await v.request('/api/source/index')).json<SourceIndex>();
    expect(index.manifest.partsDir).toBe(parts);
    expect(index.problems).toEqual([]);
    expect(index.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['@parts/AP2112K_3V3/AP2112K_3V3.ato', '@parts/SensorMcu/SensorMcu.ato']),
    );
    expect(findInstance(index.tree, 'supply.ldo')).toMatchObject({
      ref: 'U2',
      definition: { file: '@parts/AP2112K_3V3/AP2112K_3V3.ato', line: 1 },
    });
    const file = await v.request(
      `/api/source/file?path=${encodeURIComponent('@parts/AP2112K_3V3/AP2112K_3V3.ato')}`,
    );
    expect(file.status).toBe(200);
    expect(file.json<{ lines: string[] }>().lines[0]).toBe('component AP2112K_3V3:');
  });

  it('read the sources from --hdl-src, and refuse one that does not hold the entry file', async () => {
    const d = design();
    const elec = join(d.root, 'elec');
    const v = await startViewer({
      flags: { hdlRoot: d.root, hdlBuild: 'default', graph: d.graph, hdlSrc: elec },
    });
    const index = (await v.request('/api/source/index')).json<SourceIndex>();
    expect(index.manifest).toMatchObject({ sourceDir: elec, entryFile: 'src/sensor-node.ato' });
    expect(index.problems).toEqual([]);
    expect(index.tree.definition).toMatchObject({ file: 'src/sensor-node.ato', line: 10 });
    expect(findInstance(index.tree, 'mcu')!.components.sort()).toEqual(['C3', 'C4', 'R5', 'R6', 'U1']);
    expect((await v.request('/api/source/file?path=src/power.ato')).status).toBe(200);
    expect((await v.request('/api/source/file?path=power.ato')).status).toBe(404);

    const elsewhere = join(d.root, '..', 'other-src');
    mkdirSync(elsewhere);
    const w = await startViewer({ flags: { hdlRoot: d.root, hdlBuild: 'default', hdlSrc: elsewhere } });
    expect(startupWarnings(w.server.features)).toEqual([
      `the source browser cannot start: ${join(d.root, 'ato.yaml')}:11: entry "elec/src/sensor-node.ato:SensorNode": the file ${join(elec, 'src', 'sensor-node.ato')} lies outside the source folder ${elsewhere} (--hdl-src); give an --hdl-src that contains it, or leave --hdl-src out to use the entry file's folder`,
    ]);
    expect((await w.request('/api/source/index')).status).toBe(501);
  });

  it('say why the source browser cannot start, at startup and in /api/features', async () => {
    const d = design();
    const v = await startViewer({ flags: { hdlRoot: join(d.root, 'elec'), hdlBuild: 'default' } });
    const features = (await v.request('/api/features')).json<{ features: Feature[] }>().features;
    const source = features.find((f) => f.id === 'source')!;
    expect(source).toMatchObject({ available: false });
    expect(source.available || source.reason).toContain(
      `${join(d.root, 'elec', 'ato.yaml')}: there is no ato.yaml here`,
    );
    expect(startupWarnings(v.server.features)).toEqual([
      `the source browser cannot start: ${join(d.root, 'elec', 'ato.yaml')}: there is no ato.yaml here; --hdl-root names the folder of the design project's manifest`,
    ]);
    expect((await v.request('/api/source/index')).status).toBe(501);

    const w = await startViewer({ flags: { hdlRoot: d.root, hdlBuild: 'main' } });
    expect(startupWarnings(w.server.features)[0]).toContain(
      'has no build "main" (--hdl-build); its builds are "default"',
    );
  });
});
