// SPDX-License-Identifier: AGPL-3.0-or-later
import { cpSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GEOMETRY_SCHEMA, type BoardGeometry } from '../../src/geometry/board-geometry.js';
import { GeometryCache, GeometryRequestError } from '../../src/geometry/geometry-cache.js';
import { codeFilesHash, geometryCacheKey } from '../../src/geometry/geometry-code-key.js';
import { decodePart } from '../../src/geometry/geometry-part-codec.js';

const SHA = 'ab'.repeat(32);
const BOARD = `(kicad_pcb (version 20241229) (layers (0 "F.Cu" signal) (31 "B.Cu" signal) (44 "Edge.Cuts" user))
  (gr_line (start 0 0) (end 10 0) (layer "Edge.Cuts") (width 0.1))
  (segment (start 0 0) (end 1 0) (width 0.2) (layer "F.Cu"))
  (segment (start 0 1) (end 1 1) (width 0.2) (layer "B.Cu")))
`;

let live: string;

function fakeGeometry(marker: string): BoardGeometry {
  return {
    schema: GEOMETRY_SCHEMA,
    extractor: 'native',
    formatVersion: null,
    layers: [{ name: marker, type: 'signal' }],
    nets: [],
    footprints: [],
    segments: [{ start: [0, 0], end: [1, 0], width: 0.2, layer: marker, net: null }],
    arcs: [],
    vias: [],
    zones: [],
    graphics: [],
    outline: [],
    boundingBox: null,
  };
}

/** An extractor that counts its calls. */
function countingExtractor(marker = 'F.Cu') {
  const calls: string[] = [];
  const extract = async (board: string) => {
    calls.push(board);
    return fakeGeometry(marker);
  };
  return { calls, extract };
}

