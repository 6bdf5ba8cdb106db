// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer's network rules over real HTTP: the Host guard (421, DNS rebinding), the Origin check on
// writes, no CORS headers anywhere, the body size limit, JSON-only bodies and the security headers.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { httpRequest } from './http-request.js';
import { startViewer } from './viewer-fixture.js';

describe('Host guard', () => {
  it('answers 421 to a host name that is not the viewer’s, as a DNS-rebinding page would send', async () => {
    const v = await startViewer();
    for (const host of [
      `evil.example:${v.port}`,
      `attacker.test`,
      `127.0.0.1.nip.io:${v.port}`,
      `localhost:${v.port + 1}`,
      '',
    ]) {
      const r = await httpRequest(v.port, '/api/state', { headers: { host } });
      expect(r.status, host).toBe(421);
      expect(r.json()).toMatchObject({ status: 421, code: 'host-not-allowed' });
    }
    // The page is guarded as well as the API.
    expect((await httpRequest(v.port, '/', { headers: { host: `evil.example:${v.port}` } })).status).toBe(
      421,
    );
  });

  it('accepts its own loopback names with its port, and --allow-host names', async () => {
    const v = await startViewer({ flags: { allowHost: ['viewer.lan', 'box.lan:9999'] } });
    for (const host of [
      `127.0.0.1:${v.port}`,
      `localhost:${v.port}`,
      `LOCALHOST:${v.port}`,
      `[::1]:${v.port}`,
      `viewer.lan:${v.port}`,
      'box.lan:9999',
    ])
      expect((await httpRequest(v.port, '/api/about', { headers: { host } })).status, host).toBe(200);
    expect((await httpRequest(v.port, '/api/about', { headers: { host: `box.lan:${v.port}` } })).status).toBe(
      421,
    );
  });

  it('accepts the host of an --allow-origin and its first label', async () => {
    const v = await startViewer({ flags: { allowOrigin: ['http://box.tailnet.example:8766'] } });
    for (const host of [`box.tailnet.example:${v.port}`, `box:${v.port}`])
      expect((await httpRequest(v.port, '/api/about', { headers: { host } })).status, host).toBe(200);
  });
});

describe('Origin check on writes', () => {
  it('refuses a write from a foreign origin and writes nothing', async () => {
    const v = await startViewer();
    const r = await v.request('/api/controls', {
      json: { requested: { paused: true } },
      origin: 'http://evil.example',
    });
    expect(r.status).toBe(403);
    expect(r.json()).toMatchObject({ code: 'origin-refused' });
    expect((await v.request('/api/pin', { json: { lane: 'a', seq: 1 }, origin: 'null' })).status).toBe(403);
    expect(existsSync(join(v.root, 'control.json'))).toBe(false);
    expect(existsSync(join(v.root, 'pins'))).toBe(false);
  });

  it('lets clients without an Origin write controls and records, but never notes', async () => {
    const v = await startViewer();
    expect(
      (await v.request('/api/controls', { json: { requested: { paused: true } }, origin: null })).status,
    ).toBe(200);
    expect((await v.request('/api/pin', { json: { lane: 'cand-0', seq: 1 }, origin: null })).status).toBe(
      201,
    );
    const note = await v.request('/api/notes', { json: { kind: 'question', title: 'Why?' }, origin: null });
    expect(note.status).toBe(403);
    expect(note.json()).toMatchObject({ code: 'origin-missing' });
    expect(existsSync(v.config.notesDir)).toBe(false);
    // Agent writes need an Origin too (and then say the agent is not available).
    expect((await v.request('/api/agent/chat', { json: { question: 'x' }, origin: null })).status).toBe(403);
  });

  it('accepts the viewer’s own origins and --allow-origin values', async () => {
    const v = await startViewer({ flags: { allowOrigin: ['https://viewer.example.net'] } });
    for (const origin of [
      `http://127.0.0.1:${v.port}`,
      `http://localhost:${v.port}`,
      `http://[::1]:${v.port}`,
      'https://viewer.example.net',
      'https://VIEWER.example.net/',
    ])
      expect(
        (await v.request('/api/notes', { json: { kind: 'observation', title: origin }, origin })).status,
        origin,
      ).toBe(201);
    expect(
      (
        await v.request('/api/notes', {
          json: { kind: 'observation', title: 'x' },
          origin: 'http://viewer.example.net',
        })
      ).status,
    ).toBe(403);
  });
});

describe('No CORS, strict headers, bounded JSON bodies', () => {
  it('sends no Access-Control header on any answer, a preflight included', async () => {
    const v = await startViewer();
    const answers = [
      await v.request('/api/state'),
      await v.request('/api/notes', {
        method: 'OPTIONS',
        headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
      }),
      await v.request('/api/state', { method: 'OPTIONS', headers: { origin: `http://127.0.0.1:${v.port}` } }),
      await v.request('/api/controls', { json: { requested: {} }, origin: 'http://evil.example' }),
      await httpRequest(v.port, '/api/state', {
        headers: { host: 'evil.example', origin: 'http://evil.example' },
      }),
      await v.request('/'),
      await v.request('/api/nothing'),
    ];
    for (const r of answers) {
      expect(Object.keys(r.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(answers[1]!.status).toBe(404);
  });

  it('refuses a body over 1 MiB with 413 and writes nothing', async () => {
    const v = await startViewer();
    const r = await v.request('/api/pin', { json: { lane: 'cand-0', seq: 1, label: 'x'.repeat(1_100_000) } });
    expect(r.status).toBe(413);
    expect(r.json()).toMatchObject({ code: 'body-too-large' });
    expect(existsSync(join(v.root, 'pins'))).toBe(false);
  });

  it('takes only JSON bodies: text/plain (what a cross-site form sends) is 415, broken JSON 400', async () => {
    const v = await startViewer();
    const plain = await v.request('/api/pin', {
      body: '{"lane":"a","seq":1}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    const broken = await v.request('/api/pin', {
      body: '{"lane":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.json()).toMatchObject({ status: 400, code: 'bad-body' });
    expect(existsSync(join(v.root, 'pins'))).toBe(false);
  });
});
