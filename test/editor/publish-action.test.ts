// The Changes page's Publish action through the API (docs/api.md, POST /api/publish): a tag's audit pack
// into a folder of the repository, with the tag's content although the working tree has changed since;
// into a temporary folder without one; refused outside the repository and over a folder of other files.
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fixtureCopy } from '../edit/edit-fixture.js';
import { startEditor } from './editor-fixture.js';

const ADA = 'Ada Lovelace <ada@example.com>';

describe('POST /api/publish', () => {
  test("writes a tag's pack where the user says, and says where", async () => {
    const dir = await fixtureCopy('links', { git: true });
    const editor = await startEditor(dir, { author: ADA });
    execFileSync('git', ['tag', '-a', 'v1', '-m', 'baseline'], { cwd: dir });
    expect((await editor.update('REQ-001', { title: 'Retitled after v1' })).status).toBe(200);

    const inside = await editor.call('POST', '/api/publish', { ref: 'v1', folder: 'audit/v1' });
    expect(inside.status).toBe(201);
    expect(inside.body).toMatchObject({ ok: true, ref: 'v1', relative: 'audit/v1' });
    // Again into the same folder: an earlier pack is replaced.
    expect((await editor.call('POST', '/api/publish', { ref: 'v1', folder: 'audit/v1' })).status).toBe(201);
    const start = await readFile(inside.body.index, 'utf8');
    expect(start).toContain('tag <strong>v1</strong>');
    const documents = await readFile(join(inside.body.out, 'documents.html'), 'utf8');
    const page = /href="(doc-[^"]+)"/.exec(documents)![1]!;
    const text = await readFile(join(inside.body.out, page), 'utf8');
    expect(text).toContain('REQ-001');
    expect(text).not.toContain('Retitled after v1');

    const temporary = await editor.call('POST', '/api/publish', { ref: 'v1' });
    expect(temporary.status).toBe(201);
    expect(temporary.body.relative).toBeNull();
    expect(temporary.body.out).not.toContain(dir);
    await expect(readFile(temporary.body.index, 'utf8')).resolves.toContain('rr publish');
  }, 120_000);

  test('refuses a folder outside the repository, a folder of other files, and an unknown tag', async () => {
    const dir = await fixtureCopy('links', { git: true });
    const editor = await startEditor(dir, { author: ADA });
    const outside = await editor.call('POST', '/api/publish', { ref: 'HEAD', folder: '../elsewhere' });
    expect(outside.status).toBe(400);
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, 'src', 'main.c'), 'int main(void) { return 0; }\n');
    const occupied = await editor.call('POST', '/api/publish', { ref: 'HEAD', folder: 'src' });
    expect(occupied.status).toBe(409);
    expect(occupied.body.message).toContain('not an audit pack');
    await expect(readFile(join(dir, 'src', 'main.c'), 'utf8')).resolves.toContain('int main');
    const unknown = await editor.call('POST', '/api/publish', { ref: 'v9', folder: 'audit' });
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toContain('v9');
  }, 120_000);
});
