// Validate functions of rr's bundled schemas. Compiling a schema with ajv costs more than reading a large
// model with the block reader (about 0.4 s idle for the model schema, 0.1–0.2 s for the records'), so the
// build writes ajv's standalone code for each schema every model load or report needs beside this module
// (write-precompiled-validators.ts; `npm run build`, and a js_run_binary action in BUILD.bazel); a run
// loads that instead of compiling, when it was written for the same schema and ajv. Anywhere it is
// missing (run from sources, an installation that skipped it) or stale, the schema is compiled as
// before: the same validator either way.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Ajv2020 as Ajv, ValidateFunction } from 'ajv/dist/2020.js';

/** The bundled schemas whose validators the build precompiles: the model's and the evidence records'. */
export const PRECOMPILED_SCHEMAS = ['model.schema.json', 'record.schema.json'] as const;

/** A schema the build precompiles, by its file name under schemas/. */
export type PrecompiledSchema = (typeof PRECOMPILED_SCHEMAS)[number];

/** The file name of a schema's precompiled validator, beside this module. */
export function precompiledValidatorFile(name: PrecompiledSchema): string {
  return `${name.replace(/\.schema\.json$/, '')}-schema-validator.generated.cjs`;
}

const OPTIONS = { allErrors: true, strict: true } as const;

const require = createRequire(import.meta.url);

type Standalone = (ajv: Ajv, validate: ValidateFunction) => string;

/**
 * ajv's compiler, loaded on first use: loading it costs about 80 ms, which a run that finds its
 * validators precompiled does not pay (their code needs only ajv's small runtime modules).
 */
function ajvCompiler(options: Record<string, unknown>): Ajv {
  const { Ajv2020 } = require('ajv/dist/2020.js') as { Ajv2020: new (o: Record<string, unknown>) => Ajv };
  return new Ajv2020(options);
}

/** What the precompiled code depends on: the schema and the ajv version that generated it. */
function digestOf(schema: Record<string, unknown>): string {
  const ajv = (require('ajv/package.json') as { version: string }).version;
  return createHash('sha256').update(`ajv ${ajv}\0`).update(JSON.stringify(schema)).digest('hex');
}

/**
 * The validate function of the bundled schema `name`, whose content is `schema`: precompiled when a
 * build wrote it for this content, else compiled now.
 */
export function schemaValidator<T = unknown>(
  name: PrecompiledSchema,
  schema: Record<string, unknown>,
): ValidateFunction<T> {
  try {
    // trusted: the module is rr's own build output; its digest says which schema it validates.
    const precompiled = require(`./${precompiledValidatorFile(name)}`) as ValidateFunction<T> & {
      digest?: string;
    };
    if (precompiled.digest === digestOf(schema)) return precompiled;
  } catch {
    // Not built (run from sources): compile.
  }
  return ajvCompiler(OPTIONS).compile<T>(schema);
}

/** A CommonJS module exporting the schema's validate function and the digest it was generated for. */
export function precompiledValidatorSource(schema: Record<string, unknown>): string {
  const ajv = ajvCompiler({ ...OPTIONS, code: { source: true } });
  // ajv's standalone module is CommonJS whose module.exports is the function itself.
  const standaloneCode = require('ajv/dist/standalone/index.js') as Standalone;
  const code = standaloneCode(ajv, ajv.compile(schema));
  return `${code}\nmodule.exports.digest = ${JSON.stringify(digestOf(schema))};\n`;
}
