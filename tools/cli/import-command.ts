// `rr import strictdoc|doorstop|reqif SOURCE --out DIR`: another tool's requirements as a new rr model
// folder, its report printed and written beside it, and the new model validated (docs/import-export.md).
import type { Command } from 'commander';
import { countDiagnostics, plural } from '../report/diagnostic-counts.js';
import { ImportInputError } from '../import/imported-model/import-error.js';
import type { ImportedModel } from '../import/imported-model/imported-model.js';
import { parseKindChoices } from '../import/imported-model/kind-choice.js';
import { OutputFolderError } from '../import/imported-model/model-writer.js';
import { writeImport } from '../import/imported-model/write-import.js';
import { MappingFileError } from '../import/reqif/reqif-mapping.js';
import { loadModel } from '../model/load-model.js';
import { validateModel } from '../validate/validate-model.js';
import { EXIT, type CliIo } from './cli-io.js';

interface ImportOptions {
  out: string;
  kind?: string[];
  map?: string;
}

/** Adds `rr import strictdoc`, `rr import doorstop` and `rr import reqif`. */
export function addImportCommand(rr: Command, io: CliIo, result: { code: number }): void {
  const imports = rr
    .command('import')
    .description("import another tool's requirements as a new rr model folder");
  const collect = (value: string, previous: string[]) => [...previous, value];
  imports
    .command('strictdoc')
    .description('StrictDoc .sdoc documents and .sgra grammars')
    .argument('<path>', 'a .sdoc file or a folder of them')
    .requiredOption('--out <dir>', 'new or empty folder for the model')
    .option('--kind <TAG=KIND>', 'the rr kind (or skip) of an element tag (repeatable)', collect, [])
    .action(async (path: string, options: ImportOptions) => {
      // Loaded on use: compiling the StrictDoc grammar costs every other command nothing.
      const { importStrictdoc } = await import('../import/strictdoc/strictdoc-import.js');
      result.code = await runImport(io, options, () =>
        importStrictdoc(path, { kinds: parseKindChoices(options.kind ?? []) }),
      );
    });
  imports
    .command('doorstop')
    .description('a Doorstop tree: documents (.doorstop.yml) and their items')
    .argument('<tree>', 'the folder holding the documents')
    .requiredOption('--out <dir>', 'new or empty folder for the model')
    .option('--kind <PREFIX=KIND>', 'the rr kind (or skip) of a document (repeatable)', collect, [])
    .action(async (tree: string, options: ImportOptions) => {
      const { importDoorstop } = await import('../import/doorstop/doorstop-import.js');
      result.code = await runImport(io, options, () =>
        importDoorstop(tree, { kinds: parseKindChoices(options.kind ?? []) }),
      );
    });
  imports
    .command('reqif')
    .description('a ReqIF file')
    .argument('<file>', 'the .reqif file')
    .requiredOption('--out <dir>', 'new or empty folder for the model')
    .option('--map <file>', 'mapping file (YAML or JSON) naming kinds, fields and relations')
    .action(async (file: string, options: ImportOptions) => {
      const { importReqif } = await import('../import/reqif/reqif-import.js');
      result.code = await runImport(io, options, () => importReqif(file, { mapFile: options.map }));
    });
}

/** Reads, writes and validates; bad input or an unusable --out is exit 2 with one clear line. */
async function runImport(
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
