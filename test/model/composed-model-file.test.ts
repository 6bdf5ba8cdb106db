// rr_model's model.json holds the composed model (tools/model/composed-model-shape.ts): reading one of the
// wrong shape, or one that is not JSON, is an error naming the file, where it is off and what to do.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeModel, readComposedModel } from '../../tools/model/load-model.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-composed-'));
  await writeFile(join(dir, 'model.yaml'), 'requirements:\n  - id: REQ-001\n    title: Rate limit\n');
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe("rr_model's model.json", () => {
  it('reads back the model it holds', async () => {
    const json = join(dir, 'model.json');
    await writeFile(json, JSON.stringify(await composeModel(join(dir, 'model.yaml'))));
    expect((await readComposedModel(json)).byId.get('REQ-001')?.data.title).toBe('Rate limit');
  });

  it('refuses one of the wrong shape, naming the file and the first key that is off', async () => {
    const composed = await composeModel(join(dir, 'model.yaml'));
    const json = join(dir, 'model.json');
    await writeFile(
      json,
      JSON.stringify({ ...composed, files: [{ ...composed.files[0], documents: 'none' }] }),
    );
    await expect(readComposedModel(json)).rejects.toThrow(
      `${json}: files[0].documents must be a list; build it again (rr bazel model writes it)`,
    );
  });

  it('refuses one that is not JSON, naming its line', async () => {
    const json = join(dir, 'model.json');
    await writeFile(json, '{\n  "root": "."\n  "files": []\n}\n');
    await expect(readComposedModel(json)).rejects.toThrow(new RegExp(`^${json}:3: is not valid JSON`));
  });
});
