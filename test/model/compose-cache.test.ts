// The compose cache: a file's composition is written the second time rr meets the same bytes (the first
// leaves an empty marker) and served from the third; any change to a file's bytes composes it afresh; a
// cache that cannot be written changes nothing; RR_CACHE_DIR=off writes nothing.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_CACHED_BYTES } from '../../tools/model/compose-cache.js';
import { parse as parseYaml } from 'yaml';
import { loadModel } from '../../tools/model/load-model.js';
import { validateModel } from '../../tools/validate/validate-model.js';

/** A model file over MIN_CACHED_BYTES (smaller files are never cached), REQ-001 last. */
const FILLERS = Array.from(
  { length: 300 },
  (_, i) => `  - id: REQ-${500 + i}\n    title: Filler ${i}\n`,
).join('');
const MODEL = `requirements:\n${FILLERS}  - id: REQ-001\n    title: Rate limit\n    status: draft\n`;

let dir: string;
let saved: string | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-compose-cache-'));
  saved = process.env.RR_CACHE_DIR;
  process.env.RR_CACHE_DIR = join(dir, 'cache');
  await writeFile(join(dir, 'model.yaml'), MODEL);
});

afterEach(async () => {
  if (saved === undefined) delete process.env.RR_CACHE_DIR;
  else process.env.RR_CACHE_DIR = saved;
  await rm(dir, { recursive: true, force: true });
});

const titleOf = async () => (await loadModel(join(dir, 'model.yaml'))).byId.get('REQ-001')?.data.title;
const entries = async () => (await readdir(join(dir, 'cache', 'compose'))).filter((n) => n.endsWith('.json'));
const markers = async () => (await readdir(join(dir, 'cache', 'compose'))).filter((n) => n.endsWith('.seen'));
/** Loads twice: the first sighting marks the file, the second writes its entry. */
const cachedTitleOf = async () => (await titleOf(), await titleOf());

