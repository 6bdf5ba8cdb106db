// `rr bazel model`: the build action of rules_rr's rr_model. It never fails on model errors: it writes
// the composed model for later actions and what the model's test prints, so `bazel test` shows them.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { countDiagnostics, plural } from '../report/diagnostic-counts.js';
import { formatDiagnosticLine } from '../report/diagnostics-text.js';
import { junitOfChecks, type CheckResult } from '../report/junit-checks.js';
import { modelSummary } from '../report/model-summary.js';
import { diagnosticCountLine } from '../report/report-sentences.js';
import { composeModelFileList, modelOf } from '../model/load-model.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { validateModel } from '../validate/validate-model.js';
import { EXIT, type CliIo } from './cli-io.js';

/** Options of `rr bazel model`. */
export interface BazelModelOptions {
  /** the rr_model target's label, named in the test's output */
  label: string;
  /** the package directory (execroot-relative), the model's root */
  root: string;
  /** a file listing the model's sources, one execroot-relative path per line */
  srcsFile: string;
  outDir: string;
}

/**
 * Writes model.json (the composed model), check.txt (what the test prints), test.xml (one case per
 * model file) and exit_code (the test's exit code: 0 clean, 1 errors, 2 unreadable).
 */
export async function runBazelModel(options: BazelModelOptions, io: CliIo): Promise<number> {
  const srcs = (await readFile(options.srcsFile, 'utf8')).split('\n').filter((line) => line !== '');
  const composed = await composeModelFileList(options.root, srcs);
  const model = modelOf(composed);
  const diagnostics = validateModel(model);
  const { errors } = countDiagnostics(diagnostics);
  const code = model.unreadable ? EXIT.usage : errors > 0 ? EXIT.errors : EXIT.ok;
  const summary = `${options.label}: ${modelSummary(model)}: ${diagnosticCountLine(diagnostics)}`;
  const text = [...diagnostics.map(formatDiagnosticLine), summary].join('\n') + '\n';

  await mkdir(options.outDir, { recursive: true });
  await writeFile(join(options.outDir, 'model.json'), JSON.stringify(composed));
  await writeFile(
    join(options.outDir, 'diagnostics.json'),
    JSON.stringify({ ok: errors === 0, diagnostics }),
  );
  await writeFile(join(options.outDir, 'check.txt'), text);
  await writeFile(
    join(options.outDir, 'test.xml'),
    junitOfChecks(`rr validate ${options.label}`, fileChecks(srcs, diagnostics)),
  );
  await writeFile(join(options.outDir, 'exit_code'), `${code}\n`);
  io.out(summary + '\n');
  return EXIT.ok;
}

/** One check per model file (failing with its errors), plus one for findings that name no file. */
function fileChecks(srcs: readonly string[], diagnostics: readonly Diagnostic[]): CheckResult[] {
  const names = [...new Set([...srcs, ...diagnostics.map((d) => d.file ?? '')])];
  if (!names.includes('')) names.push('');
  return names.map((file) => {
    const own = diagnostics.filter((d) => (d.file ?? '') === file && d.severity === 'error');
    const name = file === '' ? 'model' : file;
    if (own.length === 0) return { name };
    return {
      name,
      failure: { message: plural(own.length, 'error'), detail: own.map(formatDiagnosticLine).join('\n') },
    };
  });
}
