// SPDX-License-Identifier: AGPL-3.0-or-later
// The bare page's third-party list (GET /third-party.json, read by the About dialog) names each
// library's licence text by the file the package really has (LICENSE, LICENSE.md, COPYING, …), and
// the server serves that file and the library's scripts, nothing else of the package.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARE_LIBRARIES } from '../../src/server/bare-page.js';
import { tempDir } from '../temp-dir.js';
import { startViewer } from './viewer-fixture.js';

/** An rr package with compiled page modules and the lit packages, each with the licence file named. */
function fakePackage(licences: Record<string, string>): string {
  const root = tempDir();
  mkdirSync(join(root, 'dist/ui-modules/ui/src'), { recursive: true });
  writeFileSync(join(root, 'dist/ui-modules/ui/src/viewer.js'), 'export {};\n');
  for (const name of BARE_LIBRARIES) {
    const dir = join(root, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name, version: '1.2.3', license: 'BSD-3-Clause', main: 'index.js' }),
    );
    writeFileSync(join(dir, 'index.js'), 'export {};\n');
    if (licences[name]) writeFileSync(join(dir, licences[name]), `The licence text of ${name}.\n`);
  }
  return root;
}

describe('the bare page’s third-party libraries', () => {
  it('names and serves each licence text by its real file name', async () => {
    const root = fakePackage({
      lit: 'LICENSE',
      'lit-html': 'LICENSE.md',
      'lit-element': 'COPYING',
      '@lit/reactive-element': 'LICENCE',
    });
    const v = await startViewer({ uiDir: join(root, 'no-assembled-page'), bareRoot: root });
    expect(v.server.page.kind).toBe('bare');
    const list = (await v.request('/third-party.json')).json<{
      libraries: { name: string; licenseFile: string }[];
    }>().libraries;
    expect(Object.fromEntries(list.map((l) => [l.name, l.licenseFile]))).toEqual({
      lit: 'node_modules/lit/LICENSE',
      'lit-html': 'node_modules/lit-html/LICENSE.md',
      'lit-element': 'node_modules/lit-element/COPYING',
      '@lit/reactive-element': 'node_modules/@lit/reactive-element/LICENCE',
    });
    for (const l of list) {
      const text = await v.request(`/${l.licenseFile}`);
      expect(text.status, l.licenseFile).toBe(200);
      expect(text.text).toBe(`The licence text of ${l.name}.\n`);
    }
    // A name the package does not use, and its other files, are not served.
    expect((await v.request('/node_modules/lit-html/LICENSE')).status).toBe(404);
    expect((await v.request('/node_modules/lit-html/package.json')).status).toBe(404);
    expect((await v.request('/node_modules/lit-html/index.js')).status).toBe(200);
  });

  it('is not served when a library has no licence text to serve beside it', async () => {
    const root = fakePackage({ lit: 'LICENSE', 'lit-html': 'LICENSE', 'lit-element': 'LICENSE' });
    const v = await startViewer({ uiDir: join(root, 'no-assembled-page'), bareRoot: root });
    expect(v.server.page.kind).toBe('none');
  });
});
