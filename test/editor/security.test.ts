// Authentication and the code viewer (docs/api.md, "Security") over real HTTP: a forged Host, a missing
// X-RR-Request, a wrong or missing token, a CORS preflight, path traversal on the source endpoint and an
// oversized body are each refused, and nothing is written.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runServe } from '../../tools/cli/serve-command.js';
import { cspHeader, EDITOR_CSP } from '../../tools/http/content-security-policies.js';
import { tokenMatches } from '../../tools/http/token-guard.js';
import { expectTree, fixtureCopy, initRepo, tempDir } from '../edit/edit-fixture.js';
import { send, startEditor } from './editor-fixture.js';

const TOKEN = 'a-test-token-of-enough-length';

/** An update of REQ-001's title, as a client would send it. */
async function titleChange(editor: Awaited<ReturnType<typeof startEditor>>) {
  const entity = (await editor.call('GET', '/api/entities/REQ-001')).body.entity;
  return { data: { ...entity.data, title: 'Changed' }, version: entity.version };
}

describe('Host allowlist (DNS rebinding)', () => {
  test('a forged Host is refused for reads and writes; nothing is written', async () => {
    const dir = await fixtureCopy('crlf');
    const editor = await startEditor(dir);
    const body = await titleChange(editor);
    const read = await editor.call('GET', '/api/state', undefined, { host: 'evil.example:8080' });
    expect(read.status).toBe(421);
    expect(read.body.code).toBe('bad-host');
    const write = await editor.call('PUT', '/api/entities/REQ-001', body, { host: 'evil.example' });
    expect(write.status).toBe(421);
    await expectTree(dir, 'crlf', 'before');
    expect(
      (await editor.call('GET', '/api/state', undefined, { host: `localhost:${editor.url.port}` })).status,
    ).toBe(200);
    expect(
      (await editor.call('GET', '/api/state', undefined, { host: `[::1]:${editor.url.port}` })).status,
    ).toBe(200);
  });

  test('--allow-host adds a name', async () => {
    const dir = await fixtureCopy('crlf');
    const editor = await startEditor(dir, { allowHosts: ['pump-dev.internal'] });
    expect(
      (await editor.call('GET', '/api/state', undefined, { host: 'pump-dev.internal:9000' })).status,
    ).toBe(200);
    expect(
      (await editor.call('GET', '/api/state', undefined, { host: 'pump-dev.internal.evil' })).status,
    ).toBe(421);
  });
});

test('a mutating request without X-RR-Request: 1 is refused (403) and writes nothing', async () => {
  const dir = await fixtureCopy('crlf');
  const editor = await startEditor(dir);
  const body = await titleChange(editor);
  for (const header of [{ 'x-rr-request': '' }, { 'x-rr-request': '0' }]) {
    const reply = await editor.call('PUT', '/api/entities/REQ-001', body, header);
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('missing-request-header');
  }
  const bare = await send(editor.url, 'POST', '/api/entities', { kind: 'requirement', title: 'x' });
  expect(bare.status).toBe(403);
  await expectTree(dir, 'crlf', 'before');
  expect((await editor.call('PUT', '/api/entities/REQ-001', body)).status).toBe(200);
});

describe('bearer token', () => {
  test('missing or wrong: 401 for reads and writes, nothing written; right: served', async () => {
    const dir = await fixtureCopy('crlf');
    const editor = await startEditor(dir, { token: TOKEN });
    const body = await titleChange(editor);
    const missing = await send(editor.url, 'GET', '/api/state');
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toContain('Bearer');
    const wrong = await editor.call('PUT', '/api/entities/REQ-001', body, { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('bad-token');
    const basic = await editor.call('GET', '/api/state', undefined, { authorization: `Basic ${TOKEN}` });
    expect(basic.status).toBe(401);
    await expectTree(dir, 'crlf', 'before');
    expect((await editor.call('GET', '/api/state')).status).toBe(200);
    // The UI page itself loads without the token: it takes it from the URL fragment.
    expect((await send(editor.url, 'GET', '/')).status).toBe(200);
  });

  test('tokens compare by content, constant-time over digests of equal length', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
  });

  test('rr serve beyond loopback generates a token and prints the URL with #token=', async () => {
    const dir = await fixtureCopy('crlf');
    let out = '';
    const stop = new AbortController();
    const io = { out: (t: string) => (out += t), err: (t: string) => (out += t), cwd: dir };
    const running = runServe(
      { model: '.', host: '0.0.0.0', port: '0', allowHost: [], laneTargets: [], llm: true },
      io,
      stop.signal,
    );
    for (let i = 0; i < 200 && !out.includes('rr editor:'); i++) await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    expect(await running).toBe(0);
    // One URL per name and address of the machine, never the unopenable 0.0.0.0.
    const urls = [...out.matchAll(/rr editor: (\S+)/g)].map((m) => m[1]!);
    expect(urls).toContainEqual(
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{32}$/),
    );
    expect(urls.filter((u) => u.includes('0.0.0.0'))).toEqual([]);
  });
});

