import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rr } from './run-cli.js';

let dir: string;
let model: string;
let evidence: string;

const requirements = (secondClaims: string) => `schema_version: 1
config:
  sets_lock: rr.lock.json
user_needs:
  - id: UN-1
    title: Dose safely
requirements:
  - id: REQ-1
    title: Rate limits
    satisfies: UN-1
    verified_by:
      - target: //pump:rate_test
        cases: [RateTest/max, RateTest/min]
  - id: REQ-2
    title: Display
    satisfies: UN-1
    verified_by:
      - target: //pump:rate_test
        cases: [${secondClaims}]
`;

const gtest = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="4" failures="1" disabled="0" errors="0" time="0.01" name="AllTests">
  <testsuite name="RateTest" tests="4" failures="1" disabled="0" skipped="0" errors="0" time="0.01">
    <testcase name="max" status="run" result="completed" time="0" classname="RateTest" />
    <testcase name="min" status="run" result="completed" time="0" classname="RateTest" />
    <testcase name="shows" status="run" result="completed" time="0" classname="RateTest">
      <failure message="rate.cc:12&#x0A;Expected: 1.0" type=""><![CDATA[rate.cc:12
Expected: 1.0]]></failure>
    </testcase>
    <testcase name="tagged" status="run" result="completed" time="0" classname="RateTest" requirement="REQ-1, REQ-2" />
  </testsuite>
</testsuites>
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-report-'));
  model = join(dir, 'model');
  evidence = join(dir, 'bazel-testlogs');
  await mkdir(model);
  await mkdir(join(evidence, 'pump', 'rate_test'), { recursive: true });
  await writeFile(join(model, 'model.yaml'), requirements('RateTest/shows'));
  await writeFile(join(evidence, 'pump', 'rate_test', 'test.xml'), gtest);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('rr report', () => {
  it('prints the JSON contract of docs/verification.md: cases with owner, basis, state, quarantine; entities; gaps; diagnostics', async () => {
    const r = await rr(['report', '--model', model, '--evidence', evidence, '--format', 'json']);
    expect(r.code).toBe(1); // the multi-tag case is a hard error
    const out = JSON.parse(r.stdout) as {
      cases: Record<string, unknown>[];
      entities: { id: string; verdict: string }[];
      gaps: unknown[];
      diagnostics: { rule: string }[];
    };
    expect(out.cases).toEqual([
      expect.objectContaining({
        target: '//pump:rate_test',
        path: 'RateTest/max',
        owner: 'REQ-1',
        basis: 'model',
        state: 'passed',
        quarantine: null,
      }),
      expect.objectContaining({ path: 'RateTest/min', owner: 'REQ-1', state: 'passed' }),
      expect.objectContaining({ path: 'RateTest/shows', owner: 'REQ-2', state: 'failed', quarantine: null }),
      expect.objectContaining({
        path: 'RateTest/tagged',
        owner: null,
        basis: null,
        state: 'quarantined',
        quarantine: 'multi-tag',
      }),
    ]);
    const verdicts = Object.fromEntries(out.entities.map((e) => [e.id, e.verdict]));
    expect(verdicts).toEqual({ 'UN-1': 'INVALID', 'REQ-1': 'INVALID', 'REQ-2': 'INVALID' });
    expect(out.diagnostics.map((d) => d.rule)).toContain('multi-tag');
    expect(Array.isArray(out.gaps)).toBe(true);
  });

  it('prints a text report with the invariant line', async () => {
    const r = await rr(['report', '--model', model, '--evidence', evidence]);
    expect(r.stdout).toContain('4 test cases, 1 quarantined; each case maps to at most one requirement');
    expect(r.stdout).toMatch(/REQ-2\s+requirement\s+INVALID/);
  });
});

