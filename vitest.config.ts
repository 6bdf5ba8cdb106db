import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests that drive real tools, Chromium (test/e2e), Bazel and KiCad's pcbnew, or load a
// 5,000-entity model through worker threads: `npm test` runs them after everything else, one file at a
// time; `npm run test:unit` (the `unit` project) leaves them out for fast feedback.
const SLOW = [
  'test/e2e/**/*.test.ts',
  'test/bazel-rules/integration.test.ts',
  'test/viewer/geometry/extractor-agreement.test.ts',
  'test/viewer/pnr-sim/kicad-load.test.ts',
  'test/cli/parallel-load.test.ts',
];

// Bazel's convenience links (after trying test/bazel in place) lead back into this checkout.
const NEVER = ['**/node_modules/**', 'bazel-*/**', 'test/bazel/**'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // No compose cache in the home folder from tests (test/model/compose-cache.test.ts turns it on).
    env: { RR_CACHE_DIR: 'off' },
    reporters: ['default', './test/plain-summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...NEVER, ...SLOW],
          // Every core: vitest's default keeps one free, which on two cores means one file at a time.
          maxWorkers: availableParallelism(),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'slow', include: SLOW, exclude: NEVER, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
