// The run of `rr publish`: publishes, says where, and exits like `rr report` (1 when the model has
// errors, 2 when an input is unreadable or a revision unknown). A missing Chromium only costs the PDF.
import { countDiagnostics } from '../report/diagnostic-counts.js';
import { PublishError } from '../publish/publish-error.js';
import { publishPack } from '../publish/publish-pack.js';
import { EXIT, type CliIo } from './cli-io.js';
import type { PublishCommandOptions } from './publish-command.js';

/** Runs `rr publish`; resolves to the exit code. */
export async function runPublish(options: PublishCommandOptions, io: CliIo): Promise<number> {
  try {
    const result = await publishPack({
      model: options.model,
      evidence: options.evidence,
      lock: options.lock,
      sources: typeof options.sources === 'string' ? options.sources : undefined,
      baseline: options.baseline,
      since: options.since,
      out: options.out,
      pdf: options.pdf,
    });
    const d = result.data;
    io.out(
      `published ${d.project} (${d.baseline.tag ?? d.baseline.commit ?? 'no baseline'}${d.baseline.modified ? ', modified' : ''}) to ${result.out}/index.html: ${result.files.length} files\n`,
    );
    if (result.pdf) io.out(`PDF: ${result.pdf}\n`);
    if (result.pdfProblem) io.err(`rr publish: ${result.pdfProblem}\n`);
    if (result.unreadable) return EXIT.usage;
    return countDiagnostics(result.analysis.diagnostics).errors > 0 ? EXIT.errors : EXIT.ok;
  } catch (error) {
    if (error instanceof PublishError) {
      io.err(`rr publish: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
