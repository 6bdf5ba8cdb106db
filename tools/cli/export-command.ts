// `rr export reqif --model M --out F.reqif`: the model as ReqIF for other requirements tools
// (docs/import-export.md). A model with load errors is not exported: the file would not say what the
// model means.
import { rename, writeFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import type { Command } from 'commander';
import { formatDiagnosticLine } from '../report/diagnostics-text.js';
import { reqifText } from '../import/reqif/reqif-writer.js';
import { loadModel } from '../model/load-model.js';
import { EXIT, type CliIo } from './cli-io.js';

interface ExportOptions {
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
      result.code = await runExportReqif(options, io);
    });
}

async function runExportReqif(options: ExportOptions, io: CliIo): Promise<number> {
  const model = await loadModel(options.model);
  const errors = model.diagnostics.filter((d) => d.severity === 'error');
  if (model.unreadable || errors.length > 0) {
    for (const d of errors) io.err(formatDiagnosticLine(d) + '\n');
    io.err(
      `rr export: ${options.model} does not load cleanly; fix the errors above (rr validate ${options.model}) and export again\n`,
    );
    return model.unreadable ? EXIT.usage : EXIT.errors;
  }
  const timestamp = exportTimestamp(options.timestamp);
  if (timestamp === undefined) {
    io.err(
      `rr export: --timestamp takes an ISO 8601 date and time such as 2026-01-31T12:00:00Z; got "${options.timestamp}"\n`,
    );
    return EXIT.usage;
  }
  // A temporary file beside the target, renamed into place: never a half-written export.
  const temp = join(dirname(options.out), `.${basename(options.out)}.${process.pid}.tmp`);
  await writeFile(temp, reqifText(model, timestamp), 'utf8');
  await rename(temp, options.out);
  io.out(`rr export reqif: ${model.entities.length} entities of ${options.model} → ${options.out}\n`);
  return EXIT.ok;
}

/** One fixed time for every stamp, so the same model exports to the same bytes. */
function exportTimestamp(given: string | undefined): string | undefined {
  if (given !== undefined) return Number.isNaN(Date.parse(given)) ? undefined : given;
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  if (process.env.SOURCE_DATE_EPOCH !== undefined && Number.isFinite(epoch)) {
    return new Date(epoch * 1000).toISOString().replace('.000Z', 'Z');
  }
  return '1970-01-01T00:00:00Z';
}
