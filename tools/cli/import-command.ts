// `rr import strictdoc|doorstop|reqif SOURCE --out DIR`: another tool's requirements as a new rr model
// folder, its report printed and written beside it, and the new model validated (docs/import-export.md).
import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';

/** Options of `rr import`'s commands. */
export interface ImportOptions {
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
      const { runImport } = await import('./import-run.js');
      const { parseKindChoices } = await import('../import/imported-model/kind-choice.js');
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
      const { runImport } = await import('./import-run.js');
      const { parseKindChoices } = await import('../import/imported-model/kind-choice.js');
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
      const { runImport } = await import('./import-run.js');
      result.code = await runImport(io, options, () => importReqif(file, { mapFile: options.map }));
    });
}
