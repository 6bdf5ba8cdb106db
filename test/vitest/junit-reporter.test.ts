// rr's vitest reporter run as a user runs it (a real vitest child process over a temp project that
// imports `rules-rr/vitest`), its XML then read back by rr's own evidence ingester.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestEvidence } from '../../tools/evidence/ingest-evidence.js';
import type { TestCase } from '../../tools/evidence/test-case.js';
import { parseXml } from '../../tools/xml/xml-document.js';
import { createVitestProject, type VitestProject, type VitestRun } from './vitest-project.js';

const CONFIG = `export default {
  test: {
    include: ['src/**/*.test.ts'],
    reporters: ['dot', ['rules-rr/vitest-reporter', { outputFile: 'reports/junit.xml' }]],
  },
};
`;

/** A config that names no reporter, for runs that name it on the command line. */
const PLAIN_CONFIG = `export default { test: { include: ['src/**/*.test.ts'] } };
`;

/** Case paths relative to src/ instead of the vitest root. */
const ROOTED_CONFIG = `export default {
  test: {
    include: ['src/**/*.test.ts'],
    reporters: [['rules-rr/vitest-reporter', { outputFile: 'rooted/report.xml', root: 'src' }]],
  },
};
`;

const DOSE_TEST = `import { describe, expect, test } from 'vitest';
import { verifies } from 'rules-rr/vitest';

test('computes the hourly rate', verifies('REQ-DOSE-1', { level: 'unit' }), () => {
  expect(10 / 2).toBe(5);
});

describe('dose limits', verifies('REQ-DOSE-2', { level: 'integration' }), () => {
  test('rejects a negative volume', () => {
    expect(-1).toBe(1);
  });
  test('clamps to the pump maximum', verifies('REQ-DOSE-3'), () => {});
  describe('near the maximum', () => {
    test.skip('warns the nurse', () => {});
    test.todo('asks for a second confirmation');
    test('shows both units', verifies(['REQ-DOSE-4', 'REQ-DOSE-5']), () => {});
  });
});

test('formats the display', () => {});
`;

const ESCAPING_TEST = `import { test } from 'vitest';
import { verifies } from 'rules-rr/vitest';

test('accepts <5 mL> & "quoted" \\'names\\' ]]>', verifies('REQ-ESC-1'), () => {
  throw new Error('limit <10> & "max" ]]>\\nsecond line');
});
test('rings the \\u0007 bell', () => {});
test('true', () => {});
`;

const RETRY_TEST = `import { test } from 'vitest';
import { verifies } from 'rules-rr/vitest';

let attempts = 0;
test('reads the sensor', { retry: 1, ...verifies('REQ-SENSOR-1') }, () => {
  attempts++;
  if (attempts === 1) throw new Error('sensor not ready');
});
`;

const BROKEN_TEST = `import { test } from 'vitest';

throw new Error('cannot import the drug library');
test('never collected', () => {});
`;

let project: VitestProject;
let bazelRun: VitestRun;
let bazelXml: string;
/** the cases of //pump:dose_test by path, read by rr from a bazel-testlogs layout */
let cases: Map<string, TestCase>;
let evidenceDiagnostics: unknown[];

beforeAll(async () => {
  project = await createVitestProject({
    'vitest.config.mjs': CONFIG,
    'plain.config.mjs': PLAIN_CONFIG,
    'rooted.config.mjs': ROOTED_CONFIG,
    'src/dose.test.ts': DOSE_TEST,
    'src/escaping.test.ts': ESCAPING_TEST,
    'src/retry.test.ts': RETRY_TEST,
    'src/broken.test.ts': BROKEN_TEST,
  });
  // Bazel sets XML_OUTPUT_FILE to the test's testlogs file; write it where `bazel-testlogs` keeps it.
  const xmlPath = join(project.dir, 'testlogs', 'pump', 'dose_test', 'test.xml');
  bazelRun = await project.vitest({ env: { XML_OUTPUT_FILE: xmlPath } });
  bazelXml = await readFile(xmlPath, 'utf8');
  const evidence = await ingestEvidence(join(project.dir, 'testlogs'));
  evidenceDiagnostics = evidence.diagnostics;
  cases = new Map((evidence.targets.get('//pump:dose_test')?.cases ?? []).map((c) => [c.path, c]));
}, 180_000);

afterAll(async () => {
  await project?.remove();
});

/** The case at a path, with the fields a user sees in `rr cases`. */
function at(path: string) {
  const c = cases.get(path);
  if (c === undefined) throw new Error(`no case ${path}; cases: ${[...cases.keys()].join(' | ')}`);
  return { result: c.result, tags: c.tags, level: c.level, message: c.message, flaky: c.flaky };
}