test('a CORS preflight gets no Access-Control-* header, and no answer ever carries one', async () => {
  const dir = await fixtureCopy('crlf');
  const editor = await startEditor(dir);
  const preflight = await send(editor.url, 'OPTIONS', '/api/entities/REQ-001', undefined, {
    origin: 'https://evil.example',
    'access-control-request-method': 'PUT',
    'access-control-request-headers': 'x-rr-request, content-type',
  });
  expect(preflight.status).toBe(405);
  const cross = await editor.call('GET', '/api/state', undefined, { origin: 'https://evil.example' });
  for (const reply of [preflight, cross])
    expect(Object.keys(reply.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  const policy = cspHeader(EDITOR_CSP);
  expect(cross.headers['content-security-policy']).toBe(policy);
  expect(policy).toContain("default-src 'none'");
  expect(policy).not.toContain('unsafe-inline');
});

describe('the source endpoint serves only text files inside the repository', () => {
  async function repository() {
    const outside = await tempDir();
    await writeFile(join(outside, 'secret.txt'), 'TOP-SECRET-CONTENT\n');
    const dir = await fixtureCopy('crlf');
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, 'src', 'pump.c'), '// @implements REQ-001\nint rate;\n');
    await writeFile(join(dir, 'src', 'blob.bin'), Buffer.from([0x7f, 0x45, 0x00, 0x01]));
    await symlink(join(outside, 'secret.txt'), join(dir, 'src', 'leak.txt'));
    await symlink(outside, join(dir, 'src', 'out'));
    await symlink(join(dir, 'src', 'pump.c'), join(dir, 'src', 'inside.c'));
    initRepo(dir);
    return { dir, outside, editor: await startEditor(dir) };
  }

  test('a file inside is served as lines, also through a link that stays inside', async () => {
    const { editor } = await repository();
    const reply = await editor.call('GET', '/api/source?path=src/pump.c');
    expect(reply.body).toEqual({
      path: 'src/pump.c',
      lines: ['// @implements REQ-001', 'int rate;'],
      line_count: 2,
    });
    expect((await editor.call('GET', '/api/source?path=src/inside.c')).body.path).toBe('src/pump.c');
  });

  test.each([
    ['../', '/api/source?path=../secret.txt'],
    ['deeper ../', '/api/source?path=src/../../secret.txt'],
    ['encoded ../', '/api/source?path=%2e%2e%2fsecret.txt'],
    ['encoded backslash', '/api/source?path=..%5csecret.txt'],
    ['absolute', '/api/source?path=%2fetc%2fpasswd'],
    ['a link to a file outside', '/api/source?path=src/leak.txt'],
    ['a link to a folder outside', '/api/source?path=src/out/secret.txt'],
    ['.git/config', '/api/source?path=.git/config'],
    ['.git, encoded', '/api/source?path=.%67it%2fHEAD'],
    ['.GIT in another case', '/api/source?path=.GIT/config'],
  ])('refused: %s', async (_name, url) => {
    const { editor } = await repository();
    const reply = await editor.call('GET', url);
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('outside-repository');
    expect(reply.text).not.toContain('TOP-SECRET');
  });

  test('a binary file is not text (415); a missing file 404; no path 400', async () => {
    const { editor } = await repository();
    expect((await editor.call('GET', '/api/source?path=src/blob.bin')).status).toBe(415);
    expect((await editor.call('GET', '/api/source?path=src/none.c')).status).toBe(404);
    expect((await editor.call('GET', '/api/source')).status).toBe(400);
  });
});

test('an oversized body is refused (413) and nothing is written', async () => {
  const dir = await fixtureCopy('crlf');
  const editor = await startEditor(dir, { bodyLimit: 64 * 1024 });
  const body = await titleChange(editor);
  const reply = await editor.call('PUT', '/api/entities/REQ-001', {
    ...body,
    data: { ...body.data, description: 'x'.repeat(200 * 1024) },
  });
  expect(reply.status).toBe(413);
  expect(reply.body.code).toBe('body-too-large');
  await expectTree(dir, 'crlf', 'before');
});

test('a body that is not JSON is refused (415) and nothing is written', async () => {
  const dir = await fixtureCopy('crlf');
  const editor = await startEditor(dir);
  const reply = await editor.call('POST', '/api/entities', 'kind=requirement&title=x', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(reply.status).toBe(415);
  await expectTree(dir, 'crlf', 'before');
});
