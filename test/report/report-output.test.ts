// The report's JSON contract (docs/verification.md, "Output") and its text layout.
import { describe, expect, it } from 'vitest';
import type { Annotation, AnnotationScan } from '../../tools/sources/annotation.js';
import { invariantLine } from '../../tools/report/report-sentences.js';
import { reportText } from '../../tools/report/report-text.js';
import { reportJson } from '../../tools/report/report-json.js';
import { analyze } from '../../tools/verify/analyze.js';
import { analyzeYaml, cases, evidence, loadYaml, req, type ModelDoc } from '../verify/verify-fixture.js';

const T = '//p:t';

/** REQ-1 and REQ-2 both claim D (shared-case); REQ-1 owns A; B is unowned; C is owned by its tag. */
const DOC: ModelDoc = {
  requirements: [
    req('REQ-1', [cases(T, 'A', 'D')]),
    req('REQ-2', [cases(T, 'D')]),
    req('REQ-3', [], { method: 'TM-1' }),
  ],
  test_methods: [{ id: 'TM-1', title: 'bench', level: 'unit' }],
};
const EVIDENCE = evidence({
  [T]: [
    { path: 'A', level: 'integration', file: 'p/t_test.cc' },
    { path: 'B', result: 'skipped', tags: [] },
    { path: 'C', result: 'failed', tags: ['REQ-3'], flaky: true },
    { path: 'D' },
  ],
});

type Json = Record<string, unknown> & {
  ok: boolean;
  cases: Record<string, unknown>[];
  entities: (Record<string, unknown> & { id: string })[];
  gaps: unknown[];
  diagnostics: { rule: string; severity: string }[];
};

/** The JSON report, round-tripped through JSON as the CLI prints it. */
function json(a: Parameters<typeof reportJson>[0]): Json {
  return JSON.parse(JSON.stringify(reportJson(a))) as Json;
}

