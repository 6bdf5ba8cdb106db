// The page through tools/http: files of the page folder with an ETag that revalidates to 304 whether
// or not the client took gzip, text compressed when the client accepts gzip, a built-in page when no
// folder holds an index.html, and nothing outside the folder.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../temp-dir.js';
import { testApp } from './http-app-fixture.js';

const SCRIPT = `export const big = ${JSON.stringify('x'.repeat(5000))};\n`;

function pageFolder(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>page</title>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'main.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'logo.png'), Buffer.alloc(4000, 1));
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  const outside = tempDir();
  writeFileSync(join(outside, 'secret.txt'), 'secret');
  symlinkSync(join(outside, 'secret.txt'), join(dir, 'leak.txt'));
  return dir;
}

const get = (headers: Record<string, string> = {}) => ({ headers: { host: 'localhost', ...headers } });

describe('static files', () => {
  it('sends a file with its type, no-cache and an ETag; gzip when accepted', async () => {
    const app = await testApp({ pageDirs: [tempDir(), pageFolder()] });
    const plain = await app.inject({ url: '/assets/main.js', ...get() });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const etag = plain.headers.etag as string;
    expect(etag).toBeTruthy();

    const zipped = await app.inject({ url: '/assets/main.js', ...get({ 'accept-encoding': 'gzip, br' }) });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(SCRIPT);
    expect(zipped.headers.etag).toBe(etag);

    // An image is sent as it is.
    const image = await app.inject({ url: '/assets/logo.png', ...get({ 'accept-encoding': 'gzip' }) });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 with no body to a matching If-None-Match, compressed or not', async () => {
    const app = await testApp({ pageDirs: [pageFolder()] });
    const etag = (await app.inject({ url: '/assets/main.js', ...get() })).headers.etag as string;
    for (const encoding of ['gzip', 'identity']) {
      const again = await app.inject({
        url: '/assets/main.js',
        ...get({ 'if-none-match': etag, 'accept-encoding': encoding }),
      });
      expect(again.statusCode, encoding).toBe(304);
      expect(again.rawPayload.length, encoding).toBe(0);
    }
    const stale = await app.inject({ url: '/assets/main.js', ...get({ 'if-none-match': '"other"' }) });
    expect(stale.statusCode).toBe(200);
  });

  it('serves index.html for / and for a folder', async () => {
    const dir = pageFolder();
    writeFileSync(join(dir, 'assets', 'index.html'), '<!doctype html><title>assets</title>');
    const app = await testApp({ pageDirs: [dir] });
    expect((await app.inject({ url: '/', ...get() })).body).toContain('<title>page</title>');
    expect((await app.inject({ url: '/assets', ...get() })).body).toContain('<title>assets</title>');
  });

  it('refuses what is outside the folder or hidden, and leaves /api/ to the API', async () => {
    const app = await testApp({ pageDirs: [pageFolder()] });
    for (const url of [
      '/.env',
      '/leak.txt',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f.env',
      '/a%5c..%5cindex.html',
      '/%00',
      '/nope.js',
    ]) {
      const reply = await app.inject({ url, ...get() });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json(), url).toMatchObject({ code: 'not-found' });
      expect(reply.body, url).not.toContain('SECRET');
    }
    const api = await app.inject({ url: '/api/nothing', ...get() });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'no-route' });
  });

  it('says the page is not built when no folder holds an index.html', async () => {
    const app = await testApp({ pageDirs: [tempDir()] });
    const page = await app.inject({ url: '/', ...get() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('not built');
    expect((await app.inject({ url: '/main.js', ...get() })).statusCode).toBe(404);
  });
});
