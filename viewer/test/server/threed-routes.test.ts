// SPDX-License-Identifier: AGPL-3.0-or-later
// The 3D view's routes with the real kicad-cli: GET /api/3d starts the GLB export of a lane's
// checkpoint, /api/3d/status follows it to done, /api/3d/glb/<key> sends it (ETag, 304); a part whose
// 3D model is missing leaves the board without it and a warning; a board KiCad cannot read fails
// with KiCad's message. Skipped without kicad-cli; in CI a missing KiCad fails.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GlbExport } from '../../src/threed/glb-exports.js';
import { startViewer, type ViewerFixture } from './viewer-fixture.js';
import { glbNodeNames } from './glb-nodes.js';
import { boardWithModels, kicadCliPath } from './threed-boards.js';
import { available, needsProgram } from '../../../test/requirements.js';

/** Polls /api/3d/status?key until the export ends. */
async function finished(v: ViewerFixture, key: string): Promise<GlbExport> {
  for (;;) {
    const job = (await v.request(`/api/3d/status?key=${key}`)).json<GlbExport>();
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.runIf(available(needsProgram('kicad-cli')))('3D view: GLB export with kicad-cli', () => {
  const cli = { status: 'found', tool: 'cli', path: kicadCliPath(), source: 'test' } as const;

  it('exports a lane checkpoint, reports its progress and serves the GLB by key with an ETag', async () => {
    const v = await startViewer({ simulate: true, pcbCli: cli });
    const features = (await v.request('/api/features')).json<{
      features: { id: string; available: boolean }[];
    }>();
    expect(features.features.find((f) => f.id === '3d')?.available).toBe(true);

    const first = await v.request('/api/3d?lane=cand-0&phase=final');
    expect(first.status).toBe(200);
    const job = first.json<GlbExport & { checkpoint: { lane: string; phase: string } }>();
    expect(job.checkpoint).toMatchObject({ lane: 'cand-0', phase: 'final' });
    expect(['queued', 'exporting', 'done']).toContain(job.state);
    expect(job.key).toMatch(/^[0-9a-f]{64}$/);

    const done = await finished(v, job.key);
    expect(done.state, done.message).toBe('done');
    expect(done.glb).toBe(`/api/3d/glb/${job.key}`);
    const status = (await v.request('/api/3d/status')).json<{
      cli: { path: string };
      exports: GlbExport[];
    }>();
    expect(status.cli.path).toBe(cli.path);
    expect(status.exports.map((e) => e.key)).toContain(job.key);

    const glb = await v.request(done.glb!);
    expect(glb.status).toBe(200);
    expect(glb.headers['content-type']).toBe('model/gltf-binary');
    expect(glb.body.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.headers.etag).toBe(`"${job.key}"`);
    const zipped = await v.request(done.glb!, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.equals(glb.body), 'the same GLB, gunzipped').toBe(true);
    const again = await v.request(done.glb!, { headers: { 'if-none-match': `"${job.key}"` } });
    expect(again.status).toBe(304);
    // Cached in the cache folder, and asking again finds it rather than exporting again.
    expect(readdirSync(join(v.config.cacheDir, '3d'))).toContain(`${job.key}.glb`);
    const second = (await v.request('/api/3d?lane=cand-0&phase=final')).json<GlbExport>();
    expect(second).toMatchObject({ key: job.key, state: 'done' });
  });

  it('refuses bad queries: no lane, an unknown phase, a lane without checkpoints, a malformed key', async () => {
    const v = await startViewer({ simulate: true, pcbCli: cli });
    expect((await v.request('/api/3d')).json()).toMatchObject({ status: 400, code: 'bad-query' });
    expect((await v.request('/api/3d?lane=cand-0&phase=boiled')).json()).toMatchObject({ code: 'bad-query' });
    expect((await v.request('/api/3d?lane=nobody')).json()).toMatchObject({
      status: 404,
      code: 'no-checkpoint',
    });
    expect((await v.request('/api/3d/glb/..%2f..%2fetc')).json()).toMatchObject({
      status: 400,
      code: 'bad-key',
    });
    expect((await v.request(`/api/3d/glb/${'a'.repeat(64)}`)).json()).toMatchObject({ status: 404 });
  });

  it('shows a board whose 3D models are missing without those parts, with a warning naming them', async () => {
    const v = await startViewer({ simulate: true, pcbCli: cli });
    const boards = join(v.root, 'boards');
    const source = readdirSync(boards).find((n) => n.endsWith('.kicad_pcb'))!;
    const { text, withModel } = boardWithModels(readFileSync(join(boards, source), 'utf8'), v.root, {
      modelled: 1,
      missing: 1,
    });
    const hash = 'b'.repeat(64);
    writeFileSync(join(boards, `${hash}.kicad_pcb`), text);
    const job = (await v.request(`/api/3d?board=${hash}`)).json<GlbExport>();
    const done = await finished(v, job.key);
    expect(done.state, done.message).toBe('done');
    expect(done.missingModels).toHaveLength(1);
    expect(done.warnings.join('\n')).toContain(`no 3D model for ${done.missingModels[0]}`);
    // The part with a model is a node named by its reference; the missing one is not there.
    const names = glbNodeNames((await v.request(done.glb!)).body);
    expect(names).toContain(withModel[0]);
    expect(names).not.toContain(done.missingModels[0]);
  });

  it('reports a board KiCad cannot read as failed, with KiCad’s message', async () => {
    const v = await startViewer({ simulate: true, pcbCli: cli });
    const hash = 'c'.repeat(64);
    mkdirSync(join(v.root, 'boards'), { recursive: true });
    writeFileSync(join(v.root, 'boards', `${hash}.kicad_pcb`), '(kicad_pcb (version 20240108) (generator');
    const job = (await v.request(`/api/3d?board=${hash}`)).json<GlbExport>();
    const failed = await finished(v, job.key);
    expect(failed.state).toBe('failed');
    expect(failed.message).toMatch(/kicad-cli pcb export glb exited with status \d+ and wrote no GLB: \S/);
    // Asking again reports the failure; retry=1 runs it again.
    expect((await v.request(`/api/3d?board=${hash}`)).json()).toMatchObject({ state: 'failed' });
    const retried = (await v.request(`/api/3d?board=${hash}&retry=1`)).json<GlbExport>();
    expect(['queued', 'exporting', 'failed']).toContain(retried.state);
  });
});
