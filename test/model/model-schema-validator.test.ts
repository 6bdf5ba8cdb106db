// The model schema's precompiled validator (written by the build) validates exactly as the compiled
// schema does: the same verdict and the same errors on every example document, broken ones included;
// a stale one (another schema) is not used.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  PRECOMPILED_VALIDATOR,
  precompiledValidatorSource,
} from '../../tools/model/model-schema-validator.js';
import { modelSchema } from '../../tools/model/schema-check.js';
import { buildIfStale, REPO } from '../built-dist.js';

const EXAMPLES = join(REPO, 'examples');

/** Every document of every example model file, the broken example's included. */
async function exampleDocuments(): Promise<unknown[]> {
  const docs: unknown[] = [];
  for (const model of ['infusion-pump', 'broken']) {
    const dir = join(EXAMPLES, model);
    for (const name of await readdir(dir, { recursive: true })) {
      if (!/\.ya?ml$/.test(name)) continue;
      for (const doc of parseAllDocuments(await readFile(join(dir, name), 'utf8'))) docs.push(doc.toJS());
    }
  }
  return docs;
}

describe('the precompiled model schema validator', () => {
  let dir: string;
  let precompiled: ValidateFunction & { digest?: string };
  beforeAll(async () => {
    // Inside the repository, so the generated code's require('ajv/dist/runtime/…') finds ajv.
    const cache = join(REPO, 'node_modules', '.cache');
    await mkdir(cache, { recursive: true });
    dir = await mkdtemp(join(cache, 'rr-validator-'));
    const file = join(dir, 'validator.cjs');
    await writeFile(file, precompiledValidatorSource(modelSchema()));
    precompiled = createRequire(file)(file) as ValidateFunction & { digest?: string };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives the compiled schema’s verdict and errors on every example document', async () => {
    const compiled = new Ajv2020({ allErrors: true, strict: true }).compile(modelSchema());
    const docs = [
      ...(await exampleDocuments()),
      { requirements: [{ id: 'REQ-1', title: 1, statuss: 'draft' }] },
      { kind: 'risk', id: 'R-1', title: 'x', rationale: 'not here' },
      { config: { prefixes: { nope: 'X-' } } },
    ];
    let invalid = 0;
    for (const doc of docs) {
      const verdict = compiled(doc);
      expect(precompiled(doc)).toBe(verdict);
      expect(precompiled.errors ?? null).toEqual(compiled.errors ?? null);
      if (!verdict) invalid++;
    }
    expect(invalid).toBeGreaterThan(3); // the broken example and the hand-made documents
  });

  it('is what a built rr uses for the model schema, and never for another schema', async () => {
    await buildIfStale('dist/tools/model/model-schema-validator.js', ['tools/model']);
    execFileSync(process.execPath, [join(REPO, 'dist/tools/model/write-model-validator.js')]);
    const built = (await import(
      join(REPO, 'dist/tools/model/model-schema-validator.js')
    )) as typeof import('../../tools/model/model-schema-validator.js');
    const used = built.modelSchemaValidator(modelSchema()) as ValidateFunction & { digest?: string };
    expect(used.digest).toMatch(/^[0-9a-f]{64}$/);
    // Another schema (as after an edit of schemas/ without a build) is compiled afresh, not served stale.
    const other = built.modelSchemaValidator({ type: 'object', properties: { x: {} }, required: ['x'] });
    expect((other as { digest?: string }).digest).toBeUndefined();
    expect(other({})).toBe(false);
    expect(other({ x: 1 })).toBe(true);
  });

  it('is printed by the writer with --stdout (as Bazel builds it) byte for byte as the npm build writes it', async () => {
    await buildIfStale('dist/tools/model/write-model-validator.js', ['tools/model']);
    const writer = join(REPO, 'dist/tools/model/write-model-validator.js');
    execFileSync(process.execPath, [writer]);
    const written = await readFile(join(REPO, 'dist/tools/model', PRECOMPILED_VALIDATOR), 'utf8');
    const printed = execFileSync(process.execPath, [writer, '--stdout'], { encoding: 'utf8' });
    expect(printed).toContain('module.exports.digest = ');
    expect(printed).toBe(written);
  });
});
