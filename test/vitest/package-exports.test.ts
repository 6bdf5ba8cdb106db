// The package as a consumer sees it after `npm run build`: the two import specifiers resolve in plain
// Node and in TypeScript (with verifies()' meta type-checked), and `bin` still runs.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';
import { createVitestProject, type VitestProject } from './vitest-project.js';

const run = promisify(execFile);

const CONSUMER_TS = `import { describe, test } from 'vitest';
import { verifies } from 'rules-rr/vitest';
import type { RrJUnitReporterOptions } from 'rules-rr/vitest-reporter';

export const options: RrJUnitReporterOptions = { outputFile: 'reports/junit.xml' };
describe('dose', verifies('REQ-001', { level: 'unit' }), () => {
  test('clamps', { timeout: 1_000, ...verifies(['REQ-002']) }, () => {});
  test('by hand', { meta: { rrLevel: 'system' } }, () => {});
  // @ts-expect-error rrVerifies is a list of ids
  test('wrong', { meta: { rrVerifies: 'REQ-003' } }, () => {});
});
`;

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    target: 'ES2022',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ['consumer.ts'],
});

let project: VitestProject;

beforeAll(async () => {
  project = await createVitestProject({
    'package.json': JSON.stringify({ type: 'module', private: true }),
    'consumer.ts': CONSUMER_TS,
    'tsconfig.json': TSCONFIG,
  });
});

afterAll(async () => {
  await project?.remove();
});

describe('package exports', () => {
  it('resolves rules-rr/vitest and rules-rr/vitest-reporter in Node', async () => {
    const script = `
      const { verifies } = await import('rules-rr/vitest');
      const reporter = await import('rules-rr/vitest-reporter');
      console.log(JSON.stringify([verifies('REQ-1'), typeof reporter.default, typeof reporter.RrJUnitReporter]));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project.dir,
    });
    expect(JSON.parse(stdout)).toEqual([{ meta: { rrVerifies: ['REQ-1'] } }, 'function', 'function']);
  });

  it('gives TypeScript consumers the types, with verifies() meta checked in test options', async () => {
    const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', project.dir], { cwd: project.dir }).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string }) => `failed: ${error.stdout ?? String(error)}`,
    );
    expect(result).toBe('');
  }, 60_000);

  it('keeps bin/rr.js working', async () => {
    const { stdout } = await run(process.execPath, [
      join(project.dir, 'node_modules/rules-rr/bin/rr.js'),
      '--help',
    ]);
    expect(stdout).toContain('validate');
  });
});
