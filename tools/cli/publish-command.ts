// `rr publish`: the audit pack, a static site (and with --pdf one PDF) built from a baseline
// (docs/publish.md). Declared here so `rr --help` lists it; the run is imported in its action.
import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';

/** Options of `rr publish`. */
export interface PublishCommandOptions {
  model: string;
  evidence?: string;
  lock?: string;
  sources?: string | boolean;
  baseline?: string;
  since?: string;
  out: string;
  pdf?: boolean;
}

/** Adds `rr publish`. */
export function addPublishCommand(rr: Command, io: CliIo, result: { code: number }): void {
  rr.command('publish')
    .description('the audit pack: a static site (and a PDF) of the model, its traces and its verification')
    .requiredOption('--model <path>', 'model file or directory')
    .option('--evidence <dir>', 'evidence directory laid out like bazel-testlogs')
    .option('--lock <file>', 'verification-set lock (default: config.sets_lock)')
    .option('--sources <dir>', 'source tree to scan for annotations (default: none)')
    .option('--baseline <ref>', 'publish the model and lock as this tag or commit holds them')
    .option('--since <ref>', 'list what changed since this tag or commit')
    .requiredOption('--out <dir>', 'the folder to write the pack into (replaced as a whole)')
    .option('--pdf', 'also print the pack to one PDF with headless Chromium')
    .action(async (options: PublishCommandOptions) => {
      const { runPublish } = await import('./publish-run.js');
      result.code = await runPublish(options, io);
    });
}
