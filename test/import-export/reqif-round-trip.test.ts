// rr's own ReqIF: export → import → export gives the same bytes, and export → import the same model,
// for the bundled example and the imported Zephyr set.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../tools/model/entity.js';
import { loadModel } from '../../tools/model/load-model.js';
import { repoRoot } from '../cli/run-cli.js';
import { rrInProcess } from './run-main.js';
import { needsZephyr, ZEPHYR } from './shared-data.js';
import { available } from '../requirements.js';

const EXAMPLE = join(repoRoot, 'examples', 'infusion-pump');
/** An entity's fields with `x` and `[x]` alike (rr reads a string-or-list field either way). */
function normalised(e: Entity): Record<string, unknown> {
  const one = (v: unknown) => (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' ? v[0] : v);
  return {
    kind: e.kind,
    ...Object.fromEntries(Object.entries(e.data).map(([k, v]) => [k, k === 'notes' ? v : one(v)])),
  };
}

async function sameModel(a: string, b: string): Promise<void> {
  const [ma, mb] = [await loadModel(a), await loadModel(b)];
  const fields = (m: typeof ma) => Object.fromEntries(m.entities.map((e) => [e.id, normalised(e)]));
  expect(fields(mb)).toEqual(fields(ma));
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-reqif-round-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function roundTrip(
  model: string,
  name: string,
): Promise<{ first: string; second: string; imported: string }> {
  const first = join(dir, `${name}-1.reqif`);
  const imported = join(dir, `${name}-model`);
  const second = join(dir, `${name}-2.reqif`);
  for (const args of [
    ['export', 'reqif', '--model', model, '--out', first],
    ['import', 'reqif', first, '--out', imported],
    ['export', 'reqif', '--model', imported, '--out', second],
  ]) {
    const run = await rrInProcess(args);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }
  return { first, second, imported };
}

describe('ReqIF round trips', () => {
  it('the example: export → import → export is byte-identical, export → import the same model', async () => {
    const { first, second, imported } = await roundTrip(EXAMPLE, 'example');
    expect(await readFile(second, 'utf8')).toBe(await readFile(first, 'utf8'));
    await sameModel(EXAMPLE, imported);
  });

  it('writes what other tools expect: a type per kind, XHTML text, relation types, a specification per kind', async () => {
    const text = await readFile(join(dir, 'example-1.reqif'), 'utf8');
    for (const kind of ['user_need', 'requirement', 'risk', 'mitigation', 'test_method']) {
      expect(text).toContain(`<SPEC-OBJECT-TYPE IDENTIFIER="rr-type-${kind}"`);
      expect(text).toContain(`<SPECIFICATION IDENTIFIER="rr-specification-${kind}"`);
    }
    for (const field of ['satisfies', 'refines', 'mitigates', 'mitigated_by', 'implemented_by']) {
      expect(text).toContain(`<SPEC-RELATION-TYPE IDENTIFIER="rr-relation-type-${field}"`);
    }
    expect(text).toContain('<SPEC-OBJECT IDENTIFIER="rr-REQ-001"');
    expect(text).toMatch(/<THE-VALUE>\s*<xhtml:div><xhtml:p>The pump shall deliver a continuous infusion/);
    // REQ-002 refines REQ-001: nested under it in the requirements specification.
    expect(text).toMatch(
      /<SPEC-OBJECT-REF>rr-REQ-001<\/SPEC-OBJECT-REF>\s*<\/OBJECT>\s*<CHILDREN>\s*<SPEC-HIERARCHY IDENTIFIER="rr-hierarchy-REQ-002"/,
    );
  });

  it('refuses to export a model that does not load cleanly', async () => {
    const run = await rrInProcess([
      'export',
      'reqif',
      '--model',
      join(repoRoot, 'examples', 'broken'),
      '--out',
      join(dir, 'broken.reqif'),
    ]);
    expect(run.code).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/does not load cleanly; fix the errors above/);
  });

  it.runIf(available(needsZephyr()))('the imported Zephyr set round-trips too', async () => {
    const zephyr = join(dir, 'zephyr-imported');
    expect((await rrInProcess(['import', 'strictdoc', ZEPHYR, '--out', zephyr])).code).toBe(0);
    const { first, second, imported } = await roundTrip(zephyr, 'zephyr-round');
    expect(await readFile(second, 'utf8')).toBe(await readFile(first, 'utf8'));
    await sameModel(zephyr, imported);
  });
});
