// `rr export reqif`'s work: the model loaded, refused when it does not load cleanly, written as ReqIF
// through a temporary file (docs/import-export.md). Loaded only when the command runs (export-command.ts).
import { writeFileAtomic } from '../files/atomic-write.js';
import { formatDiagnosticLine } from '../report/diagnostics-text.js';
import { reqifText } from '../import/reqif/reqif-writer.js';
import { loadModel } from '../model/load-model.js';
import { EXIT, type CliIo } from './cli-io.js';
import type { ExportOptions } from './export-command.js';

/** Writes the model as ReqIF; exit 1 or 2 when it does not load cleanly, 2 for a bad --timestamp. */
export async function runExportReqif(options: ExportOptions, io: CliIo): Promise<number> {
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
  // Never a half-written export, and no temporary file left when the write fails.
  await writeFileAtomic(options.out, reqifText(model, timestamp));
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