describe('JSON', () => {
  it('has the top-level keys of the contract', async () => {
    const report = json(await analyzeYaml(DOC, EVIDENCE));
    expect(Object.keys(report).sort()).toEqual([
      'cases',
      'counts',
      'diagnostics',
      'entities',
      'gaps',
      'links',
      'ok',
    ]);
    expect(report.counts).toEqual({ cases: 4, owned: 2, unowned: 1, quarantined: 1 });
  });

  it('cases carry target, path, owner, basis, state, quarantine and the rest of the contract', async () => {
    const report = json(await analyzeYaml(DOC, EVIDENCE));
    const keys = [
      'basis',
      'claimed_by',
      'coarse',
      'flaky',
      'level',
      'owner',
      'path',
      'quarantine',
      'state',
      'tags',
      'target',
    ];
    expect(report.cases.map((c) => c.path)).toEqual(['A', 'B', 'C', 'D']);
    expect(report.cases[0]).toEqual({
      target: T,
      path: 'A',
      owner: 'REQ-1',
      basis: 'model',
      state: 'passed',
      quarantine: null,
      flaky: false,
      coarse: false,
      level: 'integration',
      claimed_by: ['REQ-1'],
      tags: [],
      file: 'p/t_test.cc',
      line: null,
    });
    // owner, basis and quarantine are null, not absent, when there is none.
    expect(report.cases[1]).toEqual({
      target: T,
      path: 'B',
      owner: null,
      basis: null,
      state: 'skipped',
      quarantine: null,
      flaky: false,
      coarse: false,
      level: 'unit',
      claimed_by: [],
      tags: [],
    });
    expect(report.cases[2]).toMatchObject({
      owner: 'REQ-3',
      basis: 'tag',
      state: 'failed',
      flaky: true,
      tags: ['REQ-3'],
    });
    // Only a case whose runner names its file links to it.
    for (const c of report.cases.slice(1)) expect(Object.keys(c).sort()).toEqual(keys);
  });

  it("a quarantined case's state is quarantined, whatever its result", async () => {
    const report = json(await analyzeYaml(DOC, EVIDENCE));
    expect(report.cases[3]).toMatchObject({
      path: 'D',
      owner: null,
      basis: null,
      state: 'quarantined',
      quarantine: 'shared-case',
      claimed_by: ['REQ-1', 'REQ-2'],
    });
    expect(report.cases.filter((c) => c.state === 'quarantined')).toHaveLength(1);
  });

  it('entities carry id, kind, verdict, basis, derived_from, members and sources', async () => {
    const report = json(await analyzeYaml(DOC, EVIDENCE));
    const un = report.entities.find((e) => e.id === 'UN-1')!;
    expect(Object.keys(un).sort()).toEqual([
      'basis',
      'derived_from',
      'id',
      'kind',
      'members',
      'sources',
      'verdict',
    ]);
    expect(un).toMatchObject({
      kind: 'user_need',
      verdict: 'INVALID',
      basis: 'derived',
      members: [],
      sources: [],
    });
    expect(report.entities.find((e) => e.id === 'TM-1')).toMatchObject({
      kind: 'test_method',
      verdict: null,
    });
  });

  it('entity sources come from the scanned annotations, under the sources root', async () => {
    const model = await loadYaml(DOC);
    const at = (id: string, file: string, line: number, verb: string): Annotation => ({
      id,
      verb,
      file,
      line,
      column: 4,
      text: `// @${verb} ${id}`,
    });
    const a1 = at('REQ-1', 'pump/rate.cc', 10, 'implements');
    const a2 = at('REQ-1', 'pump/rate_test.cc', 3, 'verifies');
    const a3 = at('REQ-3', 'pump/alarm.cc', 7, 'implements');
    const scan: AnnotationScan = {
      annotations: [a3, a1, a2],
      byEntity: new Map([
        ['REQ-1', [a1, a2]],
        ['REQ-3', [a3]],
      ]),
      diagnostics: [],
      filesScanned: 3,
    };
    const report = json(analyze({ model, evidence: EVIDENCE, sources: { root: '/src', scan } }));
    const sources = Object.fromEntries(report.entities.map((e) => [e.id, e.sources]));
    expect(sources['REQ-1']).toEqual([
      { file: '/src/pump/rate.cc', line: 10, column: 4, verb: 'implements' },
      { file: '/src/pump/rate_test.cc', line: 3, column: 4, verb: 'verifies' },
    ]);
    expect(sources['REQ-3']).toEqual([
      { file: '/src/pump/alarm.cc', line: 7, column: 4, verb: 'implements' },
    ]);
    expect(sources['REQ-2']).toEqual([]);
  });

  it('ok is false with an error, true with warnings only', async () => {
    const bad = json(await analyzeYaml(DOC, EVIDENCE));
    expect(bad.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(bad.ok).toBe(false);
    const warned = json(await analyzeYaml({ config: { rules: { 'need-unsatisfied': 'warning' } } }));
    expect(warned.diagnostics.map((d) => `${d.severity} ${d.rule}`)).toEqual(['warning need-unsatisfied']);
    expect(warned.ok).toBe(true);
    const clean = json(
      await analyzeYaml(
        { requirements: [req('REQ-1', [cases(T, 'A')])] },
        evidence({ [T]: [{ path: 'A' }] }),
      ),
    );
    expect(clean.diagnostics).toEqual([]);
    expect(clean.ok).toBe(true);
  });

  it('gaps are the analysis gaps', async () => {
    const a = await analyzeYaml(DOC, EVIDENCE);
    expect(json(a).gaps).toEqual(a.gaps);
  });
});

describe('text', () => {
  it.each<[number, number, string]>([
    [0, 0, '0 test cases, 0 quarantined; each case maps to at most one requirement'],
    [1, 0, '1 test case, 0 quarantined; each case maps to at most one requirement'],
    [4, 1, '4 test cases, 1 quarantined; each case maps to at most one requirement'],
  ])('the invariant line for %i case(s), %i quarantined', async (n, q, line) => {
    const paths = ['A', 'B', 'C', 'D'].slice(0, n);
    const r = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A', 'D')]), req('REQ-2', q ? [cases(T, 'D')] : [])] },
      n ? evidence({ [T]: paths.map((path) => ({ path })) }) : undefined,
    );
    expect(r.counts).toMatchObject({ cases: n, quarantined: q });
    expect(invariantLine(r)).toBe(line);
    expect(reportText(r).split('\n')).toContain(line);
  });

  it('the verdict table lists every entity but test methods, then the invariant line', async () => {
    const text = reportText(await analyzeYaml(DOC, EVIDENCE));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^ID\s+KIND\s+VERDICT\s+SET$/);
    const table = lines.slice(1, lines.indexOf(''));
    expect(table.map((l) => l.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'UN-1 user_need INVALID',
      'REQ-1 requirement INVALID',
      'REQ-2 requirement INVALID',
      'REQ-3 requirement FAILED',
    ]);
    expect(text).not.toContain('TM-1');
    expect(lines[lines.indexOf('') + 1]).toBe(
      '4 test cases, 1 quarantined; each case maps to at most one requirement',
    );
    expect(lines[lines.indexOf('') + 2]).toBe('2 owned, 1 unowned');
  });

  it('gaps and diagnostics sections, in that order, when there are some', async () => {
    const a = await analyzeYaml(DOC, EVIDENCE);
    const text = reportText(a);
    expect(text).toContain(`\nGaps (${a.gaps.length}):\n`);
    expect(text).toContain('\nDiagnostics:\n');
    expect(text.indexOf('Gaps (')).toBeLessThan(text.indexOf('Diagnostics:'));
    expect(text).toMatch(/\n {2}quarantined\s+REQ-1\s+human-gate\s+requirement REQ-1 is INVALID/);
    expect(text).toMatch(/error shared-case: /);
  });

  it('no gaps section and no diagnostics section when there are none', async () => {
    const a = await analyzeYaml(
      { requirements: [req('REQ-1', [cases(T, 'A')])] },
      evidence({ [T]: [{ path: 'A' }] }),
    );
    expect(a.gaps).toEqual([]);
    expect(a.diagnostics).toEqual([]);
    const text = reportText(a);
    expect(text).not.toContain('Gaps');
    expect(text).not.toContain('Diagnostics');
    expect(text.endsWith('\n0 errors, 0 warnings\n')).toBe(true);
  });

  it('gaps without diagnostics, and diagnostics without gaps', async () => {
    const gapsOnly = reportText(await analyzeYaml({ requirements: [req('REQ-1')] }));
    expect(gapsOnly).toContain('Gaps (1):');
    expect(gapsOnly).not.toContain('Diagnostics:');
    const diagnosticsOnly = await analyzeYaml(
      {
        config: { rules: { 'risk-unmitigated': 'off' } },
        requirements: [req('REQ-1', [cases(T, 'A')])],
        risks: [{ id: 'RISK-1', title: 'r', mitigated_by: 'MIT-1' }],
        mitigations: [{ id: 'MIT-1', title: 'm', implemented_by: 'REQ-1' }],
        test_methods: [{ id: 'TM-1', title: 'm', level: 'unit' }],
      },
      evidence({ [T]: [{ path: 'A', tags: ['REQ-9'] }] }),
    );
    expect(diagnosticsOnly.gaps).toEqual([]);
    const text = reportText(diagnosticsOnly);
    expect(text).not.toContain('Gaps');
    expect(text).toContain('Diagnostics:');
  });
});
