import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModel } from '../../bench/validate/generate-model.js';
import { rr } from './run-cli.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-parallel-'));
  await generateModel(dir, 3000);
  // Mistakes in several files, so diagnostics from different threads must interleave in order.
  await writeFile(
    join(dir, 'broken-a.yaml'),
    'requirements:\n  - id: REQ-000001\n    title: copy\n    satisfies: UN-9\n',
  );
  await writeFile(join(dir, 'zz-broken.yaml'), 'user_needs:\n  - id: UN-X\n    title: t\n    staus: draft\n');
  await writeFile(join(dir, 'syntax.yaml'), 'risks: [\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loading on worker threads', () => {
  it('gives exactly the output of loading on one thread', async () => {
    const env = (threads: string) => ({ ...process.env, RR_PARSE_THREADS: threads });
    const one = await rr(['validate', dir, '--format', 'json'], undefined, env('1'));
    const three = await rr(['validate', dir, '--format', 'json'], undefined, env('3'));
    expect(one.code).toBe(2); // the syntax error
    expect(three.code).toBe(one.code);
    expect(three.stderr).toBe('');
    const diagnostics = (JSON.parse(one.stdout) as { diagnostics: { rule: string }[] }).diagnostics;
    expect(diagnostics.map((d) => d.rule)).toEqual(
      expect.arrayContaining(['duplicate-id', 'dangling-reference', 'unknown-field', 'syntax-error']),
    );
    expect(three.stdout).toBe(one.stdout);
  });

  it('reads evidence on worker threads (sent back encoded) into exactly the report of one thread', async () => {
    const env = (threads: string) => ({ ...process.env, RR_PARSE_THREADS: threads });
    // The fixture tree holds every dialect and broken files, so results and diagnostics both interleave.
    const args = (evidence: string) => [
      'report',
      '--model',
      'examples/infusion-pump',
      '--evidence',
      evidence,
    ];
    for (const evidence of ['examples/infusion-pump/bazel-testlogs', 'test/fixtures/evidence/testlogs']) {
      const one = await rr([...args(evidence), '--format', 'json'], undefined, env('1'));
      const three = await rr([...args(evidence), '--format', 'json'], undefined, env('3'));
      expect(three.stderr).toBe('');
      expect(three.code).toBe(one.code);
      const report = JSON.parse(one.stdout) as { cases: unknown[]; diagnostics: unknown[] };
      expect(report.cases.length).toBeGreaterThan(10);
      expect(three.stdout).toBe(one.stdout);
    }
  });
});
