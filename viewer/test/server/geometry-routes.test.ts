// SPDX-License-Identifier: AGPL-3.0-or-later
// The geometry routes on checkpoints the simulator wrote: GET /api/geometry/<sha256> (the whole
// rr-board-geometry-v1 JSON) and the layered form the page draws from, GET /api/geometry/<sha256>/layers
// (the index) and /layers/<name> (one part): extracted once by the native reader, stored in the cache
// folder (parts named by their content), sent gzip-compressed when accepted, revalidated by ETag, reused
// by a new server; 400 for a bad hash, 404 for a missing board or part, 422 for a file that is not a board.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BoardGeometry } from '../../src/geometry/board-geometry.js';
import { assembleGeometry } from '../../src/geometry/geometry-assembly.js';
import { decodePart } from '../../src/geometry/geometry-part-codec.js';
import type { GeometryIndex } from '../../src/geometry/geometry-parts.js';
import { readKicadBoard } from '../../src/geometry/kicad-board-reader.js';
import { startViewer, type ViewerFixture } from './viewer-fixture.js';

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

/** The hash of the largest checkpoint board in the fixture's live directory (a routed one, with tracks on both sides). */
function firstBoard(v: ViewerFixture): string {
  const boards = readdirSync(join(v.root, 'boards')).filter((n) => n.endsWith('.kicad_pcb'));
  const size = (n: string) => statSync(join(v.root, 'boards', n)).size;
  return boards.sort((a, b) => size(b) - size(a) || a.localeCompare(b))[0]!.slice(0, 64);
}

/** An extractor (the native reader) that counts its calls. */
function countingReader() {
  const calls: string[] = [];
  return {
    calls,
    extract: (board: string) => {
      calls.push(board);
      return readKicadBoard(board);
    },
  };
}

describe('GET /api/geometry/<sha256>', () => {
  it('extracts a simulator checkpoint once, caches it and sends it gzip-compressed', async () => {
    const v = await startViewer({ simulate: true });
    const sha = firstBoard(v);

    const r = await v.request(`/api/geometry/${sha}`, { headers: GZIP });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    const geometry = r.json<BoardGeometry>();
    expect(geometry.schema).toBe('rr-board-geometry-v1');
    expect(geometry.extractor).toBe('native');
    expect(geometry.footprints).toHaveLength(16);
    expect(geometry.boundingBox).not.toBeNull();
    expect(geometry).toEqual(
      JSON.parse(JSON.stringify(await readKicadBoard(join(v.root, 'boards', `${sha}.kicad_pcb`)))),
    );

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
    for (const path of [
      '/api/geometry/not-a-hash',
      '/api/geometry/not-a-hash/layers',
      '/api/geometry/not-a-hash/layers/F.Cu',
    ]) {
      const bad = await v.request(path);
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ status: 400, code: 'bad-hash' });
    }
    for (const suffix of ['', '/layers', '/layers/F.Cu']) {
      const missing = await v.request(`/api/geometry/${'0'.repeat(64)}${suffix}`);
      expect(missing.status).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'no-board' });
    }
    const sha = 'f'.repeat(64);
    writeFileSync(join(v.root, 'boards', `${sha}.kicad_pcb`), '(kicad_sch (version 20231120))\n');
    const broken = await v.request(`/api/geometry/${sha}/layers`);
    expect(broken.status).toBe(422);
    expect(broken.json()).toMatchObject({ code: 'unreadable-board' });
    expect(broken.json<{ message: string }>().message).toContain(`${sha}.kicad_pcb:1: not a KiCad board`);
    expect(existsSync(join(v.root, 'geometry', sha))).toBe(false);
  });
});

