// SPDX-License-Identifier: AGPL-3.0-or-later
// One simulated place-and-route experiment: candidates (starting placements), trials under each
// (annealing schedules), rounds under each trial (routing passes with different net orders). Every step
// is reported as pnr-live-event-v1 events, with board checkpoints at the points a viewer wants to open.
import { basename, join } from 'node:path';
import { graphFromBoardTree } from '../netlist/board-netlist-graph.js';
import { NETLIST_GRAPH_FILE } from '../netlist/netlist-graph.js';
import { writeFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import type { AlternativeOption, LaneEndStatus, PlacedFootprint } from '../telemetry/live-event.js';
import { Annealer } from './annealing.js';
import { clonePlacement, type Placement, type SimBoard } from './board-model.js';
import { EventWriter } from './event-writer.js';
import { readSimBoard, type KicadBoard } from './sim-board-reader.js';
import { BOARD_EXTENSION, boardText } from './kicad-writer.js';
import { DEFAULT_ROUTER_OPTIONS, MazeRouter, type RoutedNet } from './maze-router.js';
import { Pacer } from './pacer.js';
import { RunControls } from './run-controls.js';
import { costIndex, costPerFootprint, netWirelength, placementCost } from './placement-cost.js';
import { SeededRandom } from './seeded-random.js';

/** What to simulate and how fast. */
export interface ExperimentOptions {
  liveDir: string;
  /** The input board's text and the name to show for it. */
  board: { text: string; name: string };
  seed: number;
  /** Annealing steps per trial: the bound on the search's work. */
  steps: number;
  candidates: number;
  trials: number;
  rounds: number;
  /** Events per second; 0 writes as fast as possible. */
  rate: number;
  /** Annealing steps between cost reports (default: a twentieth of `steps`). */
  reportEvery?: number;
  toolVersion?: string;
  signal?: AbortSignal;
  clock?: () => Date;
}

/** What a finished (or stopped) experiment produced. */
export interface ExperimentSummary {
  status: 'completed' | 'stopped';
  events: number;
  checkpoints: string[];
  best?: { lane: string; cost: number; checkpoint: string };
}

/** Cost of an unrouted net in a routing result, in millimetres of track. */
export const UNROUTED_NET_COST = 100;

class Stopped extends Error {}

interface LaneOutcome {
  lane: string;
  cost: number;
  checkpoint?: string;
  status: LaneEndStatus;
  note?: string;
}

/** Runs the experiment, writing into `options.liveDir`; resolves when it ends or is stopped by the signal. */
export async function runExperiment(options: ExperimentOptions): Promise<ExperimentSummary> {
  const kb = readSimBoard(options.board.text, options.board.name);
  const run = `pnr-sim-s${options.seed}`;
  const pacer = new Pacer(options.rate, options.signal);
  const controls = new RunControls(options.liveDir, pacer, options.signal, options.clock);
  const writer = EventWriter.open(
    options.liveDir,
    run,
    async () => {
      await controls.gate();
      await pacer.next();
    },
    options.clock,
  );
  controls.start();
  // The design's netlist, for the viewer's schematic view and notes (docs/viewer-netlist.md).
  const graph = graphFromBoardTree(kb.tree, {
    file: basename(options.board.name),
    tool: `rr pnr-sim${options.toolVersion ? ` ${options.toolVersion}` : ''}`,
  });
  writeFileAtomicSync(join(options.liveDir, NETLIST_GRAPH_FILE), `${JSON.stringify(graph, null, 1)}\n`);
  const sim = new Simulation(kb, writer, controls, options);
  await writer.emit('experiment_start', {
    experiment: {
      name: `pnr-sim ${options.board.name}`,
      board: options.board.name,
      seed: options.seed,
      parameters: {
        steps: options.steps,
        candidates: options.candidates,
        trials: options.trials,
        rounds: options.rounds,
      },
    },
  });
  const input = sim.store(options.board.text);
  await writer.emit('run_start', {
    run_dir: basename(options.liveDir),
    tool: { name: 'rr pnr-sim', ...(options.toolVersion ? { version: options.toolVersion } : {}) },
    seed: options.seed,
    board: input,
  });
  try {
    const best = await sim.search();
    await writer.emit('run_end', { status: 'completed' });
    await writer.emit('experiment_end', { status: 'completed', best });
    return { status: 'completed', events: writer.written, checkpoints: sim.checkpoints(), best };
  } catch (error) {
    if (!(error instanceof Stopped)) {
      await writer.emit('error', {
        severity: 'error',
        message: (error as Error).message,
        code: 'simulator-failure',
      });
      await writer.emit('run_end', { status: 'failed', message: (error as Error).message });
      await writer.emit('experiment_end', { status: 'failed', message: (error as Error).message });
      throw error;
    }
    for (const lane of sim.openLanes.reverse())
      await writer.emit('lane_end', { lane, status: 'stopped', message: 'stopped on request' });
    await writer.emit('run_end', { status: 'stopped', message: 'stopped on request' });
    await writer.emit('experiment_end', { status: 'stopped', message: 'stopped on request' });
    return { status: 'stopped', events: writer.written, checkpoints: sim.checkpoints() };
  }
}

class Simulation {
  readonly openLanes: string[] = [];
  private readonly stored = new Set<string>();
  private readonly board: SimBoard;
  private readonly reportEvery: number;

  constructor(
    private readonly kb: KicadBoard,
    private readonly writer: EventWriter,
    private readonly controls: RunControls,
    private readonly options: ExperimentOptions,
  ) {
    this.board = kb.board;
    this.reportEvery = Math.max(1, options.reportEvery ?? Math.floor(options.steps / 20));
  }

  checkpoints(): string[] {
    return [...this.stored];
  }

  store(text: string): string {
    const ref = this.writer.checkpoint(text, BOARD_EXTENSION);
    this.stored.add(ref);
    return ref;
  }

  private checkStop(): void {
    if (this.options.signal?.aborted || this.controls.stopRequested) throw new Stopped();
  }

  private async startLane(
    lane: string,
    kind: 'candidate' | 'trial' | 'round',
    parent: string | null,
    label: string,
    parameters: Record<string, unknown>,
  ): Promise<void> {
    this.checkStop();
    await this.writer.emit('lane_start', { lane, lane_kind: kind, parent, label, parameters });
    this.openLanes.push(lane);
  }

  private async endLane(outcome: LaneOutcome): Promise<void> {
    await this.writer.emit('lane_end', {
      lane: outcome.lane,
      status: outcome.status,
      cost: round(outcome.cost),
      ...(outcome.note ? { message: outcome.note } : {}),
    });
    this.openLanes.splice(this.openLanes.lastIndexOf(outcome.lane), 1);
  }

  /** Every candidate in turn; returns the winner. */
  async search(): Promise<{ lane: string; cost: number; checkpoint: string }> {
    const outcomes: LaneOutcome[] = [];
    for (let c = 0; c < this.options.candidates; c++) outcomes.push(await this.candidate(c));
    // A candidate whose trials were all pruned has no board to offer.
    const withBoard = outcomes.filter((o) => o.checkpoint !== undefined);
    const best = pickBest(withBoard.length > 0 ? withBoard : outcomes);
    await this.writer.emit('alternatives', {
      question: 'Which candidate placement wins the experiment?',
      options: outcomes.map((o) => option(o, o === best)),
    });
    return { lane: best.lane, cost: round(best.cost), checkpoint: best.checkpoint! };
  }

  private startPlacement(c: number, random: SeededRandom): Placement {
    if (c === 0) return clonePlacement(this.kb.placement);
    // Other candidates scatter the movable footprints over the board, on the placement grid.
    const p = clonePlacement(this.kb.placement);
    const o = this.board.outline;
    this.board.footprints.forEach((f, i) => {
      if (f.locked) return;
      p.x[i] = snap(random.between(o.minX + 2, o.maxX - 2));
      p.y[i] = snap(random.between(o.minY + 2, o.maxY - 2));
      p.rotation[i] = random.below(4) * 90;
    });
    return p;
  }

  private async candidate(c: number): Promise<LaneOutcome> {
    const lane = `cand-${c}`;
    const random = new SeededRandom(this.options.seed * 7919 + c);
    const start = this.startPlacement(c, random);
    await this.startLane(lane, 'candidate', null, `candidate ${c}`, {
      start: c === 0 ? 'board' : 'random scatter',
    });
    await this.reportPlacement(lane, 0, start);
    await this.reportCost(lane, 0, start, {});
    const ref = this.store(boardText(this.kb, start, []));
    await this.writer.emit('checkpoint', {
      lane,
      board: ref,
      phase: 'placement',
      cost: round(placementCost(this.board, start).total),
      label: 'starting placement',
    });
    const trials: LaneOutcome[] = [];
    for (let t = 0; t < this.options.trials; t++)
      trials.push(await this.trial(lane, t, start, random, trials));
    const finished = trials.filter((o) => o.status === 'completed');
    const best = pickBest(finished.length > 0 ? finished : trials);
    await this.writer.emit('alternatives', {
      lane,
      question: `Which trial does candidate ${c} keep?`,
      options: trials.map((o) => option(o, o === best)),
    });
    if (best.checkpoint)
      await this.writer.emit('checkpoint', {
        lane,
        board: best.checkpoint,
        phase: 'final',
        cost: round(best.cost),
        label: 'best trial',
      });
    const outcome: LaneOutcome = {
      lane,
      cost: best.cost,
      status: this.controls.prunes(lane) ? 'pruned' : 'completed',
      ...(this.controls.prunes(lane) ? { note: 'pruned on request' } : {}),
      ...(best.checkpoint ? { checkpoint: best.checkpoint } : {}),
    };
    await this.endLane(outcome);
    return outcome;
  }

  private async trial(
    parent: string,
    t: number,
    start: Placement,
    random: SeededRandom,
    siblings: LaneOutcome[],
  ): Promise<LaneOutcome> {
    const lane = `${parent}.trial-${t}`;
    const steps = this.options.steps;
    // Each trial starts hotter than the one before; all cool to a two-hundredth of their start.
    const startTemperature = 10 * (t + 1);
    const schedule = { startTemperature, cooling: Math.pow(0.005, 1 / Math.max(1, steps)), grid: 0.5 };
    await this.startLane(lane, 'trial', parent, `trial ${t}`, {
      start_temperature: startTemperature,
      cooling: round(schedule.cooling, 6),
      steps,
    });
    const annealer = new Annealer(this.board, start, new SeededRandom(random.below(2 ** 31)), schedule);
    const rival = Math.min(...siblings.filter((s) => s.status === 'completed').map((s) => s.cost));
    for (let step = 1; step <= steps; step++) {
      annealer.step();
      if (step % this.reportEvery === 0 || step === steps) {
        this.checkStop();
        annealer.resync();
        const counts = annealer.takeCounts();
        await this.reportCost(lane, step, annealer.placement, {
          temperature: annealer.temperature,
          ...counts,
          best: annealer.bestCost,
        });
        if ((step / this.reportEvery) % 2 === 0 || step === steps)
          await this.reportPlacement(lane, step, annealer.placement);
      }
      // The viewer asked to abandon this trial (or its candidate): end it as pruned at a report point.
      if (step % this.reportEvery === 0 && this.controls.prunes(lane)) {
        const outcome: LaneOutcome = {
          lane,
          cost: annealer.bestCost,
          status: 'pruned',
          note: `pruned on request at step ${step}`,
        };
        await this.endLane(outcome);
        return outcome;
      }
      // Prune a trial whose placement is far behind a finished sibling's routed result halfway through.
      if (step === Math.floor(steps / 2) && Number.isFinite(rival) && annealer.bestCost > rival * 1.5) {
        const outcome: LaneOutcome = {
          lane,
          cost: annealer.bestCost,
          status: 'pruned',
          note: `pruned at step ${step}: placement cost ${round(annealer.bestCost)} is far above trial cost ${round(rival)}`,
        };
        await this.endLane(outcome);
        return outcome;
      }
    }
    const placed = annealer.best;
    await this.reportPlacement(lane, steps, placed);
    const placedRef = this.store(boardText(this.kb, placed, []));
    await this.writer.emit('checkpoint', {
      lane,
      board: placedRef,
      phase: 'placement',
      cost: round(annealer.bestCost),
      label: 'annealed placement',
    });
    const rounds: LaneOutcome[] = [];
    let previous: RoutedNet[] = [];
    for (let r = 0; r < this.options.rounds; r++) {
      const result = await this.round(lane, r, placed, previous, random);
      rounds.push(result.outcome);
      previous = result.routes;
    }
    const best = pickBest(rounds);
    await this.writer.emit('alternatives', {
      lane,
      question: `Which routing round does trial ${t} keep?`,
      options: rounds.map((o) => option(o, o === best)),
    });
    await this.writer.emit('checkpoint', {
      lane,
      board: best.checkpoint!,
      phase: 'final',
      cost: round(best.cost),
      label: 'best routing',
    });
    const outcome: LaneOutcome = { lane, cost: best.cost, status: 'completed', checkpoint: best.checkpoint! };
    await this.endLane(outcome);
    return outcome;
  }

  private async round(
    parent: string,
    r: number,
    placement: Placement,
    previous: RoutedNet[],
    random: SeededRandom,
  ): Promise<{ outcome: LaneOutcome; routes: RoutedNet[] }> {
    const lane = `${parent}.round-${r}`;
    const order = this.netOrder(r, placement, previous, random);
    await this.startLane(lane, 'round', parent, `routing round ${r}`, {
      order: r === 0 ? 'shortest first' : 'unrouted first',
      nets: order.length,
    });
    const router = new MazeRouter(this.board, placement, DEFAULT_ROUTER_OPTIONS);
    const routes: RoutedNet[] = [];
    for (let i = 0; i < order.length; i += 3) {
      this.checkStop();
      const batch = order.slice(i, i + 3).map((net) => router.routeNet(net));
      routes.push(...batch);
      await this.writer.emit('route', {
        lane,
        provisional: true,
        replace: i === 0,
        nets: batch.map((b) => ({ net: b.net, tracks: b.tracks, vias: b.vias })),
      });
    }
    await this.writer.emit('net_status', {
      lane,
      nets: routes.map((b) => ({
        net: b.net,
        status: b.status,
        length: round(b.length),
        vias: b.vias.length,
        ...(b.reason ? { reason: b.reason } : {}),
      })),
    });
    for (const b of routes.filter((x) => x.status !== 'routed'))
      await this.writer.emit('error', {
        lane,
        severity: 'warning',
        code: 'net-unrouted',
        net: b.net,
        message: `net ${b.net} is ${b.status}: ${b.reason ?? 'no path'}`,
      });
    const cost = routingCost(routes);
    const ref = this.store(boardText(this.kb, placement, routes));
    await this.writer.emit('checkpoint', {
      lane,
      board: ref,
      phase: 'routing',
      cost: round(cost),
      label: `routing round ${r}`,
    });
    const outcome: LaneOutcome = { lane, cost, status: 'completed', checkpoint: ref };
    await this.endLane(outcome);
    return { outcome, routes };
  }

  /** Round 0 routes short nets first; later rounds start with what the previous round could not finish. */
  private netOrder(r: number, placement: Placement, previous: RoutedNet[], random: SeededRandom): string[] {
    const byLength = [...this.board.nets].sort(
      (a, b) =>
        netWirelength(this.board, placement, a) - netWirelength(this.board, placement, b) || (a < b ? -1 : 1),
    );
    if (r === 0) return byLength;
    const failed = new Set(previous.filter((x) => x.status !== 'routed').map((x) => x.net));
    const rest = byLength.filter((n) => !failed.has(n));
    // Swap a few neighbours so a round with nothing to fix still explores another order.
    for (let i = 0; i + 1 < rest.length; i += 2)
      if (random.next() < 0.5) [rest[i], rest[i + 1]] = [rest[i + 1]!, rest[i]!];
    return [...byLength.filter((n) => failed.has(n)), ...rest];
  }

  private async reportPlacement(lane: string, step: number, p: Placement): Promise<void> {
    const footprints: PlacedFootprint[] = this.board.footprints.map((f, i) => ({
      ref: f.ref,
      x: round(p.x[i]!, 4),
      y: round(p.y[i]!, 4),
      rotation: p.rotation[i]!,
      side: f.side,
    }));
    await this.writer.emit('placement', { lane, step, footprints });
  }

  private async reportCost(
    lane: string,
    step: number,
    p: Placement,
    extra: { temperature?: number; accepted?: number; rejected?: number; best?: number },
  ): Promise<void> {
    const cost = placementCost(this.board, p);
    // Per-footprint costs are for inspection of small and medium boards; large boards would bloat every event.
    const perFootprint =
      this.board.footprints.length <= 200
        ? costPerFootprint(this.board, costIndex(this.board), p)
        : undefined;
    await this.writer.emit('placement_cost', {
      lane,
      step,
      total: round(cost.total),
      terms: {
        wirelength: round(cost.terms.wirelength),
        overlap: round(cost.terms.overlap),
        outside: round(cost.terms.outside),
      },
      ...(extra.temperature !== undefined ? { temperature: round(extra.temperature, 6) } : {}),
      ...(extra.accepted !== undefined ? { accepted: extra.accepted } : {}),
      ...(extra.rejected !== undefined ? { rejected: extra.rejected } : {}),
      ...(extra.best !== undefined ? { best: round(extra.best) } : {}),
      ...(perFootprint
        ? {
            footprints: perFootprint.map((f) => ({
              ref: f.ref,
              total: round(f.total),
              terms: {
                wirelength: round(f.terms.wirelength),
                overlap: round(f.terms.overlap),
                outside: round(f.terms.outside),
              },
            })),
          }
        : {}),
    });
  }
}

/** Cost of a routing result: track length plus a fixed penalty per net that is not fully routed. */
export function routingCost(routes: RoutedNet[]): number {
  return routes.reduce((sum, r) => sum + r.length + (r.status === 'routed' ? 0 : UNROUTED_NET_COST), 0);
}

function pickBest(outcomes: LaneOutcome[]): LaneOutcome {
  return outcomes.reduce((a, b) => (b.cost < a.cost ? b : a));
}

function option(o: LaneOutcome, chosen: boolean): AlternativeOption {
  return {
    id: o.lane,
    lane: o.lane,
    cost: round(o.cost),
    chosen,
    ...(o.status !== 'completed' ? { reason: o.note ?? o.status } : chosen ? { reason: 'lowest cost' } : {}),
  };
}

function snap(v: number): number {
  return Math.round(v * 2) / 2;
}

function round(v: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
