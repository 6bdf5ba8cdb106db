// SPDX-License-Identifier: AGPL-3.0-or-later
// Provenance and licences in a real browser. The viewer runs from an ordinary git clone (made here from
// this checkout): the header links to the source tree of the clone's HEAD on its web remote, says
// "(modified)" once a tracked file changes, and shows --source-url; a clone without a remote shows the
// revision and where it came from. The About dialog names the viewer's licence and every third-party
// library with a licence text that opens.
import { viewerRoot } from '../viewer-root.js';
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sourceInfo, type SourceInfo } from '../../src/server/source-revision.js';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { startViewer } from '../server/viewer-fixture.js';
import { launchBrowser } from '../../../test/e2e/browser-launch.js';
import { available, needsProgram } from '../../../test/requirements.js';
import { pageErrors } from '../../../test/e2e/page-errors.js';

const WAIT = { timeout: 60_000 };
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** A clone of this repository's HEAD (committed files only), as a user would have it. */
function cloneOfThisRepository(): string {
  const dir = join(tempDir('rr-clone-'), 'rr');
  execFileSync('git', ['clone', '--quiet', '--no-checkout', repoRoot, dir], { stdio: 'ignore' });
  git(dir, 'checkout', '--quiet', 'HEAD');
  return dir;
}

describe.runIf(available(needsProgram('chromium')))('viewer provenance and licences in Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function open(source: SourceInfo): Promise<{ page: Page; errors: string[] }> {
    const v = await startViewer({ simulate: true, uiDir: join(viewerRoot, 'dist/ui'), source });
    const page = await browser.newPage();
    onTestFinished(() => page.close());
    const errors = pageErrors(page);
    await page.goto(`http://127.0.0.1:${v.port}/`);
    return { page, errors };
  }

  it('links the header to the clone’s revision on its web remote, marks it modified, shows --source-url', async () => {
    const clone = cloneOfThisRepository();
    git(clone, 'remote', 'set-url', 'origin', 'https://github.com/example/rr.git');
    const head = git(clone, 'rev-parse', 'HEAD');
    const clean = await sourceInfo({ packageRoot: clone, env: {} });
    expect(clean).toMatchObject({
      revision: head,
      revisionFrom: 'git',
      modified: false,
      tree: `https://github.com/example/rr/tree/${head}`,
    });
    appendFileSync(join(clone, 'README.md'), '\nA local change.\n');
    const source = await sourceInfo({
      packageRoot: clone,
      env: {},
      sourceUrl: 'https://example.net/rr-patches',
    });
    expect(source.modified).toBe(true);

    const { page, errors } = await open(source);
    const link = page.locator('rr-page-header [data-source] a', { hasText: /^source / });
    await link.waitFor(WAIT);
    expect(await link.getAttribute('href')).toBe(`https://github.com/example/rr/tree/${head}`);
    expect(await link.textContent()).toBe(`source ${head.slice(0, 10)}`);
    await expect
      .poll(() => page.locator('rr-page-header [data-source]').textContent())
      .toContain('(modified)');
    expect(await page.locator('rr-page-header [data-source-changes]').getAttribute('href')).toBe(
      'https://example.net/rr-patches',
    );
    expect(errors).toEqual([]);
  });

  it('shows the revision and where it came from for a clone without a remote', async () => {
    const clone = cloneOfThisRepository();
    git(clone, 'remote', 'remove', 'origin');
    const head = git(clone, 'rev-parse', 'HEAD');
    const source = await sourceInfo({ packageRoot: clone, env: {} });
    expect(source).toMatchObject({ tree: null, revision: head, modified: false });
    const { page } = await open(source);
    const shown = page.locator('rr-page-header [data-source]');
    await shown.waitFor(WAIT);
    await expect.poll(() => shown.textContent()).toContain(head.slice(0, 10));
    expect(await shown.textContent()).toContain(`the git checkout ${clone} (no remote)`);
    expect(await shown.locator('a').count()).toBe(0);
  });

  it('opens the About dialog: the viewer’s AGPL licence and each third-party library’s licence text', async () => {
    const { page, errors } = await open(await sourceInfo({ packageRoot: repoRoot, env: {} }));
    await page.locator('rr-page-header button[data-about]').click();
    const dialog = page.locator('rr-about-dialog dialog');
    await dialog.waitFor(WAIT);
    await dialog.locator('[data-third-party]').waitFor(WAIT);
    const names = await dialog
      .locator('tr[data-library]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-library')));
    expect(names).toEqual(expect.arrayContaining(['lit', 'three', 'lit-html', '@lit/reactive-element']));
    expect(await dialog.locator('[data-viewer-licence]').textContent()).toBe('AGPL-3.0-or-later');

    const viewerLicence = await page.request.get(new URL('LICENSE', page.url()).href);
    expect(viewerLicence.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await viewerLicence.text()).toContain('GNU AFFERO GENERAL PUBLIC LICENSE');
    for (const name of ['three', 'lit']) {
      const href = (await dialog.locator(`[data-licence-of="${name}"]`).getAttribute('href'))!;
      const answer = await page.request.get(new URL(href, page.url()).href);
      expect(answer.status(), href).toBe(200);
      expect(await answer.text(), href).toMatch(
        name === 'three' ? /The MIT License/ : /BSD 3-Clause License/,
      );
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });
});
