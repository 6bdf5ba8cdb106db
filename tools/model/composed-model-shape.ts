// The shape of the composed model rr writes and reads back (schemas/composed-model.schema.json): rr_model's
// model.json, and one file's entry in the compose cache. Compiled once per thread, on first use.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { bundledSchema } from './bundled-schema.js';
import { schemaShape, type JsonShape } from './checked-json.js';
import type { ComposedFile } from './compose-file.js';
import type { ComposedModel } from './load-model.js';

const SCHEMA = 'composed-model.schema.json';

let ajv: Ajv2020 | undefined;

function compiled<T>(pointer: string): ValidateFunction<T> {
  if (ajv === undefined) {
    ajv = new Ajv2020({ strict: true });
    ajv.addSchema(bundledSchema(SCHEMA), SCHEMA);
  }
  const validate = ajv.getSchema<T>(`${SCHEMA}${pointer}`);
  if (validate === undefined) throw new Error(`rr: schemas/${SCHEMA} has no ${pointer}; reinstall rr`);
  return validate;
}

let model: JsonShape<ComposedModel> | undefined;
let file: JsonShape<ComposedFile> | undefined;

/** A whole composed model (model.json). */
export function composedModelShape(): JsonShape<ComposedModel> {
  return (model ??= schemaShape(compiled<ComposedModel>('')));
}

/** One composed file (a compose cache entry). */
export function composedFileShape(): JsonShape<ComposedFile> {
  return (file ??= schemaShape(compiled<ComposedFile>('#/$defs/composedFile')));
}