describe('GET /api/geometry/<sha256>/layers and /layers/<name>', () => {
  it('lists the parts and sends each, which assemble into exactly the whole geometry', async () => {
    const v = await startViewer({ simulate: true });
    const sha = firstBoard(v);
    const r = await v.request(`/api/geometry/${sha}/layers`, { headers: GZIP });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('no-cache');
    const index = r.json<GeometryIndex>();
    expect(index.schema).toBe('rr-board-geometry-index-v1');
    expect(index.parts.map((p) => p.name)).toEqual([
      'Edge.Cuts',
      'footprints',
      'F.Cu',
      'vias',
      'B.Cu',
      'zones',
    ]);

    const parts = [];
    for (const entry of index.parts) {
      const part = await v.request(`/api/geometry/${sha}/layers/${encodeURIComponent(entry.name)}`, {
        headers: GZIP,
      });
      expect(part.status).toBe(200);
      expect(part.headers['content-type']).toBe('application/octet-stream');
      expect(part.headers['content-encoding']).toBe('gzip');
      expect(part.headers.etag).toBe(`"${entry.hash.slice(0, 32)}"`);
      expect(part.body.length).toBe(entry.bytes);
      parts.push(decodePart(new Uint8Array(part.body), entry.name));
    }
    const whole = await v.request(`/api/geometry/${sha}`);
    expect(JSON.parse(JSON.stringify(assembleGeometry(index, parts)))).toEqual(whole.json());

    // Without gzip, the same bytes.
    const plain = await v.request(`/api/geometry/${sha}/layers/F.Cu`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decodePart(new Uint8Array(plain.body), 'F.Cu')).toEqual(parts[2]);
  });

  it('answers 304 for an ETag the client has, for the index and for a part', async () => {
    const v = await startViewer({ simulate: true });
    const sha = firstBoard(v);
    for (const path of [`/api/geometry/${sha}/layers`, `/api/geometry/${sha}/layers/F.Cu`]) {
      const first = await v.request(path, { headers: GZIP });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const again = await v.request(path, { headers: { ...GZIP, 'if-none-match': `"other", ${etag}` } });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const stale = await v.request(path, { headers: { 'if-none-match': '"0123"' } });
      expect(stale.status).toBe(200);
    }
  });

  it('answers 404 no-layer for a part the board does not have, naming the ones it has', async () => {
    const v = await startViewer({ simulate: true });
    const sha = firstBoard(v);
    for (const name of ['In3.Cu', 'F.SilkS', '..%2f..%2fpackage.json', 'index.json']) {
      const r = await v.request(`/api/geometry/${sha}/layers/${name}`);
      expect(r.status).toBe(404);
      expect(r.json()).toMatchObject({ code: 'no-layer' });
      expect(r.json<{ message: string }>().message).toContain(
        'its parts: Edge.Cuts, footprints, F.Cu, vias, B.Cu, zones',
      );
    }
  });

  it('keeps the parts in the cache folder and a new server serves them without extracting', async () => {
    const first = countingReader();
    const v = await startViewer({ simulate: true, server: { extract: first.extract } });
    const sha = firstBoard(v);
    const index = (await v.request(`/api/geometry/${sha}/layers`)).json<GeometryIndex>();
    const front = await v.request(`/api/geometry/${sha}/layers/F.Cu`, { headers: GZIP });
    expect(first.calls).toHaveLength(1);
    for (const p of index.parts)
      expect(existsSync(join(v.root, 'geometry', 'parts', `${p.hash}.bin`))).toBe(true);
    expect(readFileSync(join(v.root, 'geometry', 'parts', `${index.parts[2]!.hash}.bin`))).toEqual(
      front.body,
    );

    const second = countingReader();
    const w = await startViewer({ experimentDir: v.experimentDir, server: { extract: second.extract } });
    const again = await w.request(`/api/geometry/${sha}/layers/F.Cu`, {
      headers: { ...GZIP, 'if-none-match': front.headers.etag as string },
    });
    expect(again.status).toBe(304);
    expect((await w.request(`/api/geometry/${sha}/layers`)).json()).toEqual(index);
    expect(second.calls).toHaveLength(0);
  });
});
