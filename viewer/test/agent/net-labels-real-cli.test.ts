// SPDX-License-Identifier: AGPL-3.0-or-later
// AI net labels with the real assistant CLI (Claude Code) against the Messages API stand-in on
// loopback (real-cli.ts): the demo board's nets are labelled, each call's cost is the CLI's; and without
// credentials labelling stops after the first chunk, saying why and what to do, in GET /api/net-labels
// and GET /api/features, instead of failing every chunk in turn.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Feature } from '../../src/server/viewer-features.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../../../test/agents/fake-messages-api.js';
import { exampleBoardGraph } from '../design-sources/example-design.js';
import { tempDir } from '../temp-dir.js';
import { boardGraph, labelsDone } from './net-label-fixture.js';
import { realCliEnv, startRealCliViewer, userText } from './real-cli.js';

let api: FakeMessagesApi;
beforeEach(async () => {
  api = await startFakeMessagesApi();
});
afterEach(() => api.close());

describe('AI net labels with the real CLI', { timeout: 180_000 }, () => {
  it("labels every net of the demo board, one tool-less call a chunk, charged the CLI's cost", async () => {
    const dir = tempDir('rr-real-net-labels-');
    const graphFile = join(dir, 'netlist.json');
    const graph = exampleBoardGraph();
    writeFileSync(graphFile, JSON.stringify(graph));
    // The model's part: one label line for each "## net" block of the dossier it was given.
    api.fallback = (request) => {
      const nets = [...userText(request).matchAll(/^## net (.+)$/gm)].map((m) => m[1]!.trim());
      return {
        kind: 'text',
        text: nets.map((net) => JSON.stringify({ net, label: `carries ${net}` })).join('\n'),
      };
    };
    const v = await startRealCliViewer(realCliEnv(api), {
      agent: 'off',
      netSummaries: 'on',
      graph: graphFile,
      cacheDir: join(dir, 'cache'),
    });
    const status = await labelsDone(v);
    expect(status, JSON.stringify({ ...status, labels: undefined })).toMatchObject({
      state: 'done',
      missing: 0,
      problems: [],
    });
    expect(Object.keys(status.labels).sort()).toEqual(graph.nets.map((n) => n.name).sort());
    expect(status.labels.GND?.label).toBe('carries GND');
    expect(status.calls).toBe(status.chunks);
    // No tools were offered to the model: a net-label call reads nothing.
    expect(api.requests.every((r) => ((r.body.tools ?? []) as unknown[]).length === 0)).toBe(true);
  });

  it('stops after the first chunk when the CLI is not signed in, and says so in the labels and the features', async () => {
    const dir = tempDir('rr-real-net-labels-');
    const graphFile = join(dir, 'netlist.json');
    writeFileSync(graphFile, JSON.stringify(boardGraph(1500)));
    const v = await startRealCliViewer(realCliEnv({ url: api.url }), {
      agent: 'off',
      netSummaries: 'on',
      graph: graphFile,
      cacheDir: join(dir, 'cache'),
    });
    const status = await labelsDone(v);
    expect(status.chunks).toBeGreaterThan(3);
    expect(status).toMatchObject({ state: 'failed', calls: 1, labelledChunks: 0 });
    expect(status.reason).toContain(`labelling stopped after chunk 1 of ${status.chunks} failed`);
    expect(status.reason).toContain('not signed in');
    expect(status.reason).toContain(`the ${status.chunks - 1} chunks after it were not asked`);
    expect(status.fix).toContain('claude auth login');
    expect(status.problems).toHaveLength(1);
    const { features } = (await v.request('/api/features')).json<{ features: Feature[] }>();
    expect(features.find((f) => f.id === 'agent')?.netLabels).toMatchObject({
      state: 'failed',
      reason: status.reason,
      fix: status.fix,
    });
  });
});
