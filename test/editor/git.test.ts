// Git through the editor: status, refs and log, the semantic model diff between two refs and against
// the working tree, committing model changes and tagging a baseline with the request's author, and
// refused ref names.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkNewRefName, checkRevision, RefNameError } from '../../tools/git/ref-names.js';
import { fixtureCopy, gitStatus } from '../edit/edit-fixture.js';
import { startEditor, type Editor } from './editor-fixture.js';

const ADA = 'Ada Lovelace <ada@example.com>';

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
}

async function retitle(editor: Editor, id: string, title: string) {
  expect((await editor.update(id, { title })).status).toBe(200);
}

describe('a model in a git checkout', () => {
  test('status, diff against the working tree, commit with the author, log, tag, diff between refs', async () => {
    const dir = await fixtureCopy('links', { git: true });
    await writeFile(join(dir, 'notes.txt'), 'not part of the model\n');
    const editor = await startEditor(dir, { author: 'Default Person <default@example.com>' });

    await retitle(editor, 'REQ-001', 'Rate entry in mL/h');
    const status = (await editor.call('GET', '/api/git/status')).body;
    expect(status).toMatchObject({ repository: true, model_changes: 1 });
    expect(status.files).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'requirements.yaml', worktree: 'M', model: true }),
        expect.objectContaining({ path: 'notes.txt', index: '?', model: false }),
      ]),
    );

    const diff = (await editor.call('GET', '/api/diff')).body;
    expect(diff.from.ref).toBe('HEAD');
    expect(diff.to).toEqual({ ref: 'working tree', commit: null });
    expect(diff.changed).toEqual([
      {
        id: 'REQ-001',
        kind: 'requirement',
        file: 'requirements.yaml',
        fields: [{ field: 'title', from: 'Rate entry', to: 'Rate entry in mL/h' }],
      },
    ]);
    expect(diff).toMatchObject({ added: [], removed: [], same: false });

    const commit = await editor.call(
      'POST',
      '/api/git/commit',
      { message: 'Retitle REQ-001' },
      { 'x-rr-author': ADA },
    );
    expect(commit.status).toBe(201);
    expect(commit.body.files).toEqual(['requirements.yaml']);
    expect(git(dir, 'log', '-1', '--format=%an <%ae>|%cn|%s')).toBe(`${ADA}|Ada Lovelace|Retitle REQ-001`);
    expect(gitStatus(dir)).toBe('?? notes.txt\n'); // only model files were committed
    const nothing = await editor.call('POST', '/api/git/commit', { message: 'again' });
    expect(nothing.status).toBe(409);

    const log = (await editor.call('GET', '/api/git/log?limit=5')).body.commits;
    expect(log.map((c: { subject: string }) => c.subject)).toEqual(['Retitle REQ-001', 'model']);
    expect(log[0]).toMatchObject({ author: 'Ada Lovelace', email: 'ada@example.com' });

    const tag = await editor.call('POST', '/api/git/tag', { name: 'baseline-1', message: 'First baseline' });
    expect(tag.status).toBe(201);
    expect(git(dir, 'cat-file', '-t', 'baseline-1')).toBe('tag');
    expect(
      git(
        dir,
        'for-each-ref',
        '--format=%(taggername) %(taggeremail)|%(contents:subject)',
        'refs/tags/baseline-1',
      ),
    ).toBe('Default Person <default@example.com>|First baseline');
    expect((await editor.call('POST', '/api/git/tag', { name: 'baseline-1', message: 'x' })).status).toBe(
      409,
    );
    const refs = (await editor.call('GET', '/api/git/refs')).body.refs;
    expect(refs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'HEAD', kind: 'head' }),
        expect.objectContaining({ name: 'baseline-1', kind: 'tag', annotation: 'First baseline' }),
      ]),
    );

    // A rename and a new entity, committed, compared between the tag and HEAD.
    const renamed = await editor.call('POST', '/api/entities/REQ-002/rename', {
      id: 'REQ-020',
      version: await editor.version('REQ-002'),
    });
    expect(renamed.status).toBe(200);
    expect(
      (
        await editor.call('POST', '/api/entities', {
          kind: 'risk',
          title: 'Underdose',
          severity: 'serious',
          likelihood: 'remote',
        })
      ).status,
    ).toBe(201);
    expect(
      (await editor.call('POST', '/api/git/commit', { message: 'More' }, { 'x-rr-author': ADA })).status,
    ).toBe(201);
    const between = (await editor.call('GET', '/api/diff?from=baseline-1&to=HEAD')).body;
    expect(between.added.map((e: { id: string }) => e.id).sort()).toEqual(['REQ-020', 'RISK-002']);
    expect(between.removed.map((e: { id: string }) => e.id)).toEqual(['REQ-002']);
    expect(between.from.commit).toBe(git(dir, 'rev-parse', 'baseline-1^{commit}'));
    const back = (await editor.call('GET', '/api/diff?from=HEAD~1&to=HEAD~1')).body;
    expect(back.same).toBe(true);
  });

  test('bad ref names are refused before git runs; unknown refs are 404', async () => {
    const dir = await fixtureCopy('links', { git: true });
    const editor = await startEditor(dir, { author: ADA });
    for (const from of ['--output=/tmp/x', 'a..b', 'HEAD@{1}', '-p', 'a b', 'x/.hidden', 'x.lock'])
      expect((await editor.call('GET', `/api/diff?from=${encodeURIComponent(from)}`)).status, from).toBe(400);
    expect((await editor.call('GET', '/api/diff?from=no-such-branch')).status).toBe(404);
    expect((await editor.call('GET', '/api/git/log?ref=--all')).status).toBe(400);
    for (const name of ['-x', '../x', 'a..b', 'v1 .0', 'HEAD', 'x.lock', ''])
      expect((await editor.call('POST', '/api/git/tag', { name, message: 'm' })).status, name).toBe(400);
    expect(git(dir, 'tag')).toBe('');
  });

  test('commit and tag need an author', async () => {
    const dir = await fixtureCopy('links', { git: true });
    const editor = await startEditor(dir);
    await retitle(editor, 'REQ-001', 'Rate');
    const reply = await editor.call('POST', '/api/git/commit', { message: 'm' });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('no-author');
    const bad = await editor.call('POST', '/api/git/commit', { message: 'm' }, { 'x-rr-author': 'no email' });
    expect(bad.body.code).toBe('bad-author');
  });
});

test('outside a git checkout the git endpoints say so', async () => {
  const dir = await fixtureCopy('links');
  const editor = await startEditor(dir);
  expect((await editor.call('GET', '/api/git/status')).body).toEqual({ repository: false });
  expect((await editor.call('GET', '/api/diff')).status).toBe(409);
});

test('ref name checks', () => {
  expect(checkRevision('main~2^1')).toBe('main~2^1');
  expect(checkRevision('release/v1.2')).toBe('release/v1.2');
  expect(() => checkRevision('--upload-pack=x')).toThrow(RefNameError);
  expect(checkNewRefName('baseline-2026.04')).toBe('baseline-2026.04');
  expect(() => checkNewRefName('a~1')).toThrow(RefNameError);
});
