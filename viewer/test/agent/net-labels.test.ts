// SPDX-License-Identifier: AGPL-3.0-or-later
// AI net labels: the netlist dossier cut into chunks of about 60,000 characters with stable ends, one
// tool-less call of the (fake) assistant CLI per chunk that changed, labels cached by chunk content, and
// labelling that stops at the budget cap with the rest left missing.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_CHARS, netDossierChunks } from '../../src/agent/net-labels/net-dossier.js';
import type { NetLabelStatus } from '../../src/agent/net-labels/net-labeler.js';
import { netLabelsFromAnswer } from '../../src/agent/net-labels/net-label-answer.js';
import { NETLIST_GRAPH_FILE } from '../../src/netlist/netlist-graph.js';
import { EXAMPLE_DESIGN, exampleBoardGraph } from '../design-sources/example-design.js';
import { tempDir } from '../temp-dir.js';
import { startAgentViewer } from './agent-fixture.js';
import { boardGraph, labelsDone } from './net-label-fixture.js';

describe('net dossier', () => {
  it('holds every net once, with pins, components and values, in chunks of at most about 60,000 characters', () => {
    const graph = boardGraph(1500);
    const chunks = netDossierChunks(graph, undefined, 'salt');
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(CHUNK_CHARS + 2000);
    expect(chunks.flatMap((c) => c.nets)).toEqual(graph.nets.map((n) => n.name));
    const first = chunks[0]!.text;
    expect(first).toContain('## net /sensor/N0001\npins (3): R2.2 (B, passive), R3.1, U1.2');
    expect(first).toContain(
      '- R2: 11k, footprint Resistor_SMD:R_0402_1005Metric, address board.resistors[1]',
    );
    // The same graph gives the same keys; another model (salt) gives others.
    expect(netDossierChunks(graph, undefined, 'salt').map((c) => c.key)).toEqual(chunks.map((c) => c.key));
    expect(netDossierChunks(graph, undefined, 'other')[0]!.key).not.toBe(chunks[0]!.key);
  });

  it('changes only the chunk of a net that changed', () => {
    const graph = boardGraph(1500);
    const before = netDossierChunks(graph, undefined, 's').map((c) => c.key);
    const changed = structuredClone(graph);
    changed.nets[700]!.pins.push({ ref: 'R1', pad: '1' });
    const after = netDossierChunks(changed, undefined, 's').map((c) => c.key);
    expect(after).toHaveLength(before.length);
    expect(after.filter((k, i) => k !== before[i])).toHaveLength(1);
  });

  it('adds what the design sources say about a net', () => {
    const graph = boardGraph(3);
    const [chunk] = netDossierChunks(
      graph,
      new Map([
        [
          '/sensor/N0001',
          { title: 'i2c.sda', summary: 'SDA of the sensor bus', connections: ['main.ato:12'] },
        ],
      ]),
      's',
    );
    expect(chunk!.text).toContain(
      'source title: i2c.sda\nsource summary: SDA of the sensor bus\nconnected in: main.ato:12',
    );
  });

  it('reads one label per line and drops labels of nets the chunk does not hold', () => {
    const labels = netLabelsFromAnswer(
      '```json\n{"net": "A", "label": "clock"}\nnot json\n{"net": "Z", "label": "elsewhere"}\n{"net": "B", "label": ""}\n```',
      ['A', 'B'],
    );
    expect([...labels]).toEqual([['A', 'clock']]);
  });
});

