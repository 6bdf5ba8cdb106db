// SPDX-License-Identifier: AGPL-3.0-or-later
// Cost replay (GET /api/component-cost) on an experiment rr pnr-sim wrote, the engine running as
// `rr engine-service` child processes: the installed engine's cost model reproduces what the experiment
// recorded; a frozen engine copy given with --engine-runtime is the one used (a copy whose cost model
// weighs wire three times gives three times the wire term); events cost replay cannot take, unknown
// events and footprints are refused with the reason.
import { viewerRoot } from '../viewer-root.js';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComponentCostAnswer } from '../../src/cost-replay/component-cost-request.js';
import type { EventRecord } from '../../src/live/live-state.js';
import { startupWarnings, type Feature } from '../../src/server/viewer-features.js';
import { repoRoot } from '../../../test/cli/run-cli.js';
import { tempDir } from '../temp-dir.js';
import { startViewer, type ViewerFixture } from './viewer-fixture.js';

async function events(v: ViewerFixture, lane: string): Promise<EventRecord['event'][]> {
  const r = await v.request(`/api/history?lane=${lane}&limit=5000`);
  return r.json<{ events: EventRecord[] }>().events.map((e) => e.event);
}

/** A frozen copy of the built engine whose cost model weighs wirelength `factor` times. */
function frozenEngine(factor: number): string {
  const dir = join(tempDir(), 'engine-copy');
  mkdirSync(join(dir, 'dist'), { recursive: true });
  cpSync(join(viewerRoot, 'package.json'), join(dir, 'package.json'));
  for (const part of ['bin', 'schemas', join('dist', 'src')])
    cpSync(join(viewerRoot, part), join(dir, part), { recursive: true });
  // rr and the other libraries, as the repository's npm workspace installed them.
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
  const model = join(dir, 'dist', 'src', 'pnr-sim', 'placement-cost.js');
  const text = readFileSync(model, 'utf8');
  const changed = text.replace('{ wirelength: 1,', `{ wirelength: ${factor},`);
  if (changed === text) throw new Error('the built cost model has changed shape; update this test');
  writeFileSync(model, changed);
  return dir;
}

