// SPDX-License-Identifier: AGPL-3.0-or-later
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { exampleBoardText } from '../pnr-sim/example-board.js';
import { LiveDirInUseError } from '../pnr-sim/event-writer.js';
import { runExperiment } from '../pnr-sim/experiment.js';
import { BoardReadError } from '../geometry/board-read-error.js';
import { EXIT, type CliIo } from 'rules-rr/core/cli/cli-io.js';
import { viewerPackageFields } from '../viewer-package.js';

/** Options of `rr pnr-sim` as commander passes them (numbers still text). */
export interface PnrSimOptions {
  out: string;
  board?: string;
  rate: string;
  seed: string;
  steps: string;
  candidates: string;
  trials: string;
  rounds: string;
  reportEvery?: string;
}

/** `rr pnr-sim`: runs a simulated place-and-route experiment, writing live telemetry into --out. */
export async function runPnrSim(options: PnrSimOptions, io: CliIo, signal?: AbortSignal): Promise<number> {
  const numbers = {
    rate: wholeNumber('--rate', options.rate, 0),
    seed: wholeNumber('--seed', options.seed, 0),
    steps: wholeNumber('--steps', options.steps, 1),
    candidates: wholeNumber('--candidates', options.candidates, 1),
    trials: wholeNumber('--trials', options.trials, 1),
    rounds: wholeNumber('--rounds', options.rounds, 1),
    reportEvery:
      options.reportEvery === undefined ? undefined : wholeNumber('--report-every', options.reportEvery, 1),
  };
  const bad = Object.values(numbers).find((n): n is string => typeof n === 'string');
  if (bad !== undefined) {
    io.err(`rr pnr-sim: ${bad}\n`);
    return EXIT.usage;
  }
  let board: { text: string; name: string };
  if (options.board) {
    try {
      board = { text: readFileSync(resolve(io.cwd, options.board), 'utf8'), name: options.board };
    } catch (error) {
      io.err(`rr pnr-sim: cannot read --board ${options.board}: ${(error as Error).message}\n`);
      return EXIT.usage;
    }
  } else board = { text: exampleBoardText(), name: 'example-sensor-node.kicad_pcb' };
  const liveDir = resolve(io.cwd, options.out);
  try {
    const summary = await runExperiment({
      liveDir,
      board,
      seed: numbers.seed as number,
      steps: numbers.steps as number,
      candidates: numbers.candidates as number,
      trials: numbers.trials as number,
      rounds: numbers.rounds as number,
      rate: numbers.rate as number,
      ...(numbers.reportEvery !== undefined ? { reportEvery: numbers.reportEvery as number } : {}),
      toolVersion: viewerPackageFields().version,
      ...(signal ? { signal } : {}),
    });
    const best = summary.best
      ? `; best ${summary.best.lane} at cost ${summary.best.cost} (${summary.best.checkpoint})`
      : '';
    io.out(
      `pnr-sim ${summary.status}: ${summary.events} events and ${summary.checkpoints.length} checkpoints in ${options.out}${best}\n`,
    );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof BoardReadError || error instanceof LiveDirInUseError) {
      io.err(`rr pnr-sim: ${error.message}\n`);
      return EXIT.usage;
    }
    io.err(`rr pnr-sim: the simulation failed: ${(error as Error).message}\n`);
    return EXIT.errors;
  }
}

/** A whole number of at least `min`, or the message to print. */
function wholeNumber(flag: string, text: string, min: number): number | string {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= min
    ? n
    : `${flag} takes a whole number of at least ${min}; got "${text}"`;
}