describe('the compose cache', () => {
  it('holds files from MIN_CACHED_BYTES up; a smaller file is composed every time', async () => {
    expect(Buffer.byteLength(MODEL)).toBeGreaterThanOrEqual(MIN_CACHED_BYTES);
    const small = 'requirements:\n  - id: REQ-001\n    title: Small\n';
    expect(Buffer.byteLength(small)).toBeLessThan(MIN_CACHED_BYTES);
    await writeFile(join(dir, 'model.yaml'), small);
    expect(await titleOf()).toBe('Small');
    expect(await titleOf()).toBe('Small');
    await expect(readdir(join(dir, 'cache'))).rejects.toThrow();
  });

  it('writes a file the second time it meets its bytes, not the first', async () => {
    expect(await titleOf()).toBe('Rate limit');
    expect(await entries()).toEqual([]);
    const [marker] = await markers();
    expect(marker).toMatch(/^[0-9a-f]{64}\.seen$/);
    expect(await titleOf()).toBe('Rate limit');
    expect(await entries()).toEqual([marker!.replace('.seen', '.json')]);
    expect(await markers()).toEqual([]); // the entry replaces its marker
  });

  it('never writes a file whose bytes change between runs', async () => {
    for (const title of ['One', 'Two', 'Three']) {
      await writeFile(join(dir, 'model.yaml'), MODEL.replace('Rate limit', title));
      expect(await titleOf()).toBe(title);
    }
    expect(await entries()).toEqual([]);
    expect(await markers()).toHaveLength(3);
  });

  it('serves an unchanged file from the cache and recomposes a changed one', async () => {
    expect(await cachedTitleOf()).toBe('Rate limit');
    const [entry] = await entries();
    expect(entry).toMatch(/^[0-9a-f]{64}\.json$/);
    // Proof the entry is what the next load reads: a doctored entry shows through.
    const path = join(dir, 'cache', 'compose', entry!);
    await writeFile(path, (await readFile(path, 'utf8')).replaceAll('Rate limit', 'From the cache'));
    expect(await titleOf()).toBe('From the cache');
    // One changed byte in the model file is another key: composed afresh, and cached beside.
    await writeFile(join(dir, 'model.yaml'), MODEL.replace('Rate limit', 'Rate limits'));
    expect(await cachedTitleOf()).toBe('Rate limits');
    expect(await entries()).toHaveLength(2);
  });

  it('removes entries unused for 30 days when it first writes, and renews an entry it uses', async () => {
    const cache = join(dir, 'cache', 'compose');
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const stale = join(cache, 'f'.repeat(64) + '.json');
    await mkdir(cache, { recursive: true });
    await writeFile(stale, '{}');
    await utimes(stale, daysAgo(31), daysAgo(31));
    expect(await titleOf()).toBe('Rate limit'); // the first marker clears what nobody used for 30 days
    await expect(stat(stale)).rejects.toThrow();
    expect(await titleOf()).toBe('Rate limit');
    const [entry] = await entries();
    expect(await entries()).toEqual([entry]);
    await utimes(join(cache, entry!), daysAgo(40), daysAgo(40));
    expect(await titleOf()).toBe('Rate limit'); // a hit renews the entry
    expect((await stat(join(cache, entry!))).mtime.getTime()).toBeGreaterThan(daysAgo(1).getTime());
  });

  it('does not cache a file whose values JSON cannot hold (.inf, .nan)', async () => {
    await writeFile(join(dir, 'model.yaml'), MODEL + '    weight: .inf\n');
    const weight = async () => (await loadModel(join(dir, 'model.yaml'))).byId.get('REQ-001')?.data.weight;
    expect(await weight()).toBe(Infinity);
    expect(await weight()).toBe(Infinity);
    expect(await weight()).toBe(Infinity);
    expect(await entries()).toEqual([]);
  });

  it.each([
    ['deep in a field', MODEL + '    notes:\n      - limits: [1, .nan]\n'],
    ['in the config', 'config:\n  limit: -.inf\n' + MODEL],
    ['in the project block', 'project:\n  budget: .inf\n' + MODEL],
    ['in schema_version', 'schema_version: .nan\n' + MODEL],
    ['as a decimal too long for a double', MODEL + `    weight: ${'9'.repeat(400)}\n`],
  ])('does not cache a file with such a value %s', async (_where, text) => {
    await writeFile(join(dir, 'model.yaml'), text);
    await loadModel(join(dir, 'model.yaml'));
    await loadModel(join(dir, 'model.yaml'));
    expect(await entries()).toEqual([]);
  });

  it('serves a model that reports every problem where a fresh load does', async () => {
    // The broken example (most diagnostics at once, config and schema_version included) in YAML, and
    // again as JSON, each file padded over MIN_CACHED_BYTES so that every one is cached.
    const model = join(dir, 'broken');
    await mkdir(model);
    const examples = join(import.meta.dirname, '..', '..', 'examples', 'broken');
    for (const name of await readdir(examples)) {
      const text = await readFile(join(examples, name), 'utf8');
      await writeFile(join(model, name), `${'#'.repeat(80)}\n`.repeat(110) + text);
      const json = JSON.stringify(parseYaml(text), null, 2);
      await writeFile(
        join(model, `json-${name.replace('.yaml', '.json')}`),
        json.replace('{', `{${' '.repeat(9000)}`),
      );
    }
    const report = async () => {
      const loaded = await loadModel(model);
      return JSON.stringify({ diagnostics: validateModel(loaded), entities: loaded.entities });
    };
    process.env.RR_CACHE_DIR = 'off';
    const fresh = await report();
    process.env.RR_CACHE_DIR = join(dir, 'cache');
    expect(await report()).toBe(fresh); // composed, and marked
    expect(await report()).toBe(fresh); // composed again, and written to the cache
    expect((await entries()).length).toBe((await readdir(model)).length);
    expect(await report()).toBe(fresh); // served from the cache
  });

  it('ignores an entry that is not a composed file', async () => {
    await cachedTitleOf();
    const [entry] = await entries();
    await writeFile(join(dir, 'cache', 'compose', entry!), '{"truncated": ');
    expect(await titleOf()).toBe('Rate limit');
  });

  it('composes again, and rewrites, an entry of the wrong shape', async () => {
    await cachedTitleOf();
    const [entry] = await entries();
    const path = join(dir, 'cache', 'compose', entry!);
    // JSON, with a list of documents, but no document in it is one.
    await writeFile(
      path,
      JSON.stringify({ file: 'model.yaml', documents: [{}], diagnostics: [], unreadable: false }),
    );
    expect(await titleOf()).toBe('Rate limit');
    expect(await readFile(path, 'utf8')).toContain('Rate limit');
  });

  it('loads the same when the cache folder cannot be made', async () => {
    // Below a regular file: no folder can be made there, not even by root.
    process.env.RR_CACHE_DIR = join(dir, 'model.yaml', 'cache');
    expect(await titleOf()).toBe('Rate limit');
    expect(await titleOf()).toBe('Rate limit');
  });

  it('writes nothing with RR_CACHE_DIR=off', async () => {
    process.env.RR_CACHE_DIR = 'off';
    expect(await titleOf()).toBe('Rate limit');
    await expect(readdir(join(dir, 'cache'))).rejects.toThrow();
  });
});
