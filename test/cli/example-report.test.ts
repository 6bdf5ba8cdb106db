import { describe, expect, it } from 'vitest';
import { rr } from './run-cli.js';

const args = ['--model', 'examples/infusion-pump', '--evidence', 'examples/infusion-pump/bazel-testlogs'];

interface Report {
  counts: { cases: number; quarantined: number };
  entities: {
    id: string;
    verdict: string | null;
    members: { state: string; flaky: boolean }[];
    sources: unknown[];
  }[];
  cases: { owner: string | null; basis: string | null }[];
}

describe('the bundled example report', () => {
  it('shows every verdict, every member state, a flaky member, a tag-owned case and annotations', async () => {
    const r = await rr(['report', ...args, '--format', 'json']);
    expect(r.code).toBe(1); // one deliberate multi-tag case
    const report = JSON.parse(r.stdout) as Report;
    const verdicts = new Set(report.entities.map((e) => e.verdict));
    for (const v of ['VERIFIED', 'FAILED', 'PARTIAL', 'UNVERIFIED', 'INVALID', 'ACCEPTED'])
      expect(verdicts).toContain(v);
    const members = report.entities.flatMap((e) => e.members);
    const states = new Set(members.map((m) => m.state));
    for (const s of ['passed', 'failed', 'error', 'skipped', 'missing', 'not run', 'moved', 'quarantined']) {
      expect(states).toContain(s);
    }
    expect(members.some((m) => m.flaky)).toBe(true);
    expect(report.cases.some((c) => c.basis === 'tag')).toBe(true);
    expect(report.entities.find((e) => e.id === 'REQ-003')!.sources.length).toBeGreaterThan(0);
    expect(report.counts.quarantined).toBe(1);
  });

  it('prints the invariant line in text', async () => {
    const r = await rr(['report', ...args]);
    expect(r.stdout).toMatch(/\n\d+ test cases, 1 quarantined; each case maps to at most one requirement\n/);
  });

  it('has a lock whose only differences are the deliberate missing, moved and not-run entries', async () => {
    const r = await rr(['lock', 'check', ...args]);
    expect(r.code).toBe(1);
    const changes = r.stdout.split('\n').filter((l) => /^[+~-] /.test(l));
    expect(changes).toHaveLength(3);
    expect(changes.every((l) => l.startsWith('- '))).toBe(true);
  });
});
