// `rr import`'s work once a source is read: the new model folder written, its report printed, the model
// validated (docs/import-export.md). Loaded only when `rr import` runs (import-command.ts).
import { countDiagnostics, plural } from '../report/diagnostic-counts.js';
import { ImportInputError } from '../import/imported-model/import-error.js';
import type { ImportedModel } from '../import/imported-model/imported-model.js';
import { OutputFolderError } from '../import/imported-model/model-writer.js';
import { writeImport } from '../import/imported-model/write-import.js';
import { MappingFileError } from '../import/reqif/reqif-mapping.js';
import { loadModel } from '../model/load-model.js';
import { validateModel } from '../validate/validate-model.js';
import { EXIT, type CliIo } from './cli-io.js';
import type { ImportOptions } from './import-command.js';

/** Reads, writes and validates; bad input or an unusable --out is exit 2 with one clear line. */
export async function runImport(
  io: CliIo,
  options: ImportOptions,
  read: () => ImportedModel | Promise<ImportedModel>,
): Promise<number> {
  let summary: string;
  try {
    summary = await writeImport(options.out, await read());
  } catch (error) {
    if (
      error instanceof ImportInputError ||
      error instanceof OutputFolderError ||
      error instanceof MappingFileError ||
      (error instanceof Error && error.message.startsWith('--kind'))
    ) {
      io.err(`rr import: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  io.out(summary);
  const model = await loadModel(options.out);
  const { errors, warnings } = countDiagnostics(validateModel(model));
  io.out(
    `rr validate ${options.out}: ${model.entities.length} entities, ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`,
  );
  return EXIT.ok;
}
