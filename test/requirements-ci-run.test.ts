// The tests over the data beside the checkout (the JUnit corpus, the StrictDoc Zephyr set, the ReqIF
// corpus) run in a real vitest child with that data pointed at a folder that does not exist: under
// CI=true each test file fails and says what is missing; without CI the same files are skipped and say
// why (test/requirements.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './cli/run-cli.js';

const run = promisify(execFile);

const FILES = [
  'test/evidence/corpus/junit-corpus.test.ts',
  'test/import-export/strictdoc-zephyr.test.ts',
  'test/import-export/reqif-corpus.test.ts',
];

/** This process's environment without what the outer vitest set for itself (nor a CI of its own). */
function cleanEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1' };
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('VITEST') || ['CI', 'NODE_ENV', 'TEST', 'NODE_OPTIONS', 'FORCE_COLOR'].includes(name))
      continue;
    env[name] = value;
  }
  return env;
}

/** Runs the repository's vitest over FILES with `env` added; its exit code and everything it printed. */
async function vitestOver(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const argv = [join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit'];
  argv.push('--pool', 'threads', '--maxWorkers', '1', ...FILES);
  try {
    const { stdout, stderr } = await run(process.execPath, argv, {
      cwd: repoRoot,
      env: { ...cleanEnvironment(), ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof e.code !== 'number') throw error;
    return { code: e.code, output: (e.stdout ?? '') + (e.stderr ?? '') };
  }
}

describe('the tests over the shared data, with the data missing', { timeout: 300_000 }, () => {
  let dir: string;
  let missing: Record<string, string>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rr-no-shared-'));
    missing = {
      RR_JUNIT_CORPUS: join(dir, 'junit-corpus'),
      RR_ZEPHYR_REQUIREMENTS: join(dir, 'zephyr-reqmgmt'),
      RR_REQIF_CORPUS: join(dir, 'reqif-corpus'),
    };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('fail under CI=true, each file saying which data is missing and where it was looked for', async () => {
    const { code, output } = await vitestOver({ ...missing, CI: 'true' });
    expect(code).not.toBe(0);
    for (const file of FILES) expect(output).toMatch(new RegExp(`FAIL .*${file}`));
    expect(output).toContain(
      `CI must run these tests, but the JUnit corpus not at ${join(dir, 'junit-corpus', 'files')}`,
    );
    expect(output).toContain(
      `CI must run these tests, but the Zephyr requirements not at ${join(dir, 'zephyr-reqmgmt', 'docs')}`,
    );
    expect(output).toContain(
      `CI must run these tests, but the ReqIF corpus not at ${join(dir, 'reqif-corpus')}`,
    );
  });

  it('are skipped without CI, saying why', async () => {
    const { code, output } = await vitestOver(missing);
    expect(code).toBe(0);
    expect(output).not.toMatch(/FAIL /);
    expect(output).toContain(`skipped: the JUnit corpus not at ${join(dir, 'junit-corpus', 'files')}`);
    expect(output).toContain(
      `skipped: the Zephyr requirements not at ${join(dir, 'zephyr-reqmgmt', 'docs')}`,
    );
    expect(output).toContain(`skipped: the ReqIF corpus not at ${join(dir, 'reqif-corpus')}`);
  });
});
