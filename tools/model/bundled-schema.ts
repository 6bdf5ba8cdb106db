// rr's own JSON Schemas (schemas/), read where they are compiled; a damaged installation says so.
import { readFileSync } from 'node:fs';
import { isJsonObject, parseCheckedJson, shapeOf } from './checked-json.js';
import { schemaPath } from './package-paths.js';

const SCHEMA_OBJECT = shapeOf<Record<string, unknown>>((value) =>
  isJsonObject(value) ? undefined : 'is not a JSON Schema (a JSON object)',
);

/** A bundled JSON Schema by file name, as parsed JSON. */
export function bundledSchema(name: string): Record<string, unknown> {
  return schemaFile(schemaPath(name));
}

/** A JSON Schema file of rr's installation, as parsed JSON. */
export function schemaFile(path: string): Record<string, unknown> {
  return parseCheckedJson(
    readFileSync(path, 'utf8'),
    path,
    SCHEMA_OBJECT,
    'the rr installation is damaged; reinstall it',
  );
}
