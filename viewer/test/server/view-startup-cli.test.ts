// SPDX-License-Identifier: AGPL-3.0-or-later
// Startup honesty of `rr view` as a user runs it (the built bin/rr.js): a flag whose feature cannot start
// (design sources without a manifest, an engine runtime without an engine, a netlist graph or a
// constraints file that does not read, a parts folder that is not there) is printed as a warning with the
// reason when the viewer starts; the viewer still serves, and /api/features says the same.
import { viewerRoot } from '../viewer-root.js';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SourceInfo } from '../../src/server/source-revision.js';
import type { Feature } from '../../src/server/viewer-features.js';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { exampleBoardGraph } from '../design-sources/example-design.js';
import { tempDir } from '../temp-dir.js';
import { httpRequest } from './http-request.js';

/**
 * Starts `rr view` (through `bin`: rr's own script by default, or a viewer package's rr-viewer.js) in
 * `dir` and waits until it serves; stop() ends it and answers all it wrote to stderr; out() is what it
 * wrote to stdout so far.
 */
async function startView(
  dir: string,
  args: string[],
  bin = join(repoRoot, 'bin', 'rr.js'),
): Promise<{ port: number; out: () => string; stop: () => Promise<string> }> {
  const child = spawn(process.execPath, [bin, 'view', '--port', '0', ...args], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, VIEWER_USER_CONFIG: '' },
  });
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  let port: number | undefined;
  while (port === undefined) {
    if (child.exitCode !== null) throw new Error(`rr view exited ${child.exitCode}: ${err}`);
    const m = /serving at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
    if (m) port = Number(m[1]);
    else await sleep(50);
  }
  return {
    port,
    out: () => out,
    // stderr and stdout are separate pipes: what it printed before "serving at" may arrive after it.
    stop: async () => {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('close', resolve));
      return err;
    },
  };
}

describe('rr view at startup', () => {
  it('prints why the source browser and cost replay cannot start, and serves the rest', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'design'));
    mkdirSync(join(dir, 'engine'));
    const { port, stop } = await startView(dir, [
      '--root',
      'exp/live',
      '--hdl-root',
      'design',
      '--hdl-build',
      'default',
      '--engine-runtime',
      'engine',
    ]);
    const features = (await httpRequest(port, '/api/features')).json<{ features: Feature[] }>().features;
    expect(features.find((f) => f.id === 'source')).toMatchObject({ available: false });
    expect(features.find((f) => f.id === 'component-cost')).toMatchObject({ available: false });
    const err = await stop();
    expect(err).toContain(
      `rr view: warning: the source browser cannot start: ${join(dir, 'design', 'ato.yaml')}: there is no ato.yaml here; --hdl-root names the folder of the design project's manifest\n`,
    );
    expect(err).toContain(
      `rr view: warning: cost replay cannot start: --engine-runtime ${join(dir, 'engine')}: no engine there`,
    );
  });

  it('prints a graph, a constraints file or a parts folder the schematic view cannot use as warnings', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'graph.json'), JSON.stringify(exampleBoardGraph()));
    writeFileSync(
      join(dir, 'constraints.json'),
      '{\n  "schema": "pnr-constraints-v1",\n  "keepouts": 3\n}\n',
    );
    const started = await startView(dir, [
      '--root',
      'exp/live',
      '--graph',
      'graph.json',
      '--constraints',
      'constraints.json',
      '--parts',
      'parts',
    ]);
    const features = (await httpRequest(started.port, '/api/features')).json<{ features: Feature[] }>()
      .features;
    expect(features.find((f) => f.id === 'schematic')).toMatchObject({ available: true });
    const err = await started.stop();
    expect(err).toContain(
      `rr view: warning: the constraints file does not read, so the schematic and board show no constraints: ${join(dir, 'constraints.json')}:3: not a pnr-constraints-v1 file: at keepouts: must be array`,
    );
    expect(err).toContain(
      `rr view: warning: --parts ${join(dir, 'parts')} does not exist; the schematic draws generic symbols until it does\n`,
    );
    expect(err).not.toContain('rr view: schematic:');

    writeFileSync(join(dir, 'broken.json'), '{"schema": "pnr-netlist-graph-v1",\n "nets": []}\n');
    const broken = await startView(dir, ['--root', 'exp/live', '--graph', 'broken.json']);
    expect(await broken.stop()).toContain(
      `rr view: warning: the schematic view cannot start: The netlist graph cannot be used: ${join(dir, 'broken.json')}:1: not a pnr-netlist-graph-v1 file: at the top level: missing required field "components"`,
    );
  });

  it('says which views need the assembled page when it serves the bare one', async () => {
    // A viewer package without dist/ui: its compiled server and page modules, the rest linked.
    const viewer = join(tempDir(), 'rules-rr-viewer');
    mkdirSync(join(viewer, 'dist'), { recursive: true });
    for (const part of ['bin', 'package.json', 'dist/src', 'dist/ui-modules'])
      cpSync(join(viewerRoot, part), join(viewer, part), { recursive: true });
    for (const part of ['schemas', 'ui', 'LICENSE']) symlinkSync(join(viewerRoot, part), join(viewer, part));
    symlinkSync(join(repoRoot, 'node_modules'), join(viewer, 'node_modules'));
    const dir = tempDir();
    const started = await startView(dir, ['--root', 'exp/live'], join(viewer, 'bin', 'rr-viewer.js'));
    expect(started.out()).toContain(
      'rr view: serving the bare page (no assembled page in dist/ui of the viewer package: run npm run build, or give --dist); the 3D view and the schematic layout need the assembled page\n',
    );
    const page = await httpRequest(started.port, '/');
    expect(page.text).toContain('<meta name="rr-page" content="bare" />');
    await started.stop();
  });

  it('reports --source-url and the checkout it runs from in GET /api/about', async () => {
    const dir = tempDir();
    const started = await startView(dir, [
      '--root',
      'exp/live',
      '--source-url',
      'https://example.net/rr-changes',
    ]);
    const about = (await httpRequest(started.port, '/api/about')).json<{ source: SourceInfo }>();
    await started.stop();
    const head = execFileSync('git', ['-C', repoRoot, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    expect(about.source).toMatchObject({
      changes: 'https://example.net/rr-changes',
      revision: head,
      revisionFrom: 'git',
    });
  });
});
