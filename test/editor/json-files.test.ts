// JSON model files through the editor's HTTP API, over the bundled example in a git repository: each
// save answers 200 and `git diff` shows exactly the changed values.
import { execFileSync } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { initRepo, tempDir } from '../edit/edit-fixture.js';
import { startEditor } from './editor-fixture.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));

/** The example model committed in a fresh git repository, and an editor over it. */
async function example() {
  const dir = await tempDir();
  await cp(EXAMPLE, dir, { recursive: true });
  initRepo(dir);
  return { dir, editor: await startEditor(dir, { evidence: join(dir, 'bazel-testlogs') }) };
}

/** The changed lines of the working tree, per file: `git diff -U0` without its headers. */
function changedLines(dir: string): Record<string, string[]> {
  const diff = execFileSync('git', ['diff', '-U0', '--no-color'], { cwd: dir, encoding: 'utf8' });
  const out: Record<string, string[]> = {};
  let file = '';
  for (const line of diff.split('\n')) {
    const name = /^\+\+\+ b\/(.*)$/.exec(line)?.[1];
    if (name) out[(file = name)] = [];
    else if (/^[-+](?![-+]{2} )/.test(line)) out[file]!.push(line);
  }
  return out;
}

test('PUT of a test method in test-methods.json: 200, only its changed values differ', async () => {
  const { dir, editor } = await example();
  const entity = (await editor.call('GET', '/api/entities/TM-001')).body.entity;
  const reply = await editor.call('PUT', '/api/entities/TM-001', {
    data: { ...entity.data, status: 'draft', tags: [...entity.data.tags, 'ci'] },
    version: entity.version,
  });
  expect(reply.status).toBe(200);
  expect(changedLines(dir)).toEqual({
    'test-methods.json': [
      '-      "status": "approved",',
      '+      "status": "draft",',
      '-      "tags": ["unit", "host"]',
      '+      "tags": ["unit", "host", "ci"]',
    ],
  });
});

test('PUT of the one-object file single/REQ-022.json: 200, a field changed, one removed, one added', async () => {
  const { dir, editor } = await example();
  const reply = await editor.update('REQ-022', {
    status: 'approved',
    rationale: undefined,
    refines: 'REQ-021',
  });
  expect(reply.status, reply.text).toBe(200);
  expect(changedLines(dir)).toEqual({
    'single/REQ-022.json': [
      '-  "rationale": "IEC 60601-1-8 requires an alarm on supply failure for a device whose interruption can cause harm.",',
      '-  "status": "implemented",',
      '+  "status": "approved",',
      '-  ]',
      '+  ],',
      '+  "refines": "REQ-021"',
    ],
  });
});

test('rename of UN-004: the id, the references in YAML and in REQ-022.json, and the lock follow', async () => {
  const { dir, editor } = await example();
  const reply = await editor.call('POST', '/api/entities/UN-004/rename', {
    id: 'UN-040',
    version: await editor.version('UN-004'),
  });
  expect(reply.status, reply.text).toBe(200);
  const lines = changedLines(dir);
  expect(lines['single/REQ-022.json']).toEqual([
    '-  "satisfies": ["UN-004", "UN-003"],',
    '+  "satisfies": ["UN-040", "UN-003"],',
  ]);
  expect(lines['user-needs.yaml']).toEqual(['-  - id: UN-004', '+  - id: UN-040']);
  expect(lines['requirements.yaml']).toEqual(['-    satisfies: UN-004', '+    satisfies: UN-040']);
  expect(Object.keys(lines).sort()).toEqual([
    'requirements.yaml',
    'rr.lock.json',
    'single/REQ-022.json',
    'user-needs.yaml',
  ]);
});

test('POST of a test method: TM-006 appended to test-methods.json, laid out like its siblings', async () => {
  const { dir, editor } = await example();
  const reply = await editor.call('POST', '/api/entities', {
    kind: 'test_method',
    data: { title: 'Soak test', level: 'system', tags: ['system', 'soak'] },
  });
  expect(reply.status, reply.text).toBe(201);
  expect(reply.body.entity).toMatchObject({ id: 'TM-006', file: 'test-methods.json' });
  expect(changedLines(dir)).toEqual({
    // git pairs the old closing brace with the new one: the new lines sit before it
    'test-methods.json': [
      '+    },',
      '+    {',
      '+      "id": "TM-006",',
      '+      "title": "Soak test",',
      '+      "level": "system",',
      '+      "tags": ["system", "soak"]',
    ],
  });
});