describe('rr lock round trip', () => {
  it('refuses while a case is quarantined, then update, check, edit, check fails, update again', async () => {
    const refused = await rr(['lock', 'update', '--model', model, '--evidence', evidence]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused, 1 case(s) quarantined');
    // Fix the test: one tag only.
    const xml = join(evidence, 'pump', 'rate_test', 'test.xml');
    await writeFile(xml, gtest.replace('requirement="REQ-1, REQ-2"', 'requirement="REQ-1"'));

    const dry = await rr(['lock', 'update', '--model', model, '--evidence', evidence, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+ //pump:rate_test RateTest/shows → REQ-2');
    await expect(readFile(join(model, 'rr.lock.json'), 'utf8')).rejects.toThrow();

    expect((await rr(['lock', 'update', '--model', model, '--evidence', evidence])).code).toBe(0);
    const lock = await readFile(join(model, 'rr.lock.json'), 'utf8');
    expect(lock.split('\n').filter((l) => l.includes('"target"'))).toEqual([
      '    {"target": "//pump:rate_test", "path": "RateTest/max", "owner": "REQ-1"},',
      '    {"target": "//pump:rate_test", "path": "RateTest/min", "owner": "REQ-1"},',
      '    {"target": "//pump:rate_test", "path": "RateTest/shows", "owner": "REQ-2"},',
      '    {"target": "//pump:rate_test", "path": "RateTest/tagged", "owner": "REQ-1"}',
    ]);
    expect((await rr(['lock', 'check', '--model', model, '--evidence', evidence])).code).toBe(0);

    // Move RateTest/shows from REQ-2 to REQ-1 in the model: the lock is now out of date.
    await writeFile(
      join(model, 'model.yaml'),
      requirements('RateTest/none').replace(
        'cases: [RateTest/max, RateTest/min]',
        'cases: [RateTest/max, RateTest/min, RateTest/shows]',
      ),
    );
    const stale = await rr(['lock', 'check', '--model', model, '--evidence', evidence]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain('~ //pump:rate_test RateTest/shows: REQ-2 → REQ-1');
    expect(stale.stdout).toContain('run: rr lock update');
    const report = JSON.parse(
      (await rr(['report', '--model', model, '--evidence', evidence, '--format', 'json'])).stdout,
    ) as {
      cases: { path: string; quarantine: string | null }[];
    };
    expect(report.cases.find((c) => c.path === 'RateTest/shows')!.quarantine).toBe('lock-owner-changed');

    expect((await rr(['lock', 'update', '--model', model, '--evidence', evidence])).code).toBe(0);
    expect((await rr(['lock', 'check', '--model', model, '--evidence', evidence])).code).toBe(0);
  });
});

describe('rr cases and rr graph', () => {
  it('filters the ledger by ownership and target group', async () => {
    const group = join(dir, 'fast-targets.txt');
    await writeFile(group, '# fast targets\n//pump:rate_test\n');
    const r = await rr([
      'cases',
      '--model',
      model,
      '--evidence',
      evidence,
      '--filter',
      'owned',
      '--format',
      'json',
      '--lane-targets',
      `fast=${group}`,
      '--lane',
      'fast',
    ]);
    expect(r.code).toBe(0);
    const rows = (JSON.parse(r.stdout) as { cases: { owner: string; lanes: string[] }[] }).cases;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.owner !== null && row.lanes.includes('fast'))).toBe(true);
    const bad = await rr(['cases', '--model', model, '--evidence', evidence, '--lane', 'slow']);
    expect(bad.code).toBe(2);
  });

  it('prints the trace graph as Mermaid around a focus', async () => {
    const r = await rr(['graph', '--model', model, '--focus', 'REQ-1', '--depth', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^flowchart BT\n/);
    expect(r.stdout).toContain('"REQ-1: Rate limits"');
    expect(r.stdout).toContain('-->|satisfies|');
    expect(r.stdout).not.toContain('REQ-2');
    expect((await rr(['graph', '--model', model, '--focus', 'NOPE'])).code).toBe(2);
  });
});
