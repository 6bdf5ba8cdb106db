import { countDiagnostics } from '../report/diagnostic-counts.js';
import { diagnosticsToSarif } from '../report/diagnostics-sarif.js';
import { writePrettyJson } from '../report/json-chunks.js';
import { reportJson } from '../report/report-json.js';
import { reportText } from '../report/report-text.js';
import { loadEngineInputs, type EngineInputOptions } from '../incremental/engine-inputs.js';
import type { Analysis } from '../verify/analyze.js';
import { EXIT, type CliIo } from './cli-io.js';
import { packageVersion } from '../model/package-version.js';
import { workspaceRoot } from '../sources/workspace-root.js';

/** Options of `rr report`. */
export interface ReportOptions {
  model: string;
  evidence?: string;
  lock?: string;
  /** source tree to scan for annotations; false with --no-sources */
  sources?: string | boolean;
  format: 'text' | 'json' | 'sarif';
}

/**
 * `rr report`: verdicts, attribution, gaps and diagnostics over the model and its evidence, from the
 * incremental engine as the editor and the language server have them (docs/incremental.md).
 */
export async function runReport(options: ReportOptions, io: CliIo): Promise<number> {
  const { engine, inputs } = await loadEngineInputs(reportInputs(options, io.cwd));
  return printReport(engine.analysis(), inputs.unreadable, options.format, io);
}

/** What `rr report` reads: the sources scanned are the workspace root's unless the options say. */
export function reportInputs(options: ReportOptions, cwd: string): EngineInputOptions {
  const sources =
    typeof options.sources === 'string'
      ? options.sources
      : options.sources === false
        ? undefined
        : workspaceRoot(options.model, cwd);
  return { model: options.model, evidence: options.evidence, lock: options.lock, sources };
}

/** Prints an analysis as `rr report` does and returns its exit code (2 when an input was unreadable). */
export function printReport(
  analysis: Analysis,
  unreadable: boolean,
  format: ReportOptions['format'],
  io: CliIo,
): number {
  if (format === 'json') writePrettyJson(io.out, reportJson(analysis));
  else if (format === 'sarif')
    io.out(
      JSON.stringify(diagnosticsToSarif(analysis.diagnostics, packageVersion(), io.cwd), null, 2) + '\n',
    );
  else io.out(reportText(analysis));
  if (unreadable) return EXIT.usage;
  return countDiagnostics(analysis.diagnostics).errors > 0 ? EXIT.errors : EXIT.ok;
}
