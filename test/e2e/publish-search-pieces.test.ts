// The search index in pieces (docs/decisions/0352-the-search-index-in-pieces.md): a large model's index
// is cut into files under a size bound, every entity in exactly one, in entity order; and the search
// page loads them all from file:// and finds an entity of the first piece and of the last.
import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import MiniSearch from 'minisearch';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { available, needsProgram } from '../requirements.js';
import { publishPack, type PublishResult } from '../../tools/publish/publish-pack.js';
import {
  SEARCH_PIECE_BYTES,
  searchIndexScripts,
  searchPiecesScript,
} from '../../tools/publish/search-index.js';
import { entityHomes, entityHref, packPages } from '../../tools/publish/site-files.js';
import { REPO_ROOT, collectPageErrors, launchChromium } from './browser.js';

interface Piece {
  options: { idField: string; fields: string[]; storeFields: string[] };
  pages: string[];
  index: unknown;
}

/** The pieces as the browser would have them: each script run against a window of its own. */
function loadPieces(scripts: readonly string[]): Piece[] {
  const window: { RR_SEARCH_PIECES?: Piece[] } = {};
  for (const script of scripts) new Function('window', script)(window);
  return window.RR_SEARCH_PIECES ?? [];
}

const SMALL = 12_000; // bytes: the example's index (about 70 KB) in several pieces

describe('the search index in pieces', () => {
  let root: string;
  let out: string;
  let result: PublishResult;
  let href: (id: string) => string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'rr-search-pieces-'));
    cpSync(join(REPO_ROOT, 'examples', 'infusion-pump'), join(root, 'model'), { recursive: true });
    out = join(root, 'pack');
    result = await publishPack({
      model: join(root, 'model'),
      evidence: join(root, 'model', 'bazel-testlogs'),
      out,
    });
    const homes = entityHomes(packPages(result.data));
    href = (id) => entityHref(homes, id);
  }, 180_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is one piece while it fits, as the pack ships it', () => {
    expect(result.files.filter((f) => f.startsWith('assets/search-'))).toEqual([
      'assets/search-index-1.js',
      'assets/search-pieces.js',
    ]);
    expect(searchIndexScripts(result.data, href)).toHaveLength(1);
    expect(SEARCH_PIECE_BYTES).toBeLessThan(2_000_000);
  });

  it('cuts past the bound: each piece under it, every entity in one piece, in order', () => {
    const scripts = searchIndexScripts(result.data, href, SMALL);
    expect(scripts.length).toBeGreaterThan(3);
    for (const s of scripts) expect(Buffer.byteLength(s)).toBeLessThanOrEqual(SMALL);
    const ids = loadPieces(scripts).flatMap((piece) =>
      Object.values((piece.index as { storedFields: Record<string, { id: string }> }).storedFields).map(
        (f) => f.id,
      ),
    );
    expect(ids).toEqual(result.data.order);
    // Built again, the same bytes.
    expect(searchIndexScripts(result.data, href, SMALL)).toEqual(scripts);
  });

  it("gives each hit its entity's page and anchor", () => {
    const pieces = loadPieces(searchIndexScripts(result.data, href, SMALL));
    const last = result.data.order.at(-1)!;
    const piece = pieces.at(-1)!;
    const index = MiniSearch.loadJS(piece.index as never, piece.options);
    const hit = index.search(last, { prefix: true }).find((h) => h.id === last)!;
    expect(`${piece.pages[hit.p as number]}#${encodeURIComponent(last)}`).toBe(href(last));
  });

  describe.runIf(available(needsProgram('chromium')))('in Chromium, from file://', () => {
    let browser: Browser;

    beforeAll(async () => {
      // The published pack with its index cut small, as a large model's would be.
      const scripts = searchIndexScripts(result.data, href, SMALL);
      unlinkSync(join(out, 'assets', 'search-index-1.js'));
      scripts.forEach((s, i) => writeFileSync(join(out, 'assets', `search-index-${i + 1}.js`), s));
      writeFileSync(join(out, 'assets', 'search-pieces.js'), searchPiecesScript(scripts.length));
      browser = await launchChromium();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
    });

    it('finds entities of the first piece and of the last, and their links lead to them', async () => {
      const page = await browser.newPage();
      const errors = collectPageErrors(page);
      for (const id of [result.data.order[0]!, result.data.order.at(-1)!]) {
        const title = result.data.entities.get(id)!.title;
        const word = title.split(/\W+/).find((w) => w.length > 4) ?? id;
        await page.goto(`${pathToFileURL(join(out, 'search.html')).href}?q=${encodeURIComponent(word)}`);
        const link = page.locator('#rr-results a', { hasText: id });
        await link.first().waitFor();
        await expect(page.locator('#rr-search-status').textContent()).resolves.toMatch(/^\d+ results for/);
        await link.first().click();
        await page.waitForURL(new RegExp(`#${encodeURIComponent(id)}$`));
        expect(await page.locator(`[id="${id}"]`).isVisible()).toBe(true);
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  });
});
