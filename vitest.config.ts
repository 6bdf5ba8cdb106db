import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Bazel's convenience links (after trying test/bazel in place) lead back into this checkout.
    exclude: ['**/node_modules/**', 'bazel-*/**', 'test/bazel/**'],
    testTimeout: 30_000,
    reporters: ['default', './test/plain-summary-reporter.ts'],
  },
});
