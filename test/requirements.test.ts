// The one guard of tests that need a real program or data (test/requirements.ts): a developer's machine
// without it skips them and says why; under CI=true a missing one fails instead of skipping.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { available, needsData, needsPackage, underCi } from './requirements.js';

const here = mkdtempSync(join(tmpdir(), 'rr-requirements-'));
const gone = join(here, 'no-such-corpus');
afterAll(() => rmSync(here, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('available', () => {
  it('under CI=true, fails on missing data, naming it, where it was looked for and how to get it', () => {
    vi.stubEnv('CI', 'true');
    expect(() => available(needsData(gone, 'the JUnit corpus', 'set RR_JUNIT_CORPUS to its folder'))).toThrow(
      `CI must run these tests, but the JUnit corpus not at ${gone} (set RR_JUNIT_CORPUS to its folder)`,
    );
  });

  it('without CI, skips instead and writes why to stderr', () => {
    vi.stubEnv('CI', '');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(available(needsData(gone, 'the ReqIF corpus', 'set RR_REQIF_CORPUS'))).toBe(false);
    expect(stderr).toHaveBeenCalledWith(`skipped: the ReqIF corpus not at ${gone} (set RR_REQIF_CORPUS)\n`);
  });

  it('names every missing need, and none that is there', () => {
    vi.stubEnv('CI', '1');
    const run = () =>
      available(
        needsData(here, 'a folder that is there', 'nothing to do'),
        needsData(gone, 'the Zephyr requirements', 'set RR_ZEPHYR_REQUIREMENTS'),
        needsPackage('no-such-package-of-rr'),
      );
    expect(run).toThrow(
      `CI must run these tests, but the Zephyr requirements not at ${gone} (set RR_ZEPHYR_REQUIREMENTS); ` +
        'the optional package no-such-package-of-rr is not installed (npm ci installs it)',
    );
  });

  it('runs the tests, under CI or not, when everything is there', () => {
    vi.stubEnv('CI', 'true');
    expect(available(needsData(here, 'a folder', 'nothing to do'), needsPackage('vitest'))).toBe(true);
    vi.stubEnv('CI', '');
    expect(available(needsData(here, 'a folder', 'nothing to do'))).toBe(true);
  });
});

describe('underCi', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['yes', true],
    ['', false],
    ['0', false],
    ['false', false],
    ['FALSE', false],
  ])('reads CI=%j as %s', (value, expected) => {
    expect(underCi({ CI: value })).toBe(expected);
  });

  it('is off when CI is not set', () => {
    expect(underCi({})).toBe(false);
  });
});
