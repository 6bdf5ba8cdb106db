// The trace graph: nodes and edges from links on either side, focus and depth, kinds, verdicts, Mermaid.
import { describe, expect, it } from 'vitest';
import { traceGraph, type TraceEdge, type TraceGraphOptions } from '../../tools/report/trace-graph.js';
import { traceMermaid } from '../../tools/report/trace-mermaid.js';
import { analyzeYaml, cases, evidence, loadYaml, req, type ModelDoc } from '../verify/verify-fixture.js';

const T = '//p:t';

/**
 * UN-1 ← REQ-1 ← REQ-2 (refines); REQ-1 implements MIT-2 (mitigates RISK-2, named from the risk only);
 * REQ-3 implements MIT-1, which mitigates RISK-1 (named from both sides) and RISK-3 (from the
 * mitigation only). REQ-4 satisfies a need that does not exist; MIT-1 names a requirement that does not.
 */
const DOC: ModelDoc = {
  requirements: [
    req('REQ-1', [cases(T, 'A')], { method: 'TM-1' }),
    req('REQ-2', [cases(T, 'B')], { satisfies: undefined, refines: 'REQ-1' }),
    req('REQ-3', [cases(T, 'C')]),
    req('REQ-4', [], { satisfies: 'UN-404' }),
  ],
  risks: [
    { id: 'RISK-1', title: 'overdose', mitigated_by: 'MIT-1' },
    { id: 'RISK-2', title: 'underdose', mitigated_by: 'MIT-2' },
    { id: 'RISK-3', title: 'air in line' },
  ],
  mitigations: [
    {
      id: 'MIT-1',
      title: 'rate limit',
      mitigates: ['RISK-1', 'RISK-3'],
      implemented_by: ['REQ-3', 'REQ-404'],
    },
    { id: 'MIT-2', title: 'occlusion alarm', implemented_by: 'REQ-1' },
  ],
  test_methods: [{ id: 'TM-1', title: 'bench test', level: 'unit' }],
};

/** The trace graph of the fixture model. */
async function graph(options: TraceGraphOptions = {}) {
  return traceGraph(await loadYaml(DOC), options);
}

/** Edges as `from relation to`, sorted. */
function edgeList(edges: TraceEdge[]): string[] {
  return edges.map((e) => `${e.from} ${e.relation} ${e.to}`).sort();
}

/** Node ids, sorted. */
function ids(g: { nodes: { id: string }[] }): string[] {
  return g.nodes.map((n) => n.id).sort();
}

describe('nodes and edges', () => {
  it('needs, requirements, mitigations and risks; test methods only when asked for', async () => {
    const g = await graph();
    expect(g.nodes.map((n) => [n.id, n.kind, n.title])).toEqual([
      ['UN-1', 'user_need', 'a user need'],
      ['REQ-1', 'requirement', 'requirement REQ-1'],
      ['REQ-2', 'requirement', 'requirement REQ-2'],
      ['REQ-3', 'requirement', 'requirement REQ-3'],
      ['REQ-4', 'requirement', 'requirement REQ-4'],
      ['RISK-1', 'risk', 'overdose'],
      ['RISK-2', 'risk', 'underdose'],
      ['RISK-3', 'risk', 'air in line'],
      ['MIT-1', 'mitigation', 'rate limit'],
      ['MIT-2', 'mitigation', 'occlusion alarm'],
    ]);
    const withMethods = await graph({ kinds: ['requirement', 'test_method'] });
    expect(ids(withMethods)).toEqual(['REQ-1', 'REQ-2', 'REQ-3', 'REQ-4', 'TM-1']);
  });

  it('edges from either side, one per link, dangling links dropped', async () => {
    const g = await graph();
    expect(edgeList(g.edges)).toEqual([
      'MIT-1 mitigates RISK-1', // named by both RISK-1 and MIT-1: one edge
      'MIT-1 mitigates RISK-3', // named by the mitigation only
      'MIT-2 mitigates RISK-2', // named by the risk only
      'REQ-1 implements MIT-2',
      'REQ-1 satisfies UN-1',
      'REQ-2 refines REQ-1',
      'REQ-3 implements MIT-1',
      'REQ-3 satisfies UN-1',
    ]);
    expect(g.edges).toHaveLength(8);
  });

  it('an edge points from the specific entity to what it serves', async () => {
    const g = await graph();
    expect(g.edges.find((e) => e.relation === 'refines')).toEqual({
      from: 'REQ-2',
      to: 'REQ-1',
      relation: 'refines',
    });
    expect(g.edges.find((e) => e.relation === 'implements' && e.to === 'MIT-1')).toEqual({
      from: 'REQ-3',
      to: 'MIT-1',
      relation: 'implements',
    });
  });
});