describe('vitest reporter under Bazel ($XML_OUTPUT_FILE)', () => {
  it('fails the run like vitest does, and rr reads the report without complaint', () => {
    expect(bazelRun.code).toBe(1);
    expect(evidenceDiagnostics).toEqual([]);
  });

  it('writes one <testsuites> root with one <testsuite> per test file', () => {
    const parsed = parseXml(bazelXml);
    if (!parsed.ok) throw new Error(parsed.message);
    const [root] = parsed.elements;
    expect(root?.name).toBe('testsuites');
    expect(root?.children.filter((c) => c.name === 'testsuite').map((s) => s.attributes.name)).toEqual([
      'src/broken.test.ts',
      'src/dose.test.ts',
      'src/escaping.test.ts',
      'src/retry.test.ts',
    ]);
  });

  it('gives each test one case whose path is the file and the describe chain', () => {
    expect([...cases.keys()]).toEqual([
      'src/broken.test.ts/(file)',
      'src/dose.test.ts/computes the hourly rate',
      'src/dose.test.ts/dose limits > clamps to the pump maximum',
      'src/dose.test.ts/dose limits > near the maximum > asks for a second confirmation',
      'src/dose.test.ts/dose limits > near the maximum > shows both units',
      'src/dose.test.ts/dose limits > near the maximum > warns the nurse',
      'src/dose.test.ts/dose limits > rejects a negative volume',
      'src/dose.test.ts/formats the display',
      'src/escaping.test.ts/accepts <5 mL> & "quoted" \'names\' ]]>',
      'src/escaping.test.ts/rings the \uFFFD bell',
      'src/escaping.test.ts/true',
      'src/retry.test.ts/reads the sensor',
    ]);
  });

  it('tags a passing test with its verifies() id and level', () => {
    expect(at('src/dose.test.ts/computes the hourly rate')).toEqual({
      result: 'passed',
      tags: ['REQ-DOSE-1'],
      level: 'unit',
      message: undefined,
      flaky: false,
    });
    const c = cases.get('src/dose.test.ts/computes the hourly rate');
    expect([c?.file, c?.line]).toEqual(['src/dose.test.ts', 4]);
  });

  it('gives tests of a tagged describe its ids and level; a test of its own keeps the level', () => {
    expect(at('src/dose.test.ts/dose limits > rejects a negative volume')).toMatchObject({
      result: 'failed',
      tags: ['REQ-DOSE-2'],
      level: 'integration',
      message: 'expected -1 to be 1 // Object.is equality',
    });
    expect(at('src/dose.test.ts/dose limits > clamps to the pump maximum')).toMatchObject({
      result: 'passed',
      tags: ['REQ-DOSE-3'],
      level: 'integration',
    });
  });

  it('reports skipped and todo tests as skipped', () => {
    expect(at('src/dose.test.ts/dose limits > near the maximum > warns the nurse')).toMatchObject({
      result: 'skipped',
      tags: ['REQ-DOSE-2'],
    });
    expect(
      at('src/dose.test.ts/dose limits > near the maximum > asks for a second confirmation'),
    ).toMatchObject({ result: 'skipped', message: 'todo' });
  });

  it('writes every id of a test naming two, which rr reads as a multi-tag case', () => {
    expect(at('src/dose.test.ts/dose limits > near the maximum > shows both units').tags).toEqual([
      'REQ-DOSE-4',
      'REQ-DOSE-5',
    ]);
  });

  it('leaves a test without verifies() untagged', () => {
    expect(at('src/dose.test.ts/formats the display')).toMatchObject({ tags: [], level: undefined });
  });

  it('escapes names and messages with XML special characters, and replaces characters XML cannot hold', () => {
    expect(at('src/escaping.test.ts/accepts <5 mL> & "quoted" \'names\' ]]>')).toMatchObject({
      result: 'failed',
      tags: ['REQ-ESC-1'],
      message: 'limit <10> & "max" ]]>',
    });
    expect(at('src/escaping.test.ts/rings the \uFFFD bell').result).toBe('passed');
    expect(at('src/escaping.test.ts/true').result).toBe('passed');
  });

  it('reports a test that passed on retry as a flaky pass', () => {
    expect(at('src/retry.test.ts/reads the sensor')).toMatchObject({
      result: 'passed',
      flaky: true,
      tags: ['REQ-SENSOR-1'],
      message: 'sensor not ready',
    });
  });

  it('reports a file that fails outside any test as an error case', () => {
    expect(at('src/broken.test.ts/(file)')).toMatchObject({
      result: 'error',
      tags: [],
      message: 'cannot import the drug library',
    });
  });

  it('prefers $XML_OUTPUT_FILE over the outputFile option', () => {
    expect(existsSync(join(project.dir, 'reports', 'junit.xml'))).toBe(false);
  });
});

describe('vitest reporter outside Bazel', () => {
  it('writes to the outputFile option, with the same case paths as under Bazel', async () => {
    const result = await project.vitest();
    expect(result.code).toBe(1);
    const dir = join(project.dir, 'local-logs', 'pump', 'dose_test');
    await mkdir(dir, { recursive: true });
    await rename(join(project.dir, 'reports', 'junit.xml'), join(dir, 'test.xml'));
    const evidence = await ingestEvidence(join(project.dir, 'local-logs'));
    const local = evidence.targets.get('//pump:dose_test')?.cases ?? [];
    expect(local.map((c) => [c.path, c.result, c.tags])).toEqual(
      [...cases.values()].map((c) => [c.path, c.result, c.tags]),
    );
  }, 180_000);

  it("writes to vitest's --outputFile when the reporter is named on the command line", async () => {
    const result = await project.vitest({
      config: 'plain.config.mjs',
      args: [
        'src/retry.test.ts',
        '--reporter',
        'rules-rr/vitest-reporter',
        '--outputFile',
        'cli-out/report.xml',
      ],
    });
    expect(result.code).toBe(0);
    const xml = await readFile(join(project.dir, 'cli-out', 'report.xml'), 'utf8');
    expect(xml).toContain('<property name="requirement" value="REQ-SENSOR-1"/>');
  }, 180_000);

  it('makes case paths relative to the root option', async () => {
    const result = await project.vitest({ config: 'rooted.config.mjs', args: ['src/retry.test.ts'] });
    expect(result.code).toBe(0);
    const xml = await readFile(join(project.dir, 'rooted', 'report.xml'), 'utf8');
    expect(xml).toContain('classname="retry.test.ts" file="retry.test.ts"');
  }, 180_000);

  it('says so and writes nothing when no output path is known', async () => {
    const result = await project.vitest({
      config: 'plain.config.mjs',
      args: ['src/retry.test.ts', '--reporter', 'rules-rr/vitest-reporter'],
    });
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).toContain('no report is written: $XML_OUTPUT_FILE is not set');
  }, 180_000);
});
