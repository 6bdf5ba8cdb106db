// The last step of every import: the config the data needs, then the model files and the report,
// written all at once.
import { dataConfig } from './data-config.js';
import { importedEntities, type ImportedModel } from './imported-model.js';
import {
  CONFIG_FILE,
  REPORT_FILE,
  configFileText,
  sectionsDocumentText,
  writeModelFolder,
} from './model-writer.js';

/** Writes the imported model into `out` (new or empty) and returns the printed summary. */
export async function writeImport(out: string, model: ImportedModel): Promise<string> {
  const entities = importedEntities(model);
  const { config, reasons } = dataConfig(entities, model.leftOutIds);
  model.report.config.push(...reasons);
  const files = new Map<string, string>();
  files.set(CONFIG_FILE, configFileText(model.project, config, `Imported by rr from ${model.report.format}`));
  for (const file of model.files) {
    if (file.entities.length > 0) files.set(file.path, sectionsDocumentText(file));
  }
  model.report.note(
    `wrote ${entities.length} entities in ${files.size - 1} files and the config in ${CONFIG_FILE}`,
  );
  files.set(REPORT_FILE, model.report.markdown());
  await writeModelFolder(out, files);
  return model.report.summary(out, `${out}/${REPORT_FILE}`);
}
