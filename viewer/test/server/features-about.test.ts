// SPDX-License-Identifier: AGPL-3.0-or-later
// What the viewer says about itself: GET /api/about, GET /api/features, the 501 answers of the features
// this version does not build (with reasons drawn from the configuration), and the page: --dist, or a
// built-in page that says the page is not built.
import { execFileSync } from 'node:child_process';
import { viewerRoot } from '../viewer-root.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceInfo, webUrl } from '../../src/server/source-revision.js';
import { tempDir } from '../temp-dir.js';
import { startViewer, UNKNOWN_SOURCE } from './viewer-fixture.js';

describe('features this viewer does not provide', () => {
  it('answers their routes 501 with what is missing and why, and their status routes 200', async () => {
    const v = await startViewer({ flags: { graph: 'netlist.json' } });
    const routes: [string, string, string?][] = [
      ['/api/agent/chat', 'agent', 'POST'],
      ['/api/agent/cancel', 'agent', 'POST'],
    ];
    for (const [path, feature, method] of routes) {
      const r = await v.request(path, method ? { json: {} } : {});
      expect(r.status, path).toBe(501);
      const body = r.json<{ available: boolean; feature: string; reason: string; needs: string[] }>();
      expect(body).toMatchObject({ available: false, feature });
      expect(body.reason, path).toContain(
        feature === 'agent'
          ? 'off by default. Start the viewer with --agent on'
          : 'not part of this rr version',
      );
    }
    for (const path of ['/api/source/index', '/api/source/file?path=main.ato']) {
      const r = await v.request(path);
      expect(r.status, path).toBe(501);
      expect(r.json()).toMatchObject({
        available: false,
        feature: 'source',
        reason: expect.stringContaining('--hdl-root (the folder of the ato.yaml manifest) and --hdl-build'),
      });
    }
    // Without kicad-cli the 3D routes say what is missing (threed-routes.test.ts has them with it).
    for (const path of ['/api/3d?lane=cand-0&phase=final', '/api/3d/glb/abc']) {
      const r = await v.request(path);
      expect(r.status, path).toBe(501);
      expect(r.json()).toMatchObject({ available: false, feature: '3d', needs: ['--pcb-cli'] });
      expect(r.json<{ reason: string }>().reason).toContain("needs KiCad's command-line tool (kicad-cli)");
    }
    // The schematic view is built, but the configured graph is not there: its routes say so.
    for (const path of ['/api/schematic?lane=cand-0', '/api/schematic/payload/abc']) {
      const r = await v.request(path);
      expect(r.status, path).toBe(501);
      const schematic = r.json<{ feature: string; reason: string; needs: string[] }>();
      expect(schematic.feature).toBe('schematic');
      expect(schematic.reason).toContain(
        `The netlist graph cannot be used: ${join(v.experimentDir, '..', 'netlist.json')}: cannot read the netlist graph (ENOENT); check the --graph path; then start rr view again.`,
      );
      expect(schematic.needs).toContain('--graph');
    }
    for (const path of ['/api/agent/status', '/api/3d/status']) {
      const r = await v.request(path);
      expect(r.status).toBe(200);
      expect(r.json()).toMatchObject({ available: false });
    }
    const features = (await v.request('/api/features')).json<{
      features: { id: string; available: boolean }[];
    }>();
    expect(features.features.filter((f) => f.available).map((f) => f.id)).toEqual([
      'geometry',
      'controls',
      'records',
      'notes',
      'component-cost',
    ]);
    expect(features.features.map((f) => f.id)).toContain('agent');
  });

  it('answers unknown API paths 404 as JSON', async () => {
    const v = await startViewer();
    const r = await v.request('/api/nothing/here');
    expect(r.status).toBe(404);
    expect(r.json()).toMatchObject({ status: 404, code: 'no-route' });
  });
});