describe('focus and depth', () => {
  it.each<[number, string[]]>([
    [0, ['RISK-1']],
    [1, ['MIT-1', 'RISK-1']],
    [2, ['MIT-1', 'REQ-3', 'RISK-1', 'RISK-3']],
    [3, ['MIT-1', 'REQ-3', 'RISK-1', 'RISK-3', 'UN-1']],
    [4, ['MIT-1', 'REQ-1', 'REQ-3', 'RISK-1', 'RISK-3', 'UN-1']],
  ])('depth %i from RISK-1 counts hops in either direction', async (depth, expected) => {
    const g = await graph({ focus: 'RISK-1', depth });
    expect(ids(g)).toEqual(expected);
    // Only edges between shown nodes.
    const shown = new Set(expected);
    for (const e of g.edges) expect(shown.has(e.from) && shown.has(e.to)).toBe(true);
  });

  it('depth 0 is the focus alone, with no edges', async () => {
    const g = await graph({ focus: 'REQ-1', depth: 0 });
    expect(g).toEqual({
      nodes: [{ id: 'REQ-1', kind: 'requirement', title: 'requirement REQ-1' }],
      edges: [],
    });
  });

  it('goes down as well as up: from REQ-1, its parent, its child and its mitigation', async () => {
    const g = await graph({ focus: 'REQ-1', depth: 1 });
    expect(ids(g)).toEqual(['MIT-2', 'REQ-1', 'REQ-2', 'UN-1']);
    expect(edgeList(g.edges)).toEqual([
      'REQ-1 implements MIT-2',
      'REQ-1 satisfies UN-1',
      'REQ-2 refines REQ-1',
    ]);
  });

  it('depth defaults to 2', async () => {
    expect(await graph({ focus: 'RISK-1' })).toEqual(await graph({ focus: 'RISK-1', depth: 2 }));
  });

  it('a dangling link does not reach into the graph', async () => {
    const g = await graph({ focus: 'REQ-4', depth: 5 });
    expect(g).toEqual({
      nodes: [{ id: 'REQ-4', kind: 'requirement', title: 'requirement REQ-4' }],
      edges: [],
    });
  });
});

describe('obsolete entities and wrong kinds', () => {
  it('an obsolete entity is drawn with its links; a link to the wrong kind is not drawn', async () => {
    const g = traceGraph(
      await loadYaml({
        requirements: [
          req('REQ-1'),
          req('REQ-2', [], { satisfies: undefined, refines: 'REQ-1', status: 'obsolete' }),
          req('REQ-3', [], { satisfies: 'REQ-1' }),
        ],
        risks: [{ id: 'RISK-1', title: 'r', mitigated_by: 'REQ-1' }],
      }),
    );
    expect(ids(g)).toEqual(['REQ-1', 'REQ-2', 'REQ-3', 'RISK-1', 'UN-1']);
    expect(edgeList(g.edges)).toEqual(['REQ-1 satisfies UN-1', 'REQ-2 refines REQ-1']);
  });
});

describe('kind filter', () => {
  it('keeps the nodes of the kinds asked for and the edges between them', async () => {
    const g = await graph({ kinds: ['requirement'] });
    expect(ids(g)).toEqual(['REQ-1', 'REQ-2', 'REQ-3', 'REQ-4']);
    expect(edgeList(g.edges)).toEqual(['REQ-2 refines REQ-1']);
    const risks = await graph({ kinds: ['mitigation', 'risk'] });
    expect(ids(risks)).toEqual(['MIT-1', 'MIT-2', 'RISK-1', 'RISK-2', 'RISK-3']);
    expect(edgeList(risks.edges)).toEqual([
      'MIT-1 mitigates RISK-1',
      'MIT-1 mitigates RISK-3',
      'MIT-2 mitigates RISK-2',
    ]);
  });

  it('an empty list means the default kinds', async () => {
    expect(await graph({ kinds: [] })).toEqual(await graph());
  });

  it('combines with a focus', async () => {
    const g = await graph({ focus: 'UN-1', depth: 1, kinds: ['user_need', 'requirement'] });
    expect(ids(g)).toEqual(['REQ-1', 'REQ-3', 'UN-1']);
    expect(edgeList(g.edges)).toEqual(['REQ-1 satisfies UN-1', 'REQ-3 satisfies UN-1']);
  });
});

describe('verdicts', () => {
  it('are attached to the nodes they are given for', async () => {
    const r = await analyzeYaml(
      DOC,
      evidence({ [T]: [{ path: 'A' }, { path: 'B', result: 'failed' }, { path: 'C' }] }),
    );
    const verdicts = new Map(r.entities.map((v) => [v.id, v.verdict]));
    const g = traceGraph(r.model, { verdicts });
    const of = Object.fromEntries(g.nodes.map((n) => [n.id, n.verdict]));
    expect(of).toMatchObject({
      'REQ-1': 'FAILED',
      'REQ-2': 'FAILED',
      'REQ-3': 'VERIFIED',
      'REQ-4': 'UNVERIFIED',
    });
    expect(of['UN-1']).toBe('FAILED');
  });

  it('a node with no verdict given has none; a null verdict stays null', async () => {
    const g = await graph({
      verdicts: new Map<string, string | null>([
        ['REQ-1', null],
        ['REQ-2', 'VERIFIED'],
      ]),
    });
    const byId = new Map(g.nodes.map((n) => [n.id, n]));
    expect(byId.get('REQ-1')).toHaveProperty('verdict', null);
    expect(byId.get('REQ-2')).toHaveProperty('verdict', 'VERIFIED');
    expect(byId.get('REQ-3')).not.toHaveProperty('verdict');
  });
});

