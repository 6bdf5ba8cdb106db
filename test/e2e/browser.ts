// Browser tests drive Debian's Chromium (/usr/bin/chromium, installed by .ci/install-chromium) with
// playwright-core. They need it (test/requirements.ts): skipped with a message without it, failed under
// CI.
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser-launch.js';

/** The repository root (test/e2e/../..). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where browser tests save screenshots (gitignored; docs link to them). */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'test-artifacts');

/** Launches headless Chromium with the project's fixed flags. */
export function launchChromium(): Promise<Browser> {
  return launchBrowser();
}

/**
 * Collects console errors, uncaught page errors (CSP refusals show up here) and server errors (5xx),
 * for a test to assert none. The browser also logs every 4xx answer; those are refusals a test provokes
 * on purpose (409 conflicts), so they are left to the test's own assertions.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (
      message.type() === 'error' &&
      !/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)
    )
      errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 500)
      errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return errors;
}

let axeSource: string | undefined;

/** One accessibility violation axe-core found. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core in the page and returns its serious and critical violations. The script is evaluated
 * through the DevTools protocol, which the page's content security policy does not govern, so the
 * page keeps its real policy.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // Runs in the page; the test code is type-checked without the DOM library.
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeRun> } })
      .axe;
    interface AxeRun {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
    }
    const result = await axe.run('html', { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Saves a screenshot as `<ARTIFACTS_DIR>/<folder>/<name>.png` and returns its path: the whole page, or
 * only the window (`fullPage: false`, for an open dialog).
 */
export async function saveScreenshot(
  page: Page,
  folder: string,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const dir = join(ARTIFACTS_DIR, folder);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
}
