// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer's side of the HTTP layer it shares with the editor (test/http/ has the editor's): a foreign
// Host is refused with 421 before any route runs, a body that is not JSON with 415, and every answer,
// refusals and the page included, carries the security headers with the viewer's CSP.
import { describe, expect, it } from 'vitest';
import { VIEWER_CSP } from 'rules-rr/core/http/content-security-policies.js';
import { expectSecurityHeaders } from '../../../test/http/security-header-checks.js';
import { httpRequest } from '../server/http-request.js';
import { startViewer } from '../server/viewer-fixture.js';

describe('the viewer’s HTTP guards', () => {
  it('answers a foreign Host 421', async () => {
    const v = await startViewer();
    for (const path of ['/api/state', '/']) {
      const reply = await httpRequest(v.port, path, { headers: { host: `evil.example:${v.port}` } });
      expect(reply.status, path).toBe(421);
      expect(reply.json()).toMatchObject({ status: 421, code: 'host-not-allowed' });
    }
    expect((await httpRequest(v.port, '/api/about')).status).toBe(200);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const viewer = await startViewer();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const toViewer = await viewer.request('/api/pin', {
        body: 'lane=a',
        headers: { 'content-type': type },
      });
      expect(toViewer.status, type).toBe(415);
      expect(toViewer.json()).toMatchObject({ status: 415, code: 'unsupported-media-type' });
    }
  });

  it('sends the security headers on answers, refusals and its page', async () => {
    const v = await startViewer();
    const answers = {
      state: await v.request('/api/state'),
      'foreign origin': await v.request('/api/controls', {
        json: { requested: {} },
        origin: 'http://evil.example',
      }),
      'foreign host': await httpRequest(v.port, '/api/state', { headers: { host: 'evil.example' } }),
      page: await v.request('/'),
    };
    for (const [what, reply] of Object.entries(answers))
      expectSecurityHeaders(reply.headers, VIEWER_CSP, what);
    expect(answers.state.headers['cache-control']).toBe('no-store');
  });
});
