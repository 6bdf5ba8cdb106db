// The red lines of a page: uncaught errors and console errors, which fail the browser tests.
import type { Page } from 'playwright-core';

/** A list that fills with the page's errors from now on. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}
