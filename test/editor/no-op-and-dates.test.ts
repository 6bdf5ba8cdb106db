// Small API behaviours a user notices: an update that changes nothing says so and writes nothing, and a
// new note's date takes the quoting the file gives its dates.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { tempDir } from '../edit/edit-fixture.js';
import { startEditor } from './editor-fixture.js';
import { writeFile } from 'node:fs/promises';

const NEEDS = `user_needs:
  - id: UN-001
    title: Dose safely
    notes:
      - id: N-1
        kind: question
        status: open
        text: Which pumps?
        created: "2026-03-04"
`;

test('an update that sets what is there reports no change and writes no file', async () => {
  const dir = await tempDir();
  await writeFile(join(dir, 'needs.yaml'), NEEDS);
  const before = await stat(join(dir, 'needs.yaml'));
  const editor = await startEditor(dir);
  const reply = await editor.update('UN-001', {});
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body).toMatchObject({ ok: true, changed: [], files: [] });
  expect(await readFile(join(dir, 'needs.yaml'), 'utf8')).toBe(NEEDS);
  expect((await stat(join(dir, 'needs.yaml'))).mtimeMs).toBe(before.mtimeMs);
});

test("a new note's date is quoted like the file's other dates", async () => {
  const dir = await tempDir();
  await writeFile(join(dir, 'needs.yaml'), NEEDS);
  const editor = await startEditor(dir);
  const reply = await editor.call('POST', '/api/entities/UN-001/notes', {
    version: await editor.version('UN-001'),
    kind: 'todo',
    text: 'Ask the nurses',
  });
  expect(reply.status, reply.text).toBe(201);
  const text = await readFile(join(dir, 'needs.yaml'), 'utf8');
  expect(text).toMatch(/\n {8}created: "\d{4}-\d{2}-\d{2}"\n$/);
});

test('the first risk of a model that keeps one kind per file is proposed for a risks.yaml of its own', async () => {
  const dir = await tempDir();
  await writeFile(join(dir, 'needs.yaml'), NEEDS);
  await writeFile(
    join(dir, 'requirements.yaml'),
    'requirements:\n  - id: REQ-001\n    title: Rate\n    satisfies: UN-001\n  - id: REQ-002\n    title: Limits\n    satisfies: UN-001\n',
  );
  const editor = await startEditor(dir);
  const reply = await editor.call('GET', '/api/next-id?kind=risk');
  expect(reply.body).toMatchObject({ kind: 'risk', id: 'RISK-001', file: 'risks.yaml', new_file: true });
  // A model in one file keeps everything there.
  const single = await tempDir();
  await writeFile(
    join(single, 'model.yaml'),
    `${NEEDS}requirements:\n  - id: REQ-001\n    title: Rate\n    satisfies: UN-001\n`,
  );
  const one = await startEditor(single);
  expect((await one.call('GET', '/api/next-id?kind=risk')).body).toMatchObject({
    file: 'model.yaml',
    new_file: false,
  });
});
