// Security headers from @fastify/helmet on every answer of both servers, refusals and 404s included:
// each server's strict CSP, no sniffing, no framing, no referrer; API answers are never cached, and no
// answer carries an Access-Control-* header.
import { describe, expect, it } from 'vitest';
import { cspHeader, EDITOR_CSP, VIEWER_CSP } from '../../tools/http/content-security-policies.js';
import { fixtureCopy } from '../edit/edit-fixture.js';
import { startEditor } from '../editor/editor-fixture.js';
import { testApp } from './http-app-fixture.js';
import { expectSecurityHeaders } from './security-header-checks.js';

describe('security headers', () => {
  it('both policies allow nothing inline, no other origin, no framing and no <base>', () => {
    for (const policy of [EDITOR_CSP, VIEWER_CSP]) {
      const header = cspHeader(policy);
      expect(header).not.toMatch(/unsafe-|\*|https?:/);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'none'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
    }
    expect(EDITOR_CSP['default-src']).toEqual(["'none'"]);
  });

  it('the editor sends them on answers, refusals and its page', async () => {
    const editor = await startEditor(await fixtureCopy('crlf'));
    const answers = {
      state: await editor.call('GET', '/api/state'),
      'no route': await editor.call('GET', '/api/none'),
      'foreign host': await editor.call('GET', '/api/state', undefined, { host: 'evil.example' }),
      'no X-RR-Request': await editor.call('POST', '/api/reload', undefined, { 'x-rr-request': '' }),
      page: await editor.call('GET', '/'),
    };
    for (const [what, reply] of Object.entries(answers))
      expectSecurityHeaders(reply.headers, EDITOR_CSP, what);
    expect(answers.state.headers['cache-control']).toBe('no-store');
    expect(answers['no route'].headers['cache-control']).toBe('no-store');
  });

  it('strips an Access-Control-* header even when a route sets one', async () => {
    const app = await testApp({
      guard: (a) =>
        a.get('/api/cors', async (_request, reply) =>
          reply.header('access-control-allow-origin', '*').send({}),
        ),
    });
    const reply = await app.inject({ url: '/api/cors', headers: { host: 'localhost' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });
});
