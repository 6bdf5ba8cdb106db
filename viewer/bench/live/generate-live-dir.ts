// SPDX-License-Identifier: AGPL-3.0-or-later
// Generates a live directory of realistic pnr-live-event-v1 telemetry: candidates, trials and rounds
// with placement, cost, route, net-status and checkpoint events in the proportions the simulator writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventFileName } from '../../src/telemetry/event-files.js';
import type { EventFields, EventKind } from '../../src/telemetry/live-event.js';

const REFS = ['U1', 'U2', 'J1', 'J2', 'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'C1', 'C2', 'C3', 'C4', 'D1', 'D2'];
const NETS = ['+3V3', '+5V', 'GND', 'LED1', 'LED1_A', 'LED2', 'LED2_A', 'NRST', 'SCL', 'SDA', 'SENSE'];

/** Writes events with seq `from` to `from + count - 1` into `root/events` and returns the next seq. */
export class LiveDirGenerator {
  private seq = 0;
  private lane = 0;
  private step = 0;
  readonly events: string;

  constructor(readonly root: string) {
    this.events = join(root, 'events');
    mkdirSync(this.events, { recursive: true });
    mkdirSync(join(root, 'boards'), { recursive: true });
  }

  get written(): number {
    return this.seq;
  }

  private emit<K extends EventKind>(kind: K, fields: EventFields[K]): void {
    const seq = this.seq++;
    const event = {
      schema: 'pnr-live-event-v1',
      seq,
      time: new Date(1_750_000_000_000 + seq * 50).toISOString(),
      run: 'bench-run',
      kind,
      ...fields,
    };
    writeFileSync(join(this.events, eventFileName(seq, kind)), JSON.stringify(event) + '\n');
  }

  /** Writes at least `count` more events (whole lanes), the way a search proceeds. */
  write(count: number): void {
    const target = this.seq + count;
    if (this.seq === 0)
      this.emit('experiment_start', {
        experiment: { name: 'bench', seed: 1, parameters: { lanes: 'many' } },
      });
    while (this.seq < target) this.trial(target);
  }

  /** Writes exactly `count` more cost events into the current lane (for the arrival phase). */
  writeCosts(count: number): void {
    const lane = `cand-${this.lane}.trial-0`;
    for (let i = 0; i < count; i++)
      this.emit('placement_cost', {
        lane,
        step: ++this.step,
        total: 500 - (this.step % 400),
        terms: { wirelength: 300, overlap: 1, outside: 0 },
      });
  }

  private trial(target: number): void {
    const c = `cand-${this.lane++}`;
    const t = `${c}.trial-0`;
    this.emit('lane_start', { lane: c, lane_kind: 'candidate', parent: null, label: c });
    this.emit('lane_start', {
      lane: t,
      lane_kind: 'trial',
      parent: c,
      parameters: { start_temperature: 20 },
    });
    for (let i = 0; i < 60 && this.seq < target; i++) {
      this.step++;
      this.emit('placement_cost', {
        lane: t,
        step: this.step,
        total: 900 - i * 10,
        terms: { wirelength: 800 - i * 10, overlap: 5, outside: 0 },
        temperature: 20 * 0.95 ** i,
        accepted: 40,
        rejected: 60,
        footprints: REFS.map((ref, k) => ({
          ref,
          total: 50 + k,
          terms: { wirelength: 45 + k, overlap: 0.5, outside: 0 },
        })),
      });
      if (i % 2 === 0)
        this.emit('placement', {
          lane: t,
          step: this.step,
          footprints: REFS.map((ref, k) => ({
            ref,
            x: 100 + ((k * 7 + i) % 50),
            y: 80 + ((k * 3 + i) % 40),
            rotation: (k % 4) * 90,
            side: 'front' as const,
          })),
        });
    }
    for (let r = 0; r < 2 && this.seq < target; r++) {
      const lane = `${t}.round-${r}`;
      this.emit('lane_start', { lane, lane_kind: 'round', parent: t });
      for (let n = 0; n < NETS.length; n += 3)
        this.emit('route', {
          lane,
          provisional: true,
          replace: n === 0,
          nets: NETS.slice(n, n + 3).map((net, k) => ({
            net,
            tracks: [
              {
                layer: 'F.Cu',
                width: 0.25,
                points: [
                  [100 + k, 80],
                  [110 + k, 80],
                  [110 + k, 90],
                ] as [number, number][],
              },
            ],
            vias: [],
          })),
        });
      this.emit('net_status', {
        lane,
        nets: NETS.map((net) => ({ net, status: 'routed' as const, length: 12.5, vias: 0 })),
      });
      this.emit('checkpoint', {
        lane,
        board: `boards/${'ab'.repeat(32)}.kicad_pcb`,
        phase: 'routing',
        cost: 250,
      });
      this.emit('lane_end', { lane, status: 'completed', cost: 250 });
    }
    this.emit('lane_end', { lane: t, status: 'completed', cost: 250 });
    this.emit('lane_end', { lane: c, status: 'completed', cost: 250 });
  }
}
