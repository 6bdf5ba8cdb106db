// The Host guard is one for both servers (the viewer's own test is viewer/test/http/server-guards.test.ts):
// a foreign Host (as a DNS-rebinding page sends) is refused with 421 Misdirected Request before any
// route runs, for reads, writes and the page alike.
import { describe, expect, it } from 'vitest';
import { expectTree, fixtureCopy } from '../edit/edit-fixture.js';
import { startEditor } from '../editor/editor-fixture.js';
import { testApp } from './http-app-fixture.js';

describe('a foreign Host is answered 421', () => {
  it('the editor (rr serve)', async () => {
    const dir = await fixtureCopy('crlf');
    const editor = await startEditor(dir);
    for (const [method, path] of [
      ['GET', '/api/state'],
      ['POST', '/api/reload'],
      ['GET', '/'],
    ] as const) {
      const reply = await editor.call(method, path, undefined, { host: `evil.example:${editor.url.port}` });
      expect(reply.status, `${method} ${path}`).toBe(421);
      expect(reply.body).toMatchObject({ code: 'bad-host' });
    }
    await expectTree(dir, 'crlf', 'before');
    expect(
      (await editor.call('GET', '/api/state', undefined, { host: `localhost:${editor.url.port}` })).status,
    ).toBe(200);
  });

  it('a Host that does not parse is refused too', async () => {
    const app = await testApp();
    for (const host of ['local host', 'localhost:port', '[::1', 'localhost:80/x']) {
      const reply = await app.inject({ url: '/api/thing', headers: { host } });
      expect(reply.statusCode, host).toBe(421);
    }
    for (const host of ['localhost', 'LOCALHOST:8080'])
      expect((await app.inject({ url: '/api/thing', headers: { host } })).statusCode, host).toBe(200);
  });
});
