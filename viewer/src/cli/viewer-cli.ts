// SPDX-License-Identifier: AGPL-3.0-or-later
// The live viewer's commands: `view`, `pnr-sim`, `notes report` and the hidden `engine-service`. rr runs
// them as `rr view …` when this package is installed beside it (rr's tools/cli/viewer-plugin.ts finds
// it by name); `rr-viewer view …` runs them without rr's other commands. Each action imports its
// implementation, so a command loads only what it runs.
import { Command, CommanderError } from 'commander';
import { EXIT, type CliIo } from 'rules-rr/core/cli/cli-io.js';
import { untilStopped } from 'rules-rr/core/cli/stop-signal.js';
import { viewerPackageFields } from '../viewer-package.js';
import { addDesignNotesCommand } from './design-notes-command.js';
import { addEngineServiceCommand } from './engine-service-command.js';
import type { PnrSimOptions } from './pnr-sim-command.js';
import { addViewCommand } from './view-command.js';

/** The viewer's command tree, named `name` in its messages (rr, or rr-viewer). */
function program(name: string, io: CliIo, result: { code: number }): Command {
  const rr = new Command(name)
    .description('the live viewer of rr: place-and-route experiments replayed from their live directory')
    .version(viewerPackageFields().version)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError();
  addViewCommand(rr, io, result);
  addPnrSimCommand(rr, io, result);
  addDesignNotesCommand(rr, io, result);
  addEngineServiceCommand(rr, io, result);
  return rr;
}

/** Adds `rr pnr-sim` to the command tree. */
export function addPnrSimCommand(rr: Command, io: CliIo, result: { code: number }): void {
  rr.command('pnr-sim')
    .description(
      'simulate a place-and-route experiment (annealed placement, maze routing) writing live viewer telemetry',
    )
    .requiredOption('--out <dir>', 'live directory to write events/ and boards/ into (new or empty)')
    .option('--board <file>', 'KiCad board to place and route (default: a generated example board)')
    .option('--rate <n>', 'events per second; 0 writes as fast as possible', '20')
    .option('--seed <n>', 'seed of the search; the same seed gives the same search', '1')
    .option('--steps <n>', 'annealing steps per trial (bounds the work)', '2000')
    .option('--candidates <n>', 'candidate starting placements', '2')
    .option('--trials <n>', 'annealing trials per candidate', '2')
    .option('--rounds <n>', 'routing rounds per trial', '2')
    .option('--report-every <n>', 'annealing steps between cost events (default: steps / 20)')
    .action(async (options: PnrSimOptions) => {
      // Ctrl-C ends the experiment cleanly: open lanes and the run are reported as stopped.
      const { runPnrSim } = await import('./pnr-sim-command.js');
      result.code = await untilStopped((stop) => runPnrSim(options, io, stop));
    });
}

/** Runs a viewer command line (argv as process.argv has it) and resolves to its exit code. */
export async function main(argv: string[], io?: Partial<CliIo>, name = 'rr'): Promise<number> {
  const fullIo: CliIo = {
    out: io?.out ?? ((t) => process.stdout.write(t)),
    err: io?.err ?? ((t) => process.stderr.write(t)),
    cwd: io?.cwd ?? process.cwd(),
  };
  const result = { code: EXIT.ok as number };
  try {
    await program(name, fullIo, result).parseAsync(argv);
    return result.code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    fullIo.err(`${name}: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.usage;
  }
}
