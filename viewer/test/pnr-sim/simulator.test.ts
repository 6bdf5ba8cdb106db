// SPDX-License-Identifier: AGPL-3.0-or-later
// The simulator is the viewer's demo and test source: its telemetry must follow the contract, its
// checkpoints must be content-addressed boards, and its search must really search.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { LiveDirInUseError } from '../../src/pnr-sim/event-writer.js';
import { readSimBoard } from '../../src/pnr-sim/sim-board-reader.js';
import { eventFileName } from '../../src/telemetry/event-files.js';
import { tempDir } from '../temp-dir.js';
import { clearanceViolations } from './copper-check.js';
import { ofKind, readEvents, shortRun } from './sim-run.js';

const schema = JSON.parse(
  readFileSync(new URL('../../schemas/pnr-live-event-v1.schema.json', import.meta.url), 'utf8'),
) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

describe('rr pnr-sim experiment', () => {
  it('writes only schema-valid events, numbered 0, 1, 2, ... under their conventional names', async () => {
    const live = join(tempDir(), 'live');
    const summary = await shortRun(live);
    const events = readEvents(live);
    expect(summary.status).toBe('completed');
    expect(events.length).toBe(summary.events);
    for (const { name, value } of events) {
      expect(validate(value), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(events.map((e) => e.value.seq)).toEqual(events.map((_, i) => i));
    for (const { name, value } of events) expect(name).toBe(eventFileName(value.seq, value.kind));
    expect(readdirSync(join(live, 'events')).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(events[0]!.value.kind).toBe('experiment_start');
    expect(events.at(-1)!.value.kind).toBe('experiment_end');
  });

  it('names every checkpoint by the sha256 of its bytes, and every board an event names exists', async () => {
    const live = join(tempDir(), 'live');
    const summary = await shortRun(live);
    const boards = readdirSync(join(live, 'boards'));
    expect(boards.length).toBe(summary.checkpoints.length);
    for (const name of boards) {
      const sha = createHash('sha256')
        .update(readFileSync(join(live, 'boards', name)))
        .digest('hex');
      expect(name).toBe(`${sha}.kicad_pcb`);
    }
    const events = readEvents(live);
    const named = [
      ...ofKind(events, 'checkpoint').map((e) => e.board),
      ...ofKind(events, 'run_start').map((e) => e.board!),
    ];
    for (const ref of named) expect(existsSync(join(live, ref)), ref).toBe(true);
  });

  it('improves the placement cost: every trial ends far below where its candidate started', async () => {
    const live = join(tempDir(), 'live');
    await shortRun(live);
    const costs = ofKind(readEvents(live), 'placement_cost');
    const start = new Map(costs.filter((c) => c.step === 0).map((c) => [c.lane, c.total]));
    const trials = [...new Set(costs.filter((c) => c.lane.includes('.trial-')).map((c) => c.lane))];
    expect(trials.length).toBe(4);
    for (const trial of trials) {
      const series = costs.filter((c) => c.lane === trial);
      const initial = start.get(trial.split('.')[0]!)!;
      expect(series.at(-1)!.best!, trial).toBeLessThan(initial * 0.9);
      // The best-so-far never gets worse.
      const best = series.map((c) => c.best!);
      expect(best).toEqual([...best].sort((a, b) => b - a));
    }
  });

  it('nests lanes: candidates at the top, trials under candidates, rounds under trials', async () => {
    const live = join(tempDir(), 'live');
    await shortRun(live);
    const events = readEvents(live);
    const starts = ofKind(events, 'lane_start');
    const kindOf = new Map(starts.map((s) => [s.lane, s.lane_kind]));
    expect(starts.filter((s) => s.lane_kind === 'candidate')).toHaveLength(2);
    expect(starts.filter((s) => s.lane_kind === 'trial')).toHaveLength(4);
    expect(starts.filter((s) => s.lane_kind === 'round')).toHaveLength(8);
    for (const s of starts) {
      const expected = { candidate: undefined, trial: 'candidate', round: 'trial' }[s.lane_kind];
      expect(s.parent === null ? undefined : kindOf.get(s.parent), s.lane).toBe(expected);
    }
    // Every lane starts before its other events and ends after them.
    for (const s of starts) {
      const own = events.map((e) => e.value).filter((e) => e.lane === s.lane);
      expect(own[0]).toBe(s);
      expect(own.at(-1)!.kind).toBe('lane_end');
    }
  });

  it('reports alternatives with exactly one chosen option and ends with the best lane', async () => {
    const live = join(tempDir(), 'live');
    const summary = await shortRun(live);
    const events = readEvents(live);
    for (const a of ofKind(events, 'alternatives')) expect(a.options.filter((o) => o.chosen)).toHaveLength(1);
    const end = ofKind(events, 'experiment_end')[0]!;
    expect(end.status).toBe('completed');
    expect(end.best).toEqual(summary.best);
    const winner = ofKind(events, 'alternatives').find((a) => a.lane === undefined)!;
    expect(winner.options.find((o) => o.chosen)!.lane).toBe(end.best!.lane);
  });

  it('routes with clearance: no copper of different nets closer than 0.2 mm, and net status matches the tracks', async () => {
    const live = join(tempDir(), 'live');
    await shortRun(live);
    const events = readEvents(live);
    const routing = ofKind(events, 'checkpoint').filter((c) => c.phase === 'routing');
    expect(routing).toHaveLength(8);
    for (const c of routing) {
      const kb = readSimBoard(readFileSync(join(live, c.board), 'utf8'), c.board);
      expect(clearanceViolations(kb, 0.2), c.board).toEqual([]);
      const status = ofKind(events, 'net_status').find((s) => s.lane === c.lane)!;
      const routedNets = new Set(status.nets.filter((n) => n.status === 'routed').map((n) => n.net));
      expect(routedNets.size).toBeGreaterThan(0);
      const netsWithTracks = new Set(
        ofKind(events, 'route')
          .filter((r) => r.lane === c.lane)
          .flatMap((r) => r.nets.filter((n) => n.tracks.length > 0).map((n) => n.net)),
      );
      for (const net of routedNets) expect(netsWithTracks.has(net), `${c.lane} ${net}`).toBe(true);
    }
  });

  it('is deterministic: the same seed writes the same checkpoints, another seed other ones', async () => {
    const [a, b, c] = [join(tempDir(), 'a'), join(tempDir(), 'b'), join(tempDir(), 'c')];
    const small = { steps: 150, candidates: 1, trials: 2, rounds: 1 };
    const ra = await shortRun(a, small);
    const rb = await shortRun(b, small);
    const rc = await shortRun(c, { ...small, seed: 8 });
    expect(rb.checkpoints).toEqual(ra.checkpoints);
    expect(rb.best).toEqual(ra.best);
    expect(rc.checkpoints).not.toEqual(ra.checkpoints);
  });

  it('stops on request: open lanes, the run and the experiment end as stopped', async () => {
    const live = join(tempDir(), 'live');
    const stop = new AbortController();
    // Stop from inside the run, at its 12th event (the clock is read once per event), so the test
    // does not race the simulator: by then the first trial has begun.
    let read = 0;
    const clock = () => {
      if (++read === 12) stop.abort();
      return new Date();
    };
    const run = shortRun(live, { signal: stop.signal, clock });
    const summary = await run;
    expect(summary.status).toBe('stopped');
    const events = readEvents(live);
    expect(events.at(-1)!.value).toMatchObject({ kind: 'experiment_end', status: 'stopped' });
    expect(ofKind(events, 'run_end')[0]!.status).toBe('stopped');
    const started = ofKind(events, 'lane_start').map((s) => s.lane);
    const ended = ofKind(events, 'lane_end').map((s) => s.lane);
    expect(new Set(ended)).toEqual(new Set(started));
    expect(ofKind(events, 'lane_end').some((e) => e.status === 'stopped')).toBe(true);
  });

  it('refuses a live directory that already holds events', async () => {
    const live = join(tempDir(), 'live');
    mkdirSync(join(live, 'events'), { recursive: true });
    writeFileSync(join(live, 'events', '00000000-experiment_start.json'), '{}');
    await expect(shortRun(live)).rejects.toThrow(LiveDirInUseError);
    await expect(shortRun(live)).rejects.toThrow(
      /already holds events; give the simulator a new or empty live directory/,
    );
  });
});