describe('AI net labels', () => {
  it('labels each chunk with one tool-less call, and asks again only about a chunk that changed', async () => {
    const dir = tempDir('rr-net-labels-');
    const graphFile = join(dir, 'netlist.json');
    const cacheDir = join(dir, 'cache');
    const graph = boardGraph(1500);
    writeFileSync(graphFile, JSON.stringify(graph));
    const flags = { netSummaries: 'on', graph: graphFile, cacheDir };
    const v = await startAgentViewer({}, flags);
    const status = await labelsDone(v);
    expect(status.reason).toBeUndefined();
    expect(status).toMatchObject({ state: 'done', aiGenerated: true, missing: 0, problems: [] });
    expect(status.calls).toBe(status.chunks);
    expect(Object.keys(status.labels)).toHaveLength(1500);
    expect(status.labels['/sensor/N0042']!.label).toBe('fake label of /sensor/N0042');
    const runs = v.runs();
    expect(runs).toHaveLength(status.chunks);
    const args = runs[0]!.args;
    expect(args[args.indexOf('--tools') + 1]).toBe('');
    expect(args).toContain('--strict-mcp-config');
    expect(JSON.parse(args[args.indexOf('--mcp-config') + 1]!)).toEqual({ mcpServers: {} });
    expect(args[args.indexOf('--max-budget-usd') + 1]).toBe('1');
    const ledger = (await v.request('/api/agent/status')).json<{ budget: { spentUsd: number } }>();
    expect(ledger.budget.spentUsd).toBeCloseTo(0.25 * status.chunks, 6);

    // Another viewer with the same cache: nothing to ask.
    const again = await startAgentViewer({}, flags);
    expect(await labelsDone(again)).toMatchObject({ state: 'done', calls: 0, missing: 0 });
    expect(again.runs()).toHaveLength(0);

    // One net changes: one call, for its chunk.
    graph.nets[900]!.pins.push({ ref: 'R1', pad: '1' });
    writeFileSync(graphFile, JSON.stringify(graph));
    const third = await startAgentViewer({}, flags);
    expect(await labelsDone(third)).toMatchObject({ state: 'done', calls: 1, missing: 0 });
    expect(third.runs()[0]!.prompt).toContain('## net /sensor/N0900');
  });

  it('labels again when the graph file changes while the viewer runs; reading the labels starts nothing', async () => {
    const dir = tempDir('rr-net-labels-');
    const graphFile = join(dir, 'netlist.json');
    const graph = boardGraph(300);
    writeFileSync(graphFile, JSON.stringify(graph));
    const v = await startAgentViewer(
      {},
      { netSummaries: 'on', graph: graphFile, cacheDir: join(dir, 'cache') },
    );
    const first = await labelsDone(v);
    expect(first).toMatchObject({ state: 'done', calls: first.chunks });
    for (let i = 0; i < 3; i++) await v.request('/api/net-labels');
    expect(v.runs()).toHaveLength(first.chunks);

    graph.nets.push({ name: '/sensor/NEW', pins: [{ ref: 'R1', pad: '1' }] });
    writeFileSync(graphFile, JSON.stringify(graph));
    // Nobody asks the viewer: the change alone starts the call (seen in the fake's own log).
    for (let i = 0; i < 600 && v.runs().length === first.chunks; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(v.runs().at(-1)!.prompt).toContain('## net /sensor/NEW');
    const status = await labelsDone(v);
    expect(status.labels['/sensor/NEW']).toMatchObject({ label: 'fake label of /sensor/NEW' });
  });

  it('without --graph, waits for the graph the experiment writes into the live directory, then labels it', async () => {
    const v = await startAgentViewer({}, { netSummaries: 'on' });
    const graphFile = join(v.config.root, NETLIST_GRAPH_FILE);
    const waiting = (await v.request('/api/net-labels')).json<NetLabelStatus>();
    expect(waiting.state).toBe('waiting');
    expect(waiting.reason).toContain(graphFile);
    expect(v.runs()).toHaveLength(0);
    writeFileSync(graphFile, JSON.stringify(boardGraph(10)));
    // The watcher sees the file; nobody asks the viewer.
    for (let i = 0; i < 600 && v.runs().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const status = await labelsDone(v);
    expect(status).toMatchObject({ state: 'done', calls: 1, missing: 0 });
    expect(v.runs()[0]!.prompt).toContain('## net /sensor/N0003');
  });

  it('looks again on a POST from the viewer page only', async () => {
    const dir = tempDir('rr-net-labels-');
    const graphFile = join(dir, 'netlist.json');
    writeFileSync(graphFile, JSON.stringify(boardGraph(10)));
    const v = await startAgentViewer({}, { netSummaries: 'on', graph: graphFile });
    await labelsDone(v);
    const missing = await v.request('/api/net-labels/refresh', { method: 'POST', json: {}, origin: null });
    expect([missing.status, missing.json<{ code: string }>().code]).toEqual([403, 'origin-missing']);
    const foreign = await v.request('/api/net-labels/refresh', { json: {}, origin: 'http://evil.example' });
    expect([foreign.status, foreign.json<{ code: string }>().code]).toEqual([403, 'origin-refused']);
    const own = await v.request('/api/net-labels/refresh', { json: {} });
    expect(own.status).toBe(200);
    // Nothing changed: the look costs no call.
    expect((await labelsDone(v)).calls).toBe(1);
    expect(v.runs()).toHaveLength(1);
  });

  it('stops at the budget cap and leaves the remaining labels missing', async () => {
    const dir = tempDir('rr-net-labels-');
    const graphFile = join(dir, 'netlist.json');
    writeFileSync(graphFile, JSON.stringify(boardGraph(1500)));
    const v = await startAgentViewer(
      { cost: 0.9 },
      { netSummaries: 'on', graph: graphFile, agentTotalUsd: '2', netSummaryBudgetUsd: '1' },
    );
    const status = await labelsDone(v);
    expect(status.state).toBe('cap-reached');
    expect(status.reason).toContain('stay missing until the viewer restarts');
    expect(status.calls).toBe(2);
    expect(status.labelledChunks).toBe(2);
    expect(status.missing).toBeGreaterThan(0);
    expect(Object.keys(status.labels).length + status.missing).toBe(1500);
    // The same ledger: an Ask turn ($2) cannot start either.
    const ask = (await v.request('/api/agent/status')).json<{ canAsk: boolean }>();
    expect(ask.canAsk).toBe(false);
  });

  it('labels a KiCad netlist export given as --graph, as the schematic reads it', async () => {
    const dir = tempDir('rr-net-labels-kicad-');
    const graphFile = join(dir, 'sensor.net');
    writeFileSync(
      graphFile,
      [
        '(export (version "E")',
        '  (design (source "sensor.kicad_sch") (tool "Eeschema 9.0.0"))',
        '  (components',
        '    (comp (ref "R1") (value "10k") (footprint "Resistor_SMD:R_0603_1608Metric")',
        '      (libsource (lib "Device") (part "R") (description "Resistor")) (sheetpath (names "/") (tstamps "/")) (tstamps "a1"))',
        '    (comp (ref "U1") (value "MCU") (footprint "Package_QFP:LQFP-32")',
        '      (libsource (lib "MCU") (part "MCU") (description "MCU")) (sheetpath (names "/") (tstamps "/")) (tstamps "a2")))',
        '  (nets',
        '    (net (code "1") (name "GND") (class "Default")',
        '      (node (ref "R1") (pin "1") (pintype "passive")) (node (ref "U1") (pin "8") (pinfunction "VSS") (pintype "power_in")))',
        '    (net (code "2") (name "/SENSE") (class "Default")',
        '      (node (ref "R1") (pin "2") (pintype "passive")) (node (ref "U1") (pin "3") (pinfunction "PA0") (pintype "input")))))',
      ].join('\n'),
    );
    const v = await startAgentViewer(
      {},
      { netSummaries: 'on', graph: graphFile, cacheDir: join(dir, 'cache') },
    );
    const status = await labelsDone(v);
    expect(status, JSON.stringify(status)).toMatchObject({ state: 'done', missing: 0, problems: [] });
    expect(status.labels.GND?.label).toBe('fake label of GND');
    expect(status.labels['/SENSE']?.label).toBe('fake label of /SENSE');
  });

  it('is off unless turned on, and says what it needs', async () => {
    const v = await startAgentViewer();
    expect((await v.request('/api/net-labels')).json<NetLabelStatus>()).toMatchObject({ state: 'off' });
    const w = await startAgentViewer({}, { netSummaries: 'on' });
    const status = (await w.request('/api/net-labels')).json<NetLabelStatus>();
    expect(status).toMatchObject({ state: 'waiting' });
    expect(status.reason).toContain('--graph');
  });
});

describe('AI net labels with design sources', () => {
  it('sends each net with what the sources say about it', async () => {
    const base = tempDir('rr-net-labels-sources-');
    const root = join(base, 'design');
    cpSync(EXAMPLE_DESIGN, root, { recursive: true });
    const graphFile = join(base, 'netlist.json');
    writeFileSync(graphFile, JSON.stringify(exampleBoardGraph()));
    const v = await startAgentViewer(
      {},
      { netSummaries: 'on', graph: graphFile, hdlRoot: root, hdlBuild: 'default' },
    );
    const status = await labelsDone(v);
    expect(status).toMatchObject({ state: 'done', missing: 0 });
    const index = (await v.request('/api/source/index')).json<{
      nets: { net: string; title: string; connections: { file: string; line: number }[] }[];
    }>();
    const joined = index.nets.find((n) => n.connections.length > 0)!;
    const prompt = v.runs()[0]!.prompt;
    expect(prompt).toContain(`## net ${joined.net}`);
    expect(prompt).toContain(`source title: ${joined.title}`);
    expect(prompt).toContain(`${joined.connections[0]!.file}:${joined.connections[0]!.line}`);
  });
});
