// SPDX-License-Identifier: AGPL-3.0-or-later
// Every route that reads or writes files refuses paths that would leave their folder: geometry hashes,
// run folders, record and note ids, and the page's files; `..`, its percent-encoded forms, symbolic
// links leading out and ids with slashes. Nothing is written by a refused request.
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.js';
import { startViewer } from './viewer-fixture.js';

const HASH = 'a'.repeat(64);

describe('path traversal', () => {
  it('refuses geometry hashes that are not 64 hex digits, encoded dot segments included', async () => {
    const v = await startViewer();
    for (const path of [
      '/api/geometry/..%2f..%2fetc%2fpasswd',
      '/api/geometry/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/geometry/%2e%2e',
      `/api/geometry/${'A'.repeat(64)}`,
      `/api/geometry/${HASH}.json`,
    ]) {
      const r = await v.request(path);
      expect(r.status, path).toBe(400);
      expect(r.json(), path).toMatchObject({ code: 'bad-hash' });
    }
    const raw = await v.request('/api/geometry/../../package.json');
    expect([400, 404]).toContain(raw.status);
    expect(existsSync(join(v.root, 'geometry'))).toBe(false);
  });

  it('refuses a board that is a symbolic link leading out of the live directory', async () => {
    const v = await startViewer();
    const outside = join(tempDir(), 'board.kicad_pcb');
    writeFileSync(outside, '(kicad_pcb (version 20241229))\n');
    mkdirSync(join(v.root, 'boards'));
    symlinkSync(outside, join(v.root, 'boards', `${HASH}.kicad_pcb`));
    const r = await v.request(`/api/geometry/${HASH}`);
    expect(r.status).toBe(403);
    expect(r.json()).toMatchObject({ code: 'outside' });
    expect(existsSync(join(v.root, 'geometry'))).toBe(false);
  });

  it('refuses run folders outside the experiment folder, through .., encoded .. or a symbolic link', async () => {
    const v = await startViewer();
    const elsewhere = tempDir();
    mkdirSync(join(elsewhere, 'events'));
    symlinkSync(elsewhere, join(v.experimentDir, 'escape'));
    for (const run of ['..', '../..', '%2e%2e%2f%2e%2e', 'escape', encodeURIComponent(elsewhere)]) {
      for (const path of [
        `/api/state?run=${run}`,
        `/api/history?run=${run}`,
        `/api/geometry/${HASH}?run=${run}`,
      ]) {
        const r = await v.request(path);
        expect(r.status, path).toBe(403);
        expect(r.json()).toMatchObject({ code: 'outside' });
      }
    }
    expect((await v.request('/api/state?run=missing')).status).toBe(404);
    const pin = await v.request('/api/pin', { json: { lane: 'cand-0', seq: 1, run: 'escape' } });
    expect(pin.status).toBe(403);
    expect(existsSync(join(v.root, 'pins'))).toBe(false);
  });

  it('refuses record and note ids with slashes or dots, and writes nothing', async () => {
    const v = await startViewer();
    for (const id of ['../x', 'a/b', '.hidden', 'x.json']) {
      const r = await v.request('/api/pin', { json: { id, lane: 'cand-0', seq: 1 } });
      expect(r.status, id).toBe(400);
      expect(r.json()).toMatchObject({ code: 'bad-id' });
    }
    for (const path of [
      '/api/pins/..%2F..%2Fcontrol',
      '/api/snapshots/%2e%2e',
      '/api/notes/a%2Fb',
      '/api/drafts/.x',
    ]) {
      const r = await v.request(path);
      expect(r.status, path).toBe(400);
    }
    for (const action of ['accept', 'edit', 'delete']) {
      const r = await v.request(`/api/notes/..%2F..%2Flive%2Fcontrol/${action}`, { json: { revision: 1 } });
      expect(r.status, action).toBe(400);
      expect(r.json()).toMatchObject({ code: 'bad-id' });
    }
    expect((await v.request('/api/notes/a/b/accept', { json: { revision: 1 } })).status).toBe(404);
    expect(readdirSync(v.root)).toEqual([]);
    expect(existsSync(v.config.notesDir)).toBe(false);
  });

  it('serves only files inside the page folder', async () => {
    const ui = tempDir();
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>viewer</title>');
    mkdirSync(join(ui, 'assets'));
    writeFileSync(join(ui, 'assets', 'app.js'), 'export {};');
    writeFileSync(join(ui, '.secret'), 'hidden');
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    symlinkSync(join(outside, 'secret.txt'), join(ui, 'link.txt'));
    const v = await startViewer({ uiDir: ui });
    expect((await v.request('/')).text).toContain('<title>viewer</title>');
    expect((await v.request('/assets/app.js')).headers['content-type']).toContain('text/javascript');
    for (const path of [
      '/../package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2F..%2Fpackage.json',
      '/.secret',
      '/link.txt',
      '/assets%5c..%5capp.js',
      '/%00',
    ])
      expect((await v.request(path)).status, path).toBe(404);
  });
});
