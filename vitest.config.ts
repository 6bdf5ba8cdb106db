import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Tests that drive real programs: Chromium (test/e2e), Bazel, KiCad's pcbnew, and rr's own CLI started
// in child processes. `npm test` runs them after the rest, one file at a time; `npm run test:unit`
// (the `unit` project) leaves them out for feedback within a minute, and runs the files without
// isolation (--no-isolate): a fresh module graph per file costs more CPU than the tests themselves.
const INTEGRATION = [
  'test/e2e/**/*.test.ts',
  'test/bazel-rules/integration.test.ts',
  'test/bazel-rules/remote-cache.test.ts',
  'test/cli/**/*.test.ts',
  'test/**/*-cli.test.ts',
  'test/requirements-ci-run.test.ts',
  'viewer/test/e2e/**/*.test.ts',
  'viewer/test/geometry/extractor-agreement.test.ts',
  'viewer/test/pnr-sim/kicad-load.test.ts',
  'viewer/test/netlist/kicad-demo-netlists.test.ts',
  'viewer/test/server/threed-*.test.ts',
  'viewer/test/**/*-cli.test.ts',
];

// Bazel's convenience links (after trying test/bazel in place) lead back into this checkout.
const NEVER = ['**/node_modules/**', 'bazel-*/**', 'test/bazel/**', '**/dist/**'];

export default defineConfig({
  // The viewer package reaches rr's modules as rules-rr/core/… (the package's export of dist/tools/);
  // its tests run them from the sources, as rr's own tests do.
  resolve: {
    alias: [{ find: /^rules-rr\/core\/(.*)$/, replacement: `${import.meta.dirname}/tools/$1` }],
  },
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
          include: ['test/**/*.test.ts', 'viewer/test/**/*.test.ts'],
          exclude: [...NEVER, ...INTEGRATION],
          // Every core: vitest's default keeps one free, which on two cores means one file at a time.
          maxWorkers: availableParallelism(),
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          exclude: NEVER,
          // Their beforeAll starts a server and Chromium, or Bazel: on a busy shared machine that can
          // take longer than vitest's 10 s for a hook, and the file's tests are then all skipped.
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
