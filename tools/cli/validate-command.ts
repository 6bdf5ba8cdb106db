import { countDiagnostics } from '../report/diagnostic-counts.js';
import { diagnosticsToSarif } from '../report/diagnostics-sarif.js';
import { formatDiagnosticLine } from '../report/diagnostics-text.js';
import { modelSummary } from '../report/model-summary.js';
import { diagnosticCountLine } from '../report/report-sentences.js';
import { loadModelEngine } from '../incremental/load-model-engine.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Model } from '../model/model.js';
import { EXIT, type CliIo } from './cli-io.js';
import { packageVersion } from '../model/package-version.js';

export type ValidateFormat = 'text' | 'json' | 'sarif';

/**
 * `rr validate PATH`: load and check a model through the incremental engine, as the editor and the
 * language server do (docs/incremental.md); exit 0 clean or warnings, 1 errors, 2 unreadable input.
 */
export async function runValidate(path: string, format: ValidateFormat, io: CliIo): Promise<number> {
  const engine = await loadModelEngine(path);
  return printValidation(path, engine.model(), engine.diagnostics(), format, io);
}

/** Prints a model's diagnostics as `rr validate` does and returns its exit code. */
export function printValidation(
  path: string,
  model: Model,
  diagnostics: readonly Diagnostic[],
  format: ValidateFormat,
  io: CliIo,
): number {
  const { errors } = countDiagnostics(diagnostics);
  if (format === 'json') {
    io.out(JSON.stringify({ ok: errors === 0, diagnostics }, null, 2) + '\n');
  } else if (format === 'sarif') {
    io.out(JSON.stringify(diagnosticsToSarif(diagnostics, packageVersion(), io.cwd), null, 2) + '\n');
  } else {
    for (const d of diagnostics) io.out(formatDiagnosticLine(d) + '\n');
    io.out(`${path}: ${modelSummary(model)}: ${diagnosticCountLine(diagnostics)}\n`);
  }
  if (model.unreadable) return EXIT.usage;
  return errors > 0 ? EXIT.errors : EXIT.ok;
}