describe('GET /api/component-cost', () => {
  it('replays a footprint at a placement event with the installed engine, matching what was recorded', async () => {
    const v = await startViewer({ simulate: true });
    const lane = await events(v, 'cand-0.trial-0');
    const placement = lane.filter((e) => e.kind === 'placement').at(-1)!;
    const r = await v.request(`/api/component-cost?event_id=${placement.seq}&ref=U1`);
    expect(r.status).toBe(200);
    const answer = r.json<ComponentCostAnswer>();
    expect(answer).toMatchObject({
      ref: 'U1',
      basis: 'placement',
      event: { kind: 'placement', lane: 'cand-0.trial-0' },
    });
    expect(answer.engine.source).toBe('installed');
    expect(answer.recorded).not.toBeNull();
    expect(answer.replayed.share.total).toBeCloseTo(answer.recorded!.total, 1);
    expect(answer.replayed.share.terms.wirelength).toBeCloseTo(answer.recorded!.terms!['wirelength']!, 1);
    expect(answer.replayed.placement.total).toBeCloseTo(answer.recordedPlacement!.total, 1);
    expect(answer.replayed.nets.map((n) => n.name)).toEqual([
      '+3V3',
      'GND',
      'LED1',
      'LED2',
      'NRST',
      'SCL',
      'SDA',
      'SENSE',
    ]);

    // A routed checkpoint replays on its own board, nets extracted from it.
    const rounds = await events(v, 'cand-0.trial-0.round-0');
    const checkpoint = rounds.find((e) => e.kind === 'checkpoint')!;
    const routed = (
      await v.request(`/api/component-cost?event_id=${checkpoint.seq}&ref=R1`)
    ).json<ComponentCostAnswer>();
    expect(routed).toMatchObject({ basis: 'checkpoint', board: (checkpoint as { board: string }).board });
    expect(routed.replayed.share.total).toBeGreaterThan(0);
  });

  it(
    'replays a placement_cost event from the nearest earlier placement, and says which it used',
    { timeout: 120_000 },
    async () => {
      const v = await startViewer({ simulate: true });
      const lane = await events(v, 'cand-0.trial-0');
      const costs = lane.filter((e): e is typeof e & { step: number } => e.kind === 'placement_cost');
      const placements = lane.filter((e) => e.kind === 'placement');
      // pnr-sim reports the cost more often than it writes a placement.
      expect(costs.length).toBeGreaterThan(placements.length);
      // Each replay is an engine subprocess: the first cost event, the first reported at a step without a
      // placement of its own, and the last.
      const steps = new Set(placements.map((p) => (p as { step: number }).step));
      const picked = [costs[0]!, costs.find((c) => !steps.has(c.step))!, costs.at(-1)!];
      for (const cost of picked) {
        const r = await v.request(`/api/component-cost?event_id=${cost.seq}&ref=U1`);
        expect(r.status, JSON.stringify(r.json())).toBe(200);
        const answer = r.json<ComponentCostAnswer>();
        const before = placements.filter((p) => p.seq < cost.seq).at(-1) as
          { seq: number; step: number } | undefined;
        if (before) {
          expect(answer).toMatchObject({
            basis: 'placement',
            event: { seq: cost.seq, step: cost.step },
            replayedFrom: { kind: 'placement', seq: before.seq, step: before.step },
          });
        } else {
          expect(answer.basis).toBe('checkpoint');
          expect(['checkpoint', 'run_start']).toContain(answer.replayedFrom?.kind);
        }
        // The recorded terms are the cost event's own.
        expect(answer.recordedPlacement?.seq).toBe(cost.seq);
      }
    },
  );

  it('uses the frozen engine copy given with --engine-runtime, not the installed one', async () => {
    const engine = frozenEngine(3);
    const v = await startViewer({ simulate: true, flags: { engineRuntime: engine } });
    const placement = (await events(v, 'cand-0.trial-0')).filter((e) => e.kind === 'placement').at(-1)!;
    const answer = (
      await v.request(`/api/component-cost?event_id=${placement.seq}&ref=U2`)
    ).json<ComponentCostAnswer>();
    expect(answer.engine).toMatchObject({ source: 'engine-runtime', packageDir: engine });
    expect(answer.replayed.weights.wirelength).toBe(3);
    // The copy's terms are the same; its total weighs the wire three times, unlike the recorded one.
    const t = answer.replayed.share.terms;
    expect(answer.replayed.share.total).toBeCloseTo(3 * t.wirelength + 10 * t.overlap + 20 * t.outside, 2);
    expect(answer.replayed.share.total).not.toBeCloseTo(answer.recorded!.total, 1);
    expect(t.wirelength).toBeCloseTo(answer.recorded!.terms!['wirelength']!, 1);
    const features = (await v.request('/api/features')).json<{ features: Feature[] }>().features;
    expect(features.find((f) => f.id === 'component-cost')).toMatchObject({
      available: true,
      detail: expect.stringContaining(`the engine copy in ${engine}`),
    });
  });

  it('refuses events it cannot replay, unknown events and footprints the board does not have', async () => {
    const v = await startViewer({ simulate: true });
    const lane = await events(v, 'cand-0.trial-0');
    const start = lane.find((e) => e.kind === 'lane_start')!;
    const placement = lane.find((e) => e.kind === 'placement')!;
    const bad = await v.request(`/api/component-cost?event_id=${start.seq}&ref=U1`);
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('is a lane_start event');
    expect((await v.request('/api/component-cost?event_id=999999&ref=U1')).json()).toMatchObject({
      status: 404,
      code: 'no-event',
    });
    const ghost = await v.request(`/api/component-cost?event_id=${placement.seq}&ref=U99`);
    expect(ghost.status).toBe(422);
    expect(ghost.json<{ message: string }>().message).toContain('has no footprint U99');
    expect((await v.request('/api/component-cost?ref=U1')).json()).toMatchObject({
      status: 400,
      code: 'bad-query',
    });
  });

  it('says at startup and in /api/features when --engine-runtime holds no engine', async () => {
    const empty = tempDir();
    const v = await startViewer({ flags: { engineRuntime: empty } });
    const feature = v.server.features.find((f) => f.id === 'component-cost')!;
    expect(feature.available).toBe(false);
    const [line] = startupWarnings(v.server.features);
    expect(line).toContain(
      `cost replay cannot start: --engine-runtime ${empty}: no engine there: looked for ${join(empty, 'bin', 'rr-viewer.js')}`,
    );
    const r = await v.request('/api/component-cost?event_id=1&ref=U1');
    expect(r.status).toBe(501);
    expect(r.json()).toMatchObject({ available: false, feature: 'component-cost' });
  });
});
