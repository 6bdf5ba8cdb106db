// `rr export reqif --model M --out F.reqif`: the model as ReqIF for other requirements tools
// (docs/import-export.md). A model with load errors is not exported: the file would not say what the
// model means.
import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';

/** Options of `rr export reqif`. */
export interface ExportOptions {
  model: string;
  out: string;
  timestamp?: string;
}

/** Adds `rr export reqif`. */
export function addExportCommand(rr: Command, io: CliIo, result: { code: number }): void {
  rr.command('export')
    .description('export the model for other tools')
    .command('reqif')
    .description('the model as a ReqIF 1.2 file')
    .requiredOption('--model <path>', 'model file or directory')
    .requiredOption('--out <file>', 'the .reqif file to write')
    .option(
      '--timestamp <time>',
      'CREATION-TIME and LAST-CHANGE (default: SOURCE_DATE_EPOCH, else 1970-01-01T00:00:00Z)',
    )
    .action(async (options: ExportOptions) => {
      const { runExportReqif } = await import('./export-reqif-run.js');
      result.code = await runExportReqif(options, io);
    });
}