describe('Mermaid', () => {
  it('a bottom-to-top flowchart: one shape per kind, labelled edges, verdict classes', () => {
    const text = traceMermaid({
      nodes: [
        { id: 'UN-1', kind: 'user_need', title: 'dose safely', verdict: 'PARTIAL' },
        { id: 'REQ-1', kind: 'requirement', title: 'limit the rate', verdict: 'VERIFIED' },
        { id: 'REQ-2', kind: 'requirement', title: 'alarm', verdict: 'FAILED' },
        { id: 'MIT-1', kind: 'mitigation', title: 'rate limit', verdict: 'VERIFIED' },
        { id: 'RISK-1', kind: 'risk', title: 'overdose', verdict: null },
        { id: 'TM-1', kind: 'test_method', title: 'bench' },
      ],
      edges: [
        { from: 'REQ-1', to: 'UN-1', relation: 'satisfies' },
        { from: 'REQ-2', to: 'REQ-1', relation: 'refines' },
        { from: 'REQ-1', to: 'MIT-1', relation: 'implements' },
        { from: 'MIT-1', to: 'RISK-1', relation: 'mitigates' },
      ],
    });
    expect(text).toBe(
      [
        'flowchart BT',
        '  n0(["UN-1: dose safely"])',
        '  n1["REQ-1: limit the rate"]',
        '  n2["REQ-2: alarm"]',
        '  n3{{"MIT-1: rate limit"}}',
        '  n4[/"RISK-1: overdose"/]',
        '  n5[["TM-1: bench"]]',
        '  n1 -->|satisfies| n0',
        '  n2 -->|refines| n1',
        '  n1 -->|implements| n3',
        '  n3 -->|mitigates| n4',
        '  classDef partial fill:#fff4c2,stroke:#9a6700',
        '  class n0 partial',
        '  classDef verified fill:#d4f4dd,stroke:#1a7f37',
        '  class n1,n3 verified',
        '  classDef failed fill:#ffd8d3,stroke:#cf222e',
        '  class n2 failed',
        '',
      ].join('\n'),
    );
  });

  it('each kind has its own shape', () => {
    const kinds = ['user_need', 'requirement', 'mitigation', 'risk', 'test_method'] as const;
    const text = traceMermaid({ nodes: kinds.map((kind) => ({ id: 'X', kind, title: 't' })), edges: [] });
    const shapes = text
      .split('\n')
      .slice(1, -1)
      .map((l) => l.replace(/^ {2}n\d+/, '').replace('"X: t"', ''));
    expect(new Set(shapes).size).toBe(kinds.length);
  });

  it('escapes quotes in titles, and ids cannot clash with Mermaid words', () => {
    const text = traceMermaid({
      nodes: [
        { id: 'end', kind: 'requirement', title: 'say "stop" then "go"' },
        { id: 'REQ-2', kind: 'requirement', title: 'no quotes' },
      ],
      edges: [{ from: 'REQ-2', to: 'end', relation: 'refines' }],
    });
    expect(text).toContain('  n0["end: say #quot;stop#quot; then #quot;go#quot;"]\n');
    expect(text).toContain('  n1 -->|refines| n0\n');
  });

  it('no class lines without verdicts', () => {
    expect(traceMermaid({ nodes: [{ id: 'R', kind: 'risk', title: 'r' }], edges: [] })).toBe(
      'flowchart BT\n  n0[/"R: r"/]\n',
    );
  });

  it('the same text for the same model, every time', async () => {
    const r = await analyzeYaml(DOC, evidence({ [T]: [{ path: 'A' }, { path: 'B' }, { path: 'C' }] }));
    const verdicts = new Map(r.entities.map((v) => [v.id, v.verdict]));
    const once = traceMermaid(traceGraph(r.model, { verdicts }));
    const again = traceMermaid(traceGraph(await loadYaml(DOC), { verdicts }));
    expect(again).toBe(once);
    expect(once).toMatch(/^flowchart BT\n/);
    // The edge named from both sides is drawn once.
    expect(once.match(/-->\|mitigates\|/g)).toHaveLength(3);
  });
});

describe('Mermaid labels', () => {
  it('keep a multi-line title on one line', async () => {
    const model = await loadYaml({
      requirements: [{ id: 'REQ-1', title: 'Rate\nlimits', satisfies: 'UN-1' }],
      user_needs: [{ id: 'UN-1', title: 'n' }],
    });
    expect(traceMermaid(traceGraph(model))).toContain('n1["REQ-1: Rate limits"]');
  });
});
