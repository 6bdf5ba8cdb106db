// The guards a server adds from tools/http: the Origin check on writes, `X-RR-Request: 1` on changes
// and the bearer token on the API. Each refusal is a JSON error, and the refused route does not run.
import { describe, expect, it } from 'vitest';
import { registerOriginGuard } from '../../tools/http/origin-guard.js';
import { registerRequestHeaderGuard } from '../../tools/http/request-header-guard.js';
import { registerTokenGuard } from '../../tools/http/token-guard.js';
import { testApp } from './http-app-fixture.js';

const PAGE = 'http://localhost:8766';
const write = { method: 'POST', url: '/api/things', payload: { title: 'a' } } as const;

describe('Origin check', () => {
  const app = () =>
    testApp({
      guard: (a) =>
        registerOriginGuard(a, {
          allowed: () => new Set([PAGE]),
          requiredFor: ['/api/things'],
          missingHint: 'write from the page',
          refusedHint: 'only the page may write',
        }),
    });

  it('refuses writes from another origin and from none where one is required', async () => {
    const server = await app();
    const foreign = await server.inject({
      ...write,
      headers: { host: 'localhost', origin: 'http://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'origin-refused' });
    const opaque = await server.inject({ ...write, headers: { host: 'localhost', origin: 'null' } });
    expect(opaque.json()).toMatchObject({ code: 'origin-refused' });
    const none = await server.inject({ ...write, headers: { host: 'localhost' } });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'origin-missing', message: 'write from the page' });
  });

  it('lets the page write, and anyone read', async () => {
    const server = await app();
    expect(
      (await server.inject({ ...write, headers: { host: 'localhost', origin: `${PAGE}/` } })).statusCode,
    ).toBe(201);
    const read = await server.inject({
      url: '/api/thing',
      headers: { host: 'localhost', origin: 'http://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('X-RR-Request', () => {
  it('is required on every change and on no read', async () => {
    const server = await testApp({ guard: registerRequestHeaderGuard });
    for (const value of [undefined, '', '0', 'true']) {
      const headers: Record<string, string> = { host: 'localhost' };
      if (value !== undefined) headers['x-rr-request'] = value;
      const reply = await server.inject({ ...write, headers });
      expect(reply.statusCode, String(value)).toBe(403);
      expect(reply.json()).toMatchObject({ code: 'missing-request-header' });
    }
    expect(
      (await server.inject({ ...write, headers: { host: 'localhost', 'x-rr-request': '1' } })).statusCode,
    ).toBe(201);
    expect((await server.inject({ url: '/api/thing', headers: { host: 'localhost' } })).statusCode).toBe(200);
  });
});

describe('bearer token', () => {
  const TOKEN = 'a-test-token-of-enough-length';

  it('guards the API, not the page, and says how to authenticate', async () => {
    const server = await testApp({ guard: (a) => registerTokenGuard(a, TOKEN, 'test server') });
    const missing = await server.inject({ url: '/api/thing', headers: { host: 'localhost' } });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="rr test server"');
    expect(missing.json()).toMatchObject({ code: 'bad-token' });
    for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, `Bearer  ${TOKEN}`])
      expect(
        (await server.inject({ url: '/api/thing', headers: { host: 'localhost', authorization } }))
          .statusCode,
        authorization,
      ).toBe(401);
    const right = await server.inject({
      url: '/api/thing',
      headers: { host: 'localhost', authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect((await server.inject({ url: '/', headers: { host: 'localhost' } })).statusCode).toBe(200);
  });
});
