// Request bodies through tools/http: JSON only (415 otherwise, on both servers: the viewer's own test is
// viewer/test/http/server-guards.test.ts), checked by the route's
// schema with a message that names the field, 400 for JSON that does not parse, 413 past the limit.
import { describe, expect, it } from 'vitest';
import { fixtureCopy } from '../edit/edit-fixture.js';
import { startEditor } from '../editor/editor-fixture.js';
import { testApp } from './http-app-fixture.js';

const HOST = { host: 'localhost' };

describe('request bodies', () => {
  it('refuses a body that is not JSON with 415', async () => {
    const editor = await startEditor(await fixtureCopy('crlf'));
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const toEditor = await editor.call('POST', '/api/git/commit', 'message=x', { 'content-type': type });
      expect(toEditor.status, type).toBe(415);
      expect(toEditor.body).toEqual({
        status: 415,
        code: 'unsupported-media-type',
        message: 'send the request body as JSON with Content-Type: application/json',
      });
    }
  });

  it('names the field a body schema refuses', async () => {
    const app = await testApp();
    const post = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/things', headers: HOST, payload: payload as object });
    expect((await post({ title: 'a' })).statusCode).toBe(201);
    for (const [body, message] of [
      [{}, '"title" is required'],
      [{ title: '' }, '"title" is required'],
      [{ title: null }, '"title" is required'],
      [{ title: 7 }, '"title" must be a string'],
      [[1], 'the request body must be a JSON object'],
    ] as const) {
      const reply = await post(body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()).toEqual({ status: 400, code: 'bad-body', message });
    }
    const empty = await app.inject({ method: 'POST', url: '/api/things', headers: HOST });
    expect(empty.json()).toMatchObject({ code: 'bad-body', message: '"title" is required' });
  });

  it('answers 400 to JSON that does not parse and 413 to a body past the limit', async () => {
    const app = await testApp();
    const broken = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { ...HOST, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: 400, code: 'bad-body' });
    expect(broken.json<{ message: string }>().message).toMatch(/^the request body cannot be read: /);
    const large = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: HOST,
      payload: { title: 'x'.repeat(70 * 1024) },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'body-too-large' });
    expect(large.json<{ message: string }>().message).toContain('64 KiB');
  });

  it('answers a translated error of a lower layer, and hides an unexpected one behind 500', async () => {
    const app = await testApp();
    const translated = await app.inject({ url: '/api/range', headers: HOST });
    expect(translated.statusCode).toBe(422);
    expect(translated.json()).toEqual({ status: 422, code: 'out-of-range', message: 'too far' });
    const boom = await app.inject({ url: '/api/boom', headers: HOST });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      status: 500,
      code: 'internal',
      message: 'the test server failed unexpectedly; see its log',
    });
  });
});
