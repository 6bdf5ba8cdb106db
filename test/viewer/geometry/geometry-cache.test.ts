import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GEOMETRY_SCHEMA, type BoardGeometry } from '../../../tools/viewer/geometry/board-geometry.js';
import { GeometryCache, GeometryRequestError } from '../../../tools/viewer/geometry/geometry-cache.js';

const SHA = 'ab'.repeat(32);
const BOARD = `(kicad_pcb (version 20241229) (layers (0 "F.Cu" signal))
  (segment (start 0 0) (end 1 0) (width 0.2) (layer "F.Cu")))
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
    segments: [],
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

beforeEach(async () => {
  live = await mkdtemp(join(tmpdir(), 'rr-live-'));
  await mkdir(join(live, 'boards'));
  await writeFile(join(live, 'boards', `${SHA}.kicad_pcb`), BOARD);
});

afterEach(async () => {
  await rm(live, { recursive: true, force: true });
});

describe('geometry cache', () => {
  it('extracts a board once into geometry/<sha256>.json with the native reader by default', async () => {
    const cache = new GeometryCache({ liveDir: live });
    const file = await cache.geometryFile(SHA);
    expect(file).toBe(join(live, 'geometry', `${SHA}.json`));
    const geometry = JSON.parse(await readFile(file, 'utf8')) as BoardGeometry;
    expect(geometry.extractor).toBe('native');
    expect(geometry.segments).toHaveLength(1);
  });

  it('serves a hit from the file without extracting again, also in a new process', async () => {
    const first = countingExtractor();
    await new GeometryCache({ liveDir: live, extract: first.extract }).geometry(SHA);
    const second = countingExtractor();
    const cache = new GeometryCache({ liveDir: live, extract: second.extract });
    expect((await cache.geometry(SHA)).layers[0]!.name).toBe('F.Cu');
    await cache.geometry(SHA);
    expect(first.calls).toHaveLength(1);
    expect(second.calls).toHaveLength(0);
  });

  it('runs one extraction for concurrent requests of one board', async () => {
    const counting = countingExtractor();
    const cache = new GeometryCache({ liveDir: live, extract: counting.extract });
    await Promise.all([cache.geometryFile(SHA), cache.geometryFile(SHA), cache.geometryFile(SHA)]);
    expect(counting.calls).toHaveLength(1);
  });

  it('rebuilds a corrupt or foreign cache entry', async () => {
    const cacheDir = join(live, 'elsewhere');
    await mkdir(cacheDir);
    const entry = join(cacheDir, `${SHA}.json`);
    for (const corrupt of [
      '{"schema": "rr-board-geometry-v1", "layers": [',
      '{"schema": "something-else"}',
      '',
    ]) {
      await writeFile(entry, corrupt);
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

  it('names the entry and what is wrong when it changes shape behind the cache between check and read', async () => {
    const cache = new GeometryCache({ liveDir: live, extract: countingExtractor().extract });
    const file = await cache.geometryFile(SHA);
    // Whole seconds, so the time set twice is the same to the nanosecond; the cache checks the entry at it.
    const when = new Date(2026, 0, 1);
    await utimes(file, when, when);
    await cache.geometryFile(SHA);
    // Same size, inode and time: the cache still takes the entry for the one it checked.
    await writeFile(file, '{"schema": "other"}'.padEnd((await stat(file)).size, ' '));
    await utimes(file, when, when);
    await expect(cache.geometry(SHA)).rejects.toThrow(
      `${file}: its schema is "other", expected "${GEOMETRY_SCHEMA}"; remove it to have it extracted again`,
    );
  });

  it('writes atomically: a failed write leaves neither a cache entry nor a temporary file', async () => {
    const circular = fakeGeometry('x') as BoardGeometry & { self?: unknown };
    circular.self = circular;
    const cache = new GeometryCache({ liveDir: live, extract: async () => circular });
    await expect(cache.geometryFile(SHA)).rejects.toThrow(/circular/i);
    expect(await readdir(join(live, 'geometry'))).toEqual([]);
    // A good extraction afterwards leaves exactly the entry.
    const good = new GeometryCache({ liveDir: live, extract: countingExtractor().extract });
    await good.geometryFile(SHA);
    expect(await readdir(join(live, 'geometry'))).toEqual([`${SHA}.json`]);
  });

  it('refuses a malformed hash and reports a board that is not in the live directory', async () => {
    const cache = new GeometryCache({ liveDir: live, extract: countingExtractor().extract });
    await expect(cache.geometryFile('../../etc/passwd')).rejects.toMatchObject({
      name: 'GeometryRequestError',
      reason: 'bad-hash',
    });
    const absent = 'cd'.repeat(32);
    const error = await cache.geometryFile(absent).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeometryRequestError);
    expect(error).toMatchObject({ reason: 'no-board' });
    expect((error as Error).message).toContain(`boards/${absent}.kicad_pcb`);
  });

  it('passes extraction errors on, naming the board file', async () => {
    await writeFile(join(live, 'boards', `${SHA}.kicad_pcb`), '(kicad_pcb (version 1)');
    const cache = new GeometryCache({ liveDir: live });
    await expect(cache.geometryFile(SHA)).rejects.toThrow(`${SHA}.kicad_pcb:1: malformed board`);
  });
});
