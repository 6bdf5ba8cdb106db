// SPDX-License-Identifier: AGPL-3.0-or-later
// A short seeded simulator run shared by the simulator tests, and ways to read what it wrote.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleBoardText } from '../../src/pnr-sim/example-board.js';
import {
  runExperiment,
  type ExperimentOptions,
  type ExperimentSummary,
} from '../../src/pnr-sim/experiment.js';
import type { LiveEvent } from '../../src/telemetry/live-event.js';

/** Runs the example board unpaced with small, deterministic settings into `liveDir`. */
export function shortRun(
  liveDir: string,
  overrides: Partial<ExperimentOptions> = {},
): Promise<ExperimentSummary> {
  return runExperiment({
    liveDir,
    board: { text: exampleBoardText(), name: 'example.kicad_pcb' },
    seed: 7,
    steps: 300,
    candidates: 2,
    trials: 2,
    rounds: 2,
    rate: 0,
    ...overrides,
  });
}

/** Every event file's name and parsed body, in file-name order. */
export function readEvents(liveDir: string): { name: string; value: LiveEvent }[] {
  const dir = join(liveDir, 'events');
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, value: JSON.parse(readFileSync(join(dir, name), 'utf8')) as LiveEvent }));
}

/** Events of one kind. */
export function ofKind<K extends LiveEvent['kind']>(
  events: { value: LiveEvent }[],
  kind: K,
): Extract<LiveEvent, { kind: K }>[] {
  return events.map((e) => e.value).filter((e): e is Extract<LiveEvent, { kind: K }> => e.kind === kind);
}
