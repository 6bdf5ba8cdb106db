// The precompiled validators of the model and record schemas (written by the build) validate exactly as
// the compiled schemas do: the same verdict and the same errors on every example document and record,
// broken ones included; a stale one (another schema) is not used; the writer prints for Bazel what it
// writes for npm.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { bundledSchema } from '../../tools/model/bundled-schema.js';
import {
  PRECOMPILED_SCHEMAS,
  precompiledValidatorFile,
  precompiledValidatorSource,
  type PrecompiledSchema,
} from '../../tools/model/precompiled-validator.js';
import { buildIfStale, REPO } from '../built-dist.js';

const EXAMPLES = join(REPO, 'examples');

type Precompiled = ValidateFunction & { digest?: string };

/** Every document of every example model file, the broken example's included, and some broken ones. */
async function modelDocuments(): Promise<unknown[]> {
  const docs: unknown[] = [];
  for (const model of ['infusion-pump', 'broken']) {
    const dir = join(EXAMPLES, model);
    for (const name of await readdir(dir, { recursive: true })) {
      if (!/\.ya?ml$/.test(name)) continue;
      for (const doc of parseAllDocuments(await readFile(join(dir, name), 'utf8'))) docs.push(doc.toJS());
    }
  }
  return [
    ...docs,
    { requirements: [{ id: 'REQ-1', title: 1, statuss: 'draft' }] },
    { kind: 'risk', id: 'R-1', title: 'x', rationale: 'not here' },
    { config: { prefixes: { nope: 'X-' } } },
  ];
}

/** Every evidence record in the repository, and some broken ones. */
async function recordDocuments(): Promise<unknown[]> {
  const files = execFileSync('git', ['ls-files', '*records/*.json'], { cwd: REPO, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && !f.includes('/attachments/'));
  const docs: unknown[] = [];
  for (const file of files) docs.push(JSON.parse(await readFile(join(REPO, file), 'utf8')));
  expect(docs.length).toBeGreaterThan(3);
  return [
    ...docs,
    { cases: [{ path: 'a', result: 'passd' }] },
    { cases: [{ path: 'a', result: 'passed', extra: 1 }], record: { date: 5 } },
    { cases: 'none' },
  ];
}

const DOCUMENTS: Record<PrecompiledSchema, () => Promise<unknown[]>> = {
  'model.schema.json': modelDocuments,
  'record.schema.json': recordDocuments,
};

let dir: string;
beforeAll(async () => {
  // Inside the repository, so the generated code's require('ajv/dist/runtime/…') finds ajv.
  const cache = join(REPO, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  dir = await mkdtemp(join(cache, 'rr-validator-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each(PRECOMPILED_SCHEMAS)('the precompiled validator of %s', (name) => {
  it('gives the compiled schema’s verdict and errors on every example document, broken ones included', async () => {
    const file = join(dir, precompiledValidatorFile(name));
    await writeFile(file, precompiledValidatorSource(bundledSchema(name)));
    const precompiled = createRequire(file)(file) as Precompiled;
    const compiled = new Ajv2020({ allErrors: true, strict: true }).compile(bundledSchema(name));
    let invalid = 0;
    for (const doc of await DOCUMENTS[name]()) {
      const verdict = compiled(doc);
      expect(precompiled(doc)).toBe(verdict);
      expect(precompiled.errors ?? null).toEqual(compiled.errors ?? null);
      if (!verdict) invalid++;
    }
    expect(invalid).toBeGreaterThanOrEqual(3); // the broken examples and the hand-made documents
  });

  it('is what a built rr uses for the schema, and never for another schema', async () => {
    await buildIfStale('dist/tools/model/precompiled-validator.js', ['tools/model']);
    execFileSync(process.execPath, [join(REPO, 'dist/tools/model/write-precompiled-validators.js')]);
    const built = (await import(
      join(REPO, 'dist/tools/model/precompiled-validator.js')
    )) as typeof import('../../tools/model/precompiled-validator.js');
    const used = built.schemaValidator(name, bundledSchema(name)) as Precompiled;
    expect(used.digest).toMatch(/^[0-9a-f]{64}$/);
    // Another schema (as after an edit of schemas/ without a build) is compiled afresh, not served stale.
    const other = built.schemaValidator(name, { type: 'object', properties: { x: {} }, required: ['x'] });
    expect((other as Precompiled).digest).toBeUndefined();
    expect(other({})).toBe(false);
    expect(other({ x: 1 })).toBe(true);
  });

  it('is printed by the writer with --stdout (as Bazel builds it) byte for byte as the npm build writes it', async () => {
    await buildIfStale('dist/tools/model/write-precompiled-validators.js', ['tools/model']);
    const writer = join(REPO, 'dist/tools/model/write-precompiled-validators.js');
    execFileSync(process.execPath, [writer]);
    const written = await readFile(join(REPO, 'dist/tools/model', precompiledValidatorFile(name)), 'utf8');
    const printed = execFileSync(process.execPath, [writer, '--stdout', name], { encoding: 'utf8' });
    expect(printed).toContain('module.exports.digest = ');
    expect(printed).toBe(written);
  });
});