/** Every file under a folder, relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  return names
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
    .sort();
}

beforeEach(async () => {
  live = await mkdtemp(join(tmpdir(), 'rr-live-'));
  await mkdir(join(live, 'boards'));
  await writeFile(join(live, 'boards', `${SHA}.kicad_pcb`), BOARD);
});

afterEach(async () => {
  await rm(live, { recursive: true, force: true });
});

describe('geometry cache', () => {
  it('extracts a board once into parts named by their content and an index under the extractor key', async () => {
    const cache = new GeometryCache({ liveDir: live });
    const { index, file } = await cache.index(SHA);
    expect(file).toBe(join(live, 'geometry', SHA, cache.key, 'index.json'));
    expect(cache.key).toBe(geometryCacheKey('native'));
    expect(index.extractor).toBe('native');
    expect(index.parts.map((p) => p.name)).toEqual([
      'Edge.Cuts',
      'footprints',
      'F.Cu',
      'vias',
      'B.Cu',
      'zones',
    ]);
    expect(index.counts).toMatchObject({ segments: 2, outline: 1 });
    const front = await cache.part(SHA, 'F.Cu');
    expect(front.file).toBe(join(live, 'geometry', 'parts', `${front.entry.hash}.bin`));
    expect(front.etag).toBe(`"${front.entry.hash.slice(0, 32)}"`);
    const part = decodePart(await readFile(front.file), front.file);
    expect(part).toMatchObject({ kind: 'layer', name: 'F.Cu', segments: [{ start: [0, 0], end: [1, 0] }] });
    const geometry = await cache.geometry(SHA);
    expect(geometry.segments.map((s) => s.layer)).toEqual(['F.Cu', 'B.Cu']);
  });

  it('serves a hit from the files without extracting again, also in a new process', async () => {
    const first = countingExtractor();
    const before = await new GeometryCache({ liveDir: live, extract: first.extract }).index(SHA);
    const second = countingExtractor();
    const cache = new GeometryCache({ liveDir: live, extract: second.extract });
    expect((await cache.index(SHA)).etag).toBe(before.etag);
    expect((await cache.geometry(SHA)).layers[0]!.name).toBe('F.Cu');
    await cache.part(SHA, 'F.Cu');
    expect(first.calls).toHaveLength(1);
    expect(second.calls).toHaveLength(0);
  });

  it('runs one extraction for concurrent requests of one board', async () => {
    const counting = countingExtractor();
    const cache = new GeometryCache({ liveDir: live, extract: counting.extract });
    await Promise.all([cache.index(SHA), cache.part(SHA, 'F.Cu'), cache.geometryFile(SHA)]);
    expect(counting.calls).toHaveLength(1);
  });

  it('extracts again for another extractor or other extractor code, and drops the older entry', async () => {
    const native = countingExtractor('native-layer');
    await new GeometryCache({ liveDir: live, extract: native.extract }).index(SHA);
    const pcbnew = countingExtractor('pcbnew-layer');
    const other = new GeometryCache({
      liveDir: live,
      extract: pcbnew.extract,
      extractorId: 'pcbnew /usr/bin/python3',
    });
    expect((await other.geometry(SHA)).layers[0]!.name).toBe('pcbnew-layer');
    expect(pcbnew.calls).toHaveLength(1);
    expect(await readdir(join(live, 'geometry', SHA))).toEqual([other.key]);
    // An entry left by an older version of the code (another key) is not read, and is removed.
    await mkdir(join(live, 'geometry', SHA, '0123456789abcdef'));
    await writeFile(join(live, 'geometry', SHA, '0123456789abcdef', 'index.json'), '{}');
    await rm(join(live, 'geometry', SHA, other.key), { recursive: true });
    await new GeometryCache({
      liveDir: live,
      extract: pcbnew.extract,
      extractorId: 'pcbnew /usr/bin/python3',
    }).index(SHA);
    expect(await readdir(join(live, 'geometry', SHA))).toEqual([other.key]);
  });

  it('keys entries by a hash of the extractor code, which changes when a code file changes', async () => {
    const code = await mkdtemp(join(tmpdir(), 'rr-code-'));
    try {
      const here = dirname(fileURLToPath(import.meta.url));
      const source = join(here, '../../src/geometry');
      cpSync(source, code, { recursive: true });
      const before = codeFilesHash(code, []);
      expect(codeFilesHash(code, [])).toBe(before);
      writeFileSync(join(code, 'kicad-footprint.ts'), '// changed\n', { flag: 'a' });
      expect(codeFilesHash(code, [])).not.toBe(before);
      writeFileSync(join(code, 'notes.md'), 'not code');
      const afterCode = codeFilesHash(code, []);
      writeFileSync(join(code, 'notes.md'), 'still not code');
      expect(codeFilesHash(code, [])).toBe(afterCode);
    } finally {
      await rm(code, { recursive: true, force: true });
    }
    expect(geometryCacheKey('native')).not.toBe(geometryCacheKey('pcbnew /usr/bin/python3'));
  });

  it('rebuilds a corrupt or foreign index', async () => {
    const cacheDir = join(live, 'elsewhere');
    const first = new GeometryCache({ liveDir: live, cacheDir, extract: countingExtractor().extract });
    const { file } = await first.index(SHA);
    for (const corrupt of [
      '{"schema": "rr-board-geometry-index-v1", "parts": [',
      '{"schema": "something-else"}',
      '',
    ]) {
      await writeFile(file, corrupt);
      const counting = countingExtractor('rebuilt');
      const geometry = await new GeometryCache({
        liveDir: live,
        cacheDir,
        extract: counting.extract,
      }).geometry(SHA);
      expect(counting.calls).toHaveLength(1);
      expect(geometry.layers[0]!.name).toBe('rebuilt');
    }
  });

  it('extracts again when a part is missing, truncated or changed behind the cache', async () => {
    const counting = countingExtractor();
    const cache = new GeometryCache({ liveDir: live, extract: counting.extract });
    const { file, entry } = await cache.part(SHA, 'F.Cu');
    const good = await readFile(file);

    await rm(file);
    expect((await cache.part(SHA, 'F.Cu')).file).toBe(file);
    expect(await readFile(file)).toEqual(good);
    expect(counting.calls).toHaveLength(2);

    await writeFile(file, good.subarray(0, 10));
    await new GeometryCache({ liveDir: live, extract: counting.extract }).part(SHA, 'F.Cu');
    expect(counting.calls).toHaveLength(3);

    // Same size, same time: only the content hash tells.
    const when = new Date(2026, 0, 1);
    const changed = Buffer.from(good);
    changed[changed.length - 1]! ^= 0xff;
    await writeFile(file, changed);
    await utimes(file, when, when);
    const fresh = new GeometryCache({ liveDir: live, extract: counting.extract });
    expect((await fresh.part(SHA, 'F.Cu')).entry.hash).toBe(entry.hash);
    expect(await readFile(file)).toEqual(good);
    expect(counting.calls).toHaveLength(4);
  });

  it('assembles the whole geometry file from the parts', async () => {
    const cache = new GeometryCache({ liveDir: live });
    const file = await cache.geometryFile(SHA);
    expect(file).toBe(join(live, 'geometry', SHA, cache.key, 'geometry.json'));
    const whole = JSON.parse(await readFile(file, 'utf8')) as BoardGeometry;
    expect(whole).toEqual(JSON.parse(JSON.stringify(await cache.geometry(SHA))));
    expect(whole.outline).toHaveLength(1);
    // A whole file that is no longer geometry is made again.
    await writeFile(file, '{"schema": "other"}');
    await new GeometryCache({ liveDir: live }).geometryFile(SHA);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(whole);
  });

  it('writes nothing a reader could take for an entry when extraction or storing fails', async () => {
    const failing = new GeometryCache({ liveDir: live, extract: () => Promise.reject(new Error('no luck')) });
    await expect(failing.index(SHA)).rejects.toThrow('no luck');
    const circular = fakeGeometry('x') as BoardGeometry;
    const loop: Record<string, unknown> = { reference: 'U1' };
    loop.self = loop;
    circular.footprints = [loop as unknown as BoardGeometry['footprints'][number]];
    const cache = new GeometryCache({ liveDir: live, extract: async () => circular });
    await expect(cache.index(SHA)).rejects.toThrow(/circular/i);
    const left = await filesUnder(join(live, 'geometry')).catch(() => []);
    expect(left.filter((f) => f.endsWith('.tmp') || f.endsWith('index.json'))).toEqual([]);
    // A good extraction afterwards leaves the index and its parts.
    const good = new GeometryCache({ liveDir: live, extract: countingExtractor().extract });
    const { index } = await good.index(SHA);
    const files = await filesUnder(join(live, 'geometry'));
    expect(files).toContain(`${SHA}/${good.key}/index.json`);
    for (const p of index.parts) expect(files).toContain(`parts/${p.hash}.bin`);
  });

  it('refuses a malformed hash and an unknown part, and reports a board that is not in the live directory', async () => {
    const cache = new GeometryCache({ liveDir: live, extract: countingExtractor().extract });
    await expect(cache.index('../../etc/passwd')).rejects.toMatchObject({
      name: 'GeometryRequestError',
      code: 'bad-hash',
    });
    const absent = 'cd'.repeat(32);
    const error = await cache.index(absent).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeometryRequestError);
    expect(error).toMatchObject({ code: 'no-board' });
    expect((error as Error).message).toContain(`boards/${absent}.kicad_pcb`);
    await expect(cache.part(SHA, 'In7.Cu')).rejects.toMatchObject({
      code: 'no-layer',
      message: `the geometry of board ${SHA} has no part "In7.Cu"; its parts: footprints, F.Cu, vias, zones`,
    });
  });

  it('passes extraction errors on, naming the board file', async () => {
    await writeFile(join(live, 'boards', `${SHA}.kicad_pcb`), '(kicad_pcb (version 1)');
    const cache = new GeometryCache({ liveDir: live });
    await expect(cache.geometryFile(SHA)).rejects.toThrow(`${SHA}.kicad_pcb:1: malformed board`);
    expect(await stat(join(live, 'geometry')).catch(() => undefined)).toBeUndefined();
  });
});
