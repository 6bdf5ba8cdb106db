// The read endpoints and the smaller write ones: state, entity list and page, notes, next id, graph
// (SVG without inline styles, Mermaid), report, queue, annotations, lock status and update,
// attribution, agents, reload, and the UI page.
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { tempDir } from '../edit/edit-fixture.js';
import { send, startEditor, writeEvidence, writeModel } from './editor-fixture.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/infusion-pump/', import.meta.url));

/** A copy of the bundled example model with its evidence. */
async function example() {
  const dir = await tempDir();
  await cp(EXAMPLE, dir, { recursive: true });
  return { dir, editor: await startEditor(dir, { evidence: join(dir, 'bazel-testlogs') }) };
}

describe('the example model', () => {
  test('state: project, counts, invariant, issues, llm', async () => {
    const { editor } = await example();
    const state = (await editor.call('GET', '/api/state')).body;
    expect(state.project.name).toContain('Infusion Pump');
    expect(state.counts.entities).toBe(58);
    expect(state.counts.quarantined).toBe(1);
    expect(state.invariant).toMatch(
      /^\d+ test cases, 1 quarantined; each case maps to at most one requirement$/,
    );
    // Report sentences come worded by the server, as `rr report` words them.
    const { errors, warnings } = state.counts;
    expect(state.issues_summary).toBe(
      `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`,
    );
    expect(state.issues.some((d: { rule: string }) => d.rule === 'multi-tag')).toBe(true);
    expect(state.llm).toMatchObject({ available: false });
    expect(state.git).toBeNull();
  });

  test('entity list by kind, entity page with verdict, set, traces and issues', async () => {
    const { editor } = await example();
    const risks = (await editor.call('GET', '/api/entities?kind=risk')).body.entities;
    expect(risks.length).toBeGreaterThan(0);
    expect(risks.every((e: { kind: string }) => e.kind === 'risk')).toBe(true);
    expect((await editor.call('GET', '/api/entities?kind=widget')).status).toBe(400);
    const withSet = (await editor.call('GET', '/api/entities')).body.entities.find(
      (e: { kind: string; verdict: string }) => e.kind === 'requirement' && e.verdict === 'VERIFIED',
    );
    const page = (await editor.call('GET', `/api/entities/${withSet.id}`)).body;
    expect(page.entity.version).toMatch(/^[0-9a-f]{16}$/);
    expect(page.verdict).toBe('VERIFIED');
    expect(page.verification).toHaveProperty('members');
    expect(page.traces).toHaveProperty('outgoing');
    const risk = (await editor.call('GET', `/api/entities/${risks[0].id}`)).body;
    expect(risk.traces.chain).toMatchObject({ id: risks[0].id, relation: null });
  });

  test('a risk: scores and acceptability from the engine, and its chain as a tree of its own', async () => {
    const { editor } = await example();
    const rows = (await editor.call('GET', '/api/entities?kind=risk')).body.entities;
    // RISK-001: catastrophic (5) × occasional (3) before control, catastrophic × improbable (1) after.
    expect(rows.find((r: { id: string }) => r.id === 'RISK-001').risk).toEqual({
      severity: 'catastrophic',
      likelihood: 'occasional',
      initial_score: 15,
      residual_severity: 'catastrophic',
      residual_likelihood: 'improbable',
      residual_score: 5,
      acceptable_risk_score: 6,
      acceptability: 'acceptable',
    });
    const page = (await editor.call('GET', '/api/entities/RISK-004')).body;
    expect(page.risk.initial_score).toBeGreaterThan(0);
    type Node = { id: string; kind: string; relation: string | null; children: Node[] };
    const all = (n: Node): Node[] => [n, ...n.children.flatMap(all)];
    const tree: Node = page.traces.chain;
    // A mitigation of RISK-004 that also mitigates RISK-008 does not bring RISK-008 in.
    expect(
      all(tree)
        .filter((n) => n.kind === 'risk')
        .map((n) => n.id),
    ).toEqual(['RISK-004']);
    expect(tree.children.every((m) => m.kind === 'mitigation' && m.relation === 'mitigates')).toBe(true);
    const requirements = tree.children.flatMap((m) => m.children);
    expect(requirements.length).toBeGreaterThan(0);
    expect(requirements.every((r) => r.kind === 'requirement' && r.relation === 'implements')).toBe(true);
    expect(requirements.map((r) => r.id).sort()).toEqual(['REQ-007', 'REQ-011', 'REQ-012']);
  });

  test('graph: nodes, edges, an SVG laid out with classes and no inline style, Mermaid', async () => {
    const { editor } = await example();
    const graph = (await editor.call('GET', '/api/graph?focus=RISK-001&depth=3')).body;
    expect(graph.nodes.map((n: { id: string }) => n.id)).toContain('RISK-001');
    expect(graph.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" class="rr-graph"/);
    expect(graph.svg).not.toMatch(/style=|<style/);
    expect(graph.svg).toContain('data-id="RISK-001"');
    expect(graph.mermaid).toMatch(/^flowchart BT\n/);
    const svg = await editor.call('GET', '/api/graph?kinds=risk,mitigation&format=svg');
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.text).not.toContain('kind-requirement');
    const methods = (await editor.call('GET', '/api/graph?kinds=requirement&methods=unit')).body;
    expect(methods.nodes.length).toBeGreaterThan(0);
    expect((await editor.call('GET', '/api/graph?focus=NOPE')).status).toBe(404);
    // The whole model is packed part by part into a picture to fit a window, not one long strip.
    const whole = (await editor.call('GET', '/api/graph')).body;
    const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(whole.svg)!.map(Number);
    expect(whole.nodes.length).toBeGreaterThan(40);
    expect(width! / height!).toBeLessThan(3);
    expect(width! / height!).toBeGreaterThan(0.5);
  });

  test('report, queue, cases, attribution, annotations and agents', async () => {
    const { editor } = await example();
    const report = (await editor.call('GET', '/api/report')).body;
    expect(report).toHaveProperty('cases');
    expect(report).toHaveProperty('entities');
    const queue = (await editor.call('GET', '/api/queue?route=human-gate')).body;
    expect(queue.gaps.every((g: { route: string }) => g.route === 'human-gate')).toBe(true);
    const unowned = (await editor.call('GET', '/api/cases?unowned=1')).body.cases;
    expect(
      unowned.every(
        (c: { owner: unknown; quarantine: unknown }) => c.owner === null && c.quarantine === null,
      ),
    ).toBe(true);
    expect((await editor.call('GET', '/api/cases?state=bogus')).status).toBe(400);
    const attribution = (await editor.call('GET', '/api/attribution')).body;
    expect(attribution.mode).toBeDefined();
    expect(attribution.quarantines).toEqual([expect.objectContaining({ code: 'multi-tag' })]);
    expect((await editor.call('GET', '/api/annotations')).body).toHaveProperty('annotations');
    const agents = (await editor.call('GET', '/api/agents')).body;
    expect(agents.workflows.map((w: { id: string; available: boolean }) => [w.id, w.available])).toEqual([
      ['completeness', true],
      ['test-adequacy', false],
      ['implementation-review', false],
      ['mitigation-adequacy', false],
      ['hazard-discovery', false],
      ['assistant', false],
      ['assign-test-cases', false],
    ]);
    const job = await editor.call('POST', '/api/agents/run', { workflow: 'completeness' });
    expect(job.status).toBe(202);
    expect(job.body.state).toBe('done');
    expect(job.body.findings.some((f: { category: string }) => f.category === 'multi-tag')).toBe(true);
    expect((await editor.call('GET', `/api/agents/jobs/${job.body.id}`)).body.id).toBe(job.body.id);
    expect((await editor.call('GET', '/api/agents/jobs')).body.jobs).toHaveLength(1);
    const refused = await editor.call('POST', '/api/agents/run', {
      workflow: 'test-adequacy',
      entity: 'REQ-001',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('llm-unavailable');
    expect((await editor.call('POST', '/api/agents/run', { workflow: 'no-such' })).status).toBe(404);
  });

  test('the lock: its status, and an update refused while a case is quarantined', async () => {
    const { dir, editor } = await example();
    const lock = (await editor.call('GET', '/api/lock?entity=REQ-023')).body;
    expect(lock).toMatchObject({ configured: true, path: 'rr.lock.json', exists: true });
    const before = await readFile(join(dir, 'rr.lock.json'));
    const refused = await editor.call('POST', '/api/lock/update', { allow_removals: true });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('lock-refused');
    expect(refused.body.quarantined.length).toBe(1);
    expect((await readFile(join(dir, 'rr.lock.json'))).equals(before)).toBe(true);
  });

  test('the UI page says the UI is not built; unknown API routes are JSON 404s', async () => {
    const { editor } = await example();
    const page = await send(editor.url, 'GET', '/');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('not built');
    expect(page.text).not.toMatch(/<script|style=/);
    expect((await editor.call('GET', '/api/nope')).body.code).toBe('not-found');
  });
});

describe('notes and the lock writer on a small model', () => {
  async function small() {
    const root = await tempDir();
    const dir = join(root, 'model');
    await writeModel(dir, {
      'model.yaml': {
        config: { sets_lock: 'rr.lock.json' },
        requirements: [
          {
            id: 'REQ-001',
            title: 'Rate',
            notes: ['an old plain note'],
            verified_by: [{ target: '//p:t', cases: ['T/a'] }],
          },
        ],
      },
    });
    await writeEvidence(join(root, 'logs'), { '//p:t': [{ path: 'T/a' }, { path: 'T/b' }] });
    return {
      dir,
      editor: await startEditor(dir, { evidence: join(root, 'logs'), author: 'Ada <ada@example.com>' }),
    };
  }

  test('add, change and delete notes; a new note carries author, date and an id', async () => {
    const { dir, editor } = await small();
    const added = await editor.call('POST', '/api/entities/REQ-001/notes', {
      kind: 'question',
      text: 'Which rates?',
    });
    expect(added.status).toBe(201);
    expect(added.body.note).toBe('n1');
    let notes = (
      parse(await readFile(join(dir, 'model.yaml'), 'utf8')) as { requirements: { notes: unknown[] }[] }
    ).requirements[0]!.notes;
    expect(notes[1]).toEqual({
      id: 'n1',
      kind: 'question',
      status: 'open',
      text: 'Which rates?',
      author: 'Ada <ada@example.com>',
      created: new Date().toISOString().slice(0, 10),
    });
    expect((await editor.call('GET', '/api/queue?kind=note:question')).body.gaps).toHaveLength(1);
    const page = (await editor.call('GET', '/api/entities/REQ-001')).body;
    expect(page.notes.map((n: { key: string }) => n.key)).toEqual(['0', 'n1']);
    expect(
      (await editor.call('PATCH', '/api/entities/REQ-001/notes/n1', { status: 'resolved' })).status,
    ).toBe(200);
    expect((await editor.call('PATCH', '/api/entities/REQ-001/notes/0', { kind: 'todo' })).status).toBe(200);
    expect((await editor.call('PATCH', '/api/entities/REQ-001/notes/n1', { kind: 'rant' })).status).toBe(400);
    expect((await editor.call('PATCH', '/api/entities/REQ-001/notes/n9', { status: 'open' })).status).toBe(
      404,
    );
    expect((await editor.call('DELETE', '/api/entities/REQ-001/notes/n1')).status).toBe(200);
    notes = (
      parse(await readFile(join(dir, 'model.yaml'), 'utf8')) as { requirements: { notes: unknown[] }[] }
    ).requirements[0]!.notes;
    expect(notes).toEqual([{ text: 'an old plain note', kind: 'todo' }]);
    expect((await editor.call('GET', '/api/queue?kind=note:question')).body.gaps).toHaveLength(0);
  });

  test('lock update: a dry run writes nothing, then the lock is written and is up to date', async () => {
    const { dir, editor } = await small();
    const status = (await editor.call('GET', '/api/lock')).body;
    expect(status).toMatchObject({ configured: true, exists: false, out_of_date: true });
    const dry = await editor.call('POST', '/api/lock/update', { dry_run: true });
    expect(dry.body).toMatchObject({
      dry_run: true,
      written: false,
      added: [{ target: '//p:t', path: 'T/a', owner: 'REQ-001' }],
    });
    await expect(readFile(join(dir, 'rr.lock.json'))).rejects.toThrow();
    const written = await editor.call('POST', '/api/lock/update', {});
    expect(written.body).toMatchObject({ written: true });
    expect(JSON.parse(await readFile(join(dir, 'rr.lock.json'), 'utf8')).cases).toEqual([
      { target: '//p:t', path: 'T/a', owner: 'REQ-001' },
    ]);
    expect((await editor.call('GET', '/api/lock')).body.out_of_date).toBe(false);
    // The next save builds on the lock just written.
    const entity = (await editor.call('GET', '/api/entities/REQ-001')).body.entity;
    const saved = await editor.call('PUT', '/api/entities/REQ-001', {
      data: { ...entity.data, title: 'Rate entry' },
      version: entity.version,
    });
    expect(saved.status).toBe(200);
  });
});