describe('GET /api/about', () => {
  it('names rr, its version, the viewer’s licence (AGPL-3.0-or-later), title and source', async () => {
    const v = await startViewer();
    expect((await v.request('/api/about')).json()).toEqual({
      name: 'rr',
      version: '9.9.9',
      license: 'AGPL-3.0-or-later',
      title: 'exp/live',
      source: UNKNOWN_SOURCE,
    });
  });

  it('takes the revision from VIEWER_SOURCE_REVISION, else from the checkout rr runs from', async () => {
    const fromEnv = await sourceInfo({
      packageRoot: viewerRoot,
      env: { VIEWER_SOURCE_REVISION: 'abc123' },
      sourceUrl: 'https://example.net/rr-changes',
    });
    expect(fromEnv).toMatchObject({
      revision: 'abc123',
      revisionFrom: 'environment',
      modified: false,
      changes: 'https://example.net/rr-changes',
    });
    const fromGit = await sourceInfo({ packageRoot: viewerRoot, env: {} });
    expect(fromGit.revisionFrom).toBe('git');
    expect(fromGit.revision).toMatch(/^[0-9a-f]{40}$/);
    expect(typeof fromGit.modified).toBe('boolean');
    const notACheckout = await sourceInfo({ packageRoot: tempDir(), env: {} });
    expect(notACheckout).toMatchObject({ revision: null, revisionFrom: 'unknown', repository: null });
  });

  it('names the repository of a clone of a local path, and the package folder of an installed copy', async () => {
    const origin = join(tempDir(), 'rr.git');
    const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'pipe' });
    git(tempDir(), 'init', '-q', '--bare', origin);
    const work = join(tempDir(), 'work');
    git(tempDir(), 'clone', '-q', origin, work);
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'rules-rr-viewer', version: '0.1.0' }));
    git(work, 'add', '.');
    git(work, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'one');
    const clone = await sourceInfo({ packageRoot: work, env: {} });
    expect(clone).toMatchObject({ repository: origin, revisionFrom: 'git', tree: null });
    expect(clone.from).toContain(`remote origin ${origin}`);
    // Installed (not a checkout): the page says which folder and package runs.
    const installed = tempDir();
    writeFileSync(
      join(installed, 'package.json'),
      JSON.stringify({ name: 'rules-rr-viewer', version: '0.1.0' }),
    );
    const copy = await sourceInfo({ packageRoot: installed, env: {} });
    expect(copy.from).toBe(
      `the installed package in ${installed} (rules-rr-viewer 0.1.0), not a git checkout; VIEWER_SOURCE_REVISION is not set`,
    );
  });

  it('shows no repository for a package.json whose "repository" has the wrong shape', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'package.json'), JSON.stringify({ repository: { url: 7 } }));
    expect((await sourceInfo({ packageRoot: root, env: {} })).repository).toBeNull();
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({ repository: { url: 'git@github.com:acme/rr.git' } }),
    );
    expect((await sourceInfo({ packageRoot: root, env: {} })).repository).toBe('https://github.com/acme/rr');
  });

  it('turns git remotes into web URLs without credentials', () => {
    expect(webUrl('git@github.com:acme/rr.git')).toBe('https://github.com/acme/rr');
    expect(webUrl('https://user:token@github.com/acme/rr.git')).toBe('https://github.com/acme/rr');
    expect(webUrl('ssh://git@gitlab.example:2222/acme/rr.git')).toBe('https://gitlab.example/acme/rr');
    expect(webUrl('git+https://github.com/acme/rr.git')).toBe('https://github.com/acme/rr');
    expect(webUrl('/srv/git/rr.git')).toBeNull();
  });
});

describe('the page', () => {
  it('says the page is not built when there is none, without inline script or style', async () => {
    const v = await startViewer();
    const r = await v.request('/');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.text).toContain('page is not built');
    expect(r.text).not.toMatch(/<script|<style|style=/);
    expect((await v.request('/app.js')).status).toBe(404);
  });

  it('serves --dist when given, gzip-compressed when accepted', async () => {
    const dist = tempDir();
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>built</title><script type="module" src="/assets/main.js"></script>',
    );
    writeFileSync(
      join(dist, 'assets', 'main.js'),
      `export const big = ${JSON.stringify('x'.repeat(5000))};\n`,
    );
    const v = await startViewer({ flags: { dist } });
    expect((await v.request('/')).text).toContain('<title>built</title>');
    const js = await v.request('/assets/main.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.text).toContain('export const big');
    const etag = js.headers.etag as string;
    expect((await v.request('/assets/main.js', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});
