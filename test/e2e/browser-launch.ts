// Debian's Chromium driven by playwright-core, for the viewer's browser tests. The tests skip, saying
// why, when Chromium is not installed, except under CI, where a missing browser fails them.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where the browser is: Debian's package puts it here (.ci/install-chromium installs it). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

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

/** Why the browser tests cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  return `no Chromium at ${CHROMIUM_PATH}: install it with \`bash .ci/install-chromium\` (Debian's chromium package)`;
}

/** Starts a headless Chromium; `extra` flags add to the usual ones (WebGL needs --enable-unsafe-swiftshader). */
export function launchBrowser(extra: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extra] });
}
