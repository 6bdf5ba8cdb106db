// Matching claims to cases takes linear time however many globs one target has: attribution (every case
// of the evidence against the target's claims) and the static shared-case check (every glob against
// every literal and every other glob) examine a constant number of characters per input character as
// the globs, the literal selectors and the cases grow together. Both once tested each case against
// every glob: one JUnit file of 200,000 cases with 2,400 glob claims on its target took minutes.
// Counted, not timed (test/scan/char-meter.ts); bench/report (RR_BENCH_EVIDENCE=one-file) prints times.
import { afterAll, describe, it } from 'vitest';
import { attributeCases } from '../../tools/verify/attribution.js';
import { ruleContext, type RuleContext } from '../../tools/validate/rule-context.js';
import { sharedCaseRule } from '../../tools/validate/shared-case-rule.js';
import type { Evidence } from '../../tools/evidence/test-case.js';
import { cases, evidence, loadYaml, req } from '../verify/verify-fixture.js';
import { uninstallMeter } from './char-meter.js';
import { expectLinear, growth, type Sized } from './linear-growth.js';

afterAll(uninstallMeter);

const T = '//big:suite_test';

/** Requirements of the smallest input; each has one glob over its own suite and two literal cases. */
const BASE = 40;

/** A model of `n` requirements on one target and evidence of ten cases per requirement. */
async function workload(n: number): Promise<Sized<{ ctx: RuleContext; evidence: Evidence }>> {
  const requirements = Array.from({ length: n }, (_, i) =>
    req(`REQ-${i}`, [cases(T, `Suite${i}/Glob*`, `Suite${i}/Literal0`, `Suite${i}/Literal1`)]),
  );
  const model = await loadYaml({ requirements });
  const paths = Array.from({ length: n }, (_, i) => [
    ...Array.from({ length: 4 }, (_, k) => `Suite${i}/Glob${k}`),
    `Suite${i}/Literal0`,
    `Suite${i}/Literal1`,
    ...Array.from({ length: 4 }, (_, k) => `Suite${i}/Other${k}`),
  ]).flat();
  const ev = evidence({ [T]: paths.map((path) => ({ path })) });
  const size = paths.reduce((sum, p) => sum + p.length, 0) + n * 60;
  return { size, input: { ctx: ruleContext(model), evidence: ev } };
}

describe('matching claims to cases examines a constant number of characters per input character', () => {
  it('attributing every case of a target with many glob claims', async () => {
    const inputs = new Map<number, Sized<{ ctx: RuleContext; evidence: Evidence }>>();
    for (const k of [1, 2, 4, 8]) inputs.set(k, await workload(BASE * k));
    const g = growth(
      (k) => inputs.get(k)!,
      ({ ctx, evidence: ev }) => attributeCases(ctx.claims, ev, ctx.model.config, ctx.model.byId),
    );
    expectLinear('attribution', g, 40);
  });

  it('the static shared-case check over many globs and literals on one target', async () => {
    const inputs = new Map<number, Sized<{ ctx: RuleContext; evidence: Evidence }>>();
    for (const k of [1, 2, 4, 8]) inputs.set(k, await workload(BASE * k));
    const g = growth(
      (k) => inputs.get(k)!,
      ({ ctx }) => sharedCaseRule(ctx),
    );
    expectLinear('shared-case', g, 40);
  });
});
