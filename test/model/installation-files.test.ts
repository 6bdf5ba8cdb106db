// rr's own files, read where they are used: the bundled JSON Schemas and package.json. A damaged one is an
// error naming the file and what is wrong, and says to reinstall rr.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundledSchema, schemaFile } from '../../tools/model/bundled-schema.js';
import { packageFields } from '../../tools/model/package-version.js';

const SCHEMAS = fileURLToPath(new URL('../../schemas/', import.meta.url));

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-installation-'));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('bundled JSON Schemas', () => {
  it('every schema rr bundles reads as one', async () => {
    const names = (await readdir(SCHEMAS)).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThan(4);
    for (const name of names) expect(bundledSchema(name).$schema).toMatch(/json-schema\.org/);
  });

  it('a schema file that is not a JSON object names itself and says to reinstall', async () => {
    const path = join(dir, 'model.schema.json');
    await writeFile(path, '[]');
    expect(() => schemaFile(path)).toThrow(
      `${path}: is not a JSON Schema (a JSON object); the rr installation is damaged; reinstall it`,
    );
  });
});

describe("rr's package.json", () => {
  it('gives the version and licence it states', async () => {
    const path = join(dir, 'package.json');
    await writeFile(path, '{"name": "rules-rr", "version": "1.2.3", "license": "Apache-2.0"}');
    expect(packageFields(path)).toEqual({ name: 'rules-rr', version: '1.2.3', license: 'Apache-2.0' });
  });

  it('a version that is not a string names the file and the key', async () => {
    const path = join(dir, 'package.json');
    await writeFile(path, '{"version": 1.2}');
    expect(() => packageFields(path)).toThrow(
      `${path}: "version" must be a string; the rr installation is damaged; reinstall it`,
    );
  });
});
