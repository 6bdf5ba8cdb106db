// Debian's Chromium driven by playwright-core, for the editor's and the viewer's browser tests. Whether
// it is installed is test/requirements.ts's question (`needsProgram('chromium')`).
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from '../requirements.js';

/** Flags for a headless run in a container: no sandbox, GPU or background traffic. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts a headless Chromium; `extra` flags add to the usual ones (WebGL needs --enable-unsafe-swiftshader). */
export function launchBrowser(extra: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extra] });
}
