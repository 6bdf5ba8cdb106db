// SPDX-License-Identifier: AGPL-3.0-or-later
// Opens the viewer's page in headless Chromium (Debian's, through playwright-core, with the flags the
// browser tests use) and reads the board view's performance marks: when the first copper layer was in
// the page and when the whole board was, from the page's start and from its request for the geometry
// index; the transfer sizes come from the browser's resource timing.
import { chromium, type Browser } from 'playwright-core';

/** The flags of test/e2e/browser-launch.ts: headless in a container, no GPU or background traffic. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What one page load took, in the page's own clock. */
export interface PageTiming {
  /** From navigation start to the first copper layer in the page. */
  firstLayerMs: number;
  firstLayer: string;
  /** From navigation start to the whole board in the page. */
  wholeMs: number;
  /** When the page asked for the geometry index (from navigation start). */
  indexRequestMs: number;
  /** Geometry bytes on the wire and after decompression. */
  wireBytes: number;
  bodyBytes: number;
}

/** The fields of the browser's PerformanceResourceTiming read here. */
interface ResourceTiming {
  name: string;
  startTime: number;
  transferSize: number;
  decodedBodySize: number;
}

/** Starts Chromium. */
export async function launchChromium(path = '/usr/bin/chromium'): Promise<Browser> {
  return chromium.launch({ executablePath: path, args: CHROMIUM_ARGS });
}

/** Opens `url` in a new browser context (empty HTTP cache) and waits until the board is drawn. */
export async function timePageLoad(browser: Browser, url: string, timeoutMs = 600_000): Promise<PageTiming> {
  const context = await browser.newContext({ viewport: { width: 1500, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('rr-board-drawn').length > 0, undefined, {
      timeout: timeoutMs,
      polling: 100,
    });
    return await page.evaluate(() => {
      const layers = performance.getEntriesByName('rr-board-layer-drawn').map((m) => ({
        at: m.startTime,
        layer: (m as unknown as { detail: { layer: string } }).detail.layer,
      }));
      const copper = layers.find((l) => l.layer.endsWith('.Cu'))!;
      const whole = performance.getEntriesByName('rr-board-drawn')[0]!.startTime;
      const geometry = performance
        .getEntriesByType('resource')
        .filter((r) => r.name.includes('/api/geometry/')) as unknown as ResourceTiming[];
      const index = geometry.find((r) => /\/layers(\?|$)/.test(r.name));
      return {
        firstLayerMs: copper.at,
        firstLayer: copper.layer,
        wholeMs: whole,
        indexRequestMs: index?.startTime ?? NaN,
        wireBytes: geometry.reduce((n, r) => n + r.transferSize, 0),
        bodyBytes: geometry.reduce((n, r) => n + r.decodedBodySize, 0),
      };
    });
  } finally {
    await context.close();
  }
}
