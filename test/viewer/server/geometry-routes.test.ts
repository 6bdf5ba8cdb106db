// GET /api/geometry/<sha256> on a checkpoint the simulator wrote: extracted by the native reader, cached
// (with a gzip copy) in the live directory, sent compressed when accepted, revalidated by ETag; 400 for
// a bad hash, 404 for a missing board, 422 for a file that is not a board.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { BoardGeometry } from '../../../tools/viewer/geometry/board-geometry.js';
import { startViewer } from './viewer-fixture.js';

describe('GET /api/geometry/<sha256>', () => {
  it('extracts a simulator checkpoint once, caches it and sends it gzip-compressed', async () => {
    const v = await startViewer({ simulate: true });
    const board = readdirSync(join(v.root, 'boards')).find((n) => n.endsWith('.kicad_pcb'))!;
    const sha = board.slice(0, 64);

    const r = await v.request(`/api/geometry/${sha}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    const geometry = r.json<BoardGeometry>();
    expect(geometry.schema).toBe('rr-board-geometry-v1');
    expect(geometry.extractor).toBe('native');
    expect(geometry.footprints).toHaveLength(16);
    expect(geometry.boundingBox).not.toBeNull();

    const cached = join(v.root, 'geometry', `${sha}.json`);
    expect(JSON.parse(readFileSync(cached, 'utf8'))).toEqual(geometry);
    expect(JSON.parse(gunzipSync(readFileSync(`${cached}.gz`)).toString('utf8'))).toEqual(geometry);

    const plain = await v.request(`/api/geometry/${sha}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(geometry);

    const etag = r.headers.etag as string;
    const again = await v.request(`/api/geometry/${sha}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers 400 for a bad hash, 404 for a missing board, 422 for a file that is not a board', async () => {
    const v = await startViewer({ simulate: true });
    const bad = await v.request('/api/geometry/not-a-hash');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, code: 'bad-hash' });

    const missing = await v.request(`/api/geometry/${'0'.repeat(64)}`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'no-board' });

    const sha = 'f'.repeat(64);
    writeFileSync(join(v.root, 'boards', `${sha}.kicad_pcb`), '(kicad_sch (version 20231120))\n');
    const broken = await v.request(`/api/geometry/${sha}`);
    expect(broken.status).toBe(422);
    expect(broken.json()).toMatchObject({ code: 'unreadable-board' });
    expect(broken.json<{ message: string }>().message).toContain(`${sha}.kicad_pcb:1: not a KiCad board`);
    expect(existsSync(join(v.root, 'geometry', `${sha}.json`))).toBe(false);
  });
});
