import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Bazel's convenience links (after trying test/bazel in place) lead back into this checkout.
    exclude: ['**/node_modules/**', 'bazel-*/**', 'test/bazel/**'],
    testTimeout: 30_000,
    // No compose cache in the home folder from tests (test/model/compose-cache.test.ts turns it on).
    env: { RR_CACHE_DIR: 'off' },
    reporters: ['default', './test/plain-summary-reporter.ts'],
  },
});
