// schemas/record.schema.json: draft 2020-12, documented everywhere, closed objects, and the records
// in the fixtures and docs are valid.
import { readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { schemaPath } from '../../tools/model/package-paths.js';
import { TESTLOGS } from './evidence-dir.js';

const schema = JSON.parse(await readFile(schemaPath('record.schema.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** Every subschema with the JSON path to it. */
function subschemas(node: unknown, path = '#'): [string, Record<string, unknown>][] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const s = node as Record<string, unknown>;
  const found: [string, Record<string, unknown>][] = [[path, s]];
  for (const key of ['properties', '$defs']) {
    const group = s[key] as Record<string, unknown> | undefined;
    for (const [name, child] of Object.entries(group ?? {}))
      found.push(...subschemas(child, `${path}/${key}/${name}`));
  }
  if (s.items) found.push(...subschemas(s.items, `${path}/items`));
  return found;
}

describe('record schema', () => {
  it('is draft 2020-12 with the rr $id', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe('https://rr.dev/schemas/record.schema.json');
  });

  it('describes every property and definition', () => {
    for (const [path, s] of subschemas(schema)) {
      if (s.$ref !== undefined) continue;
      expect(typeof s.description, path).toBe('string');
    }
  });

  it('allows no unknown keys in any object', () => {
    for (const [path, s] of subschemas(schema)) {
      if (s.type === 'object') expect(s.additionalProperties, path).toBe(false);
    }
  });

  it('compiles in strict mode and accepts the fixture record and the docs example', async () => {
    const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
    const fixture: unknown = JSON.parse(await readFile(`${TESTLOGS}records/infusion_accuracy.json`, 'utf8'));
    expect(validate(fixture), JSON.stringify(validate.errors)).toBe(true);
    const docs = await readFile(new URL('../../docs/evidence.md', import.meta.url), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(docs)?.[1];
    expect(example).toBeDefined();
    expect(validate(JSON.parse(example!)), JSON.stringify(validate.errors)).toBe(true);
  });
});
