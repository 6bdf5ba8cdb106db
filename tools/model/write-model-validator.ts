// Build step: writes the model schema's precompiled validator beside the compiled
// model-schema-validator.js, so no run compiles the schema (see model-schema-validator.ts).
// `npm run build` runs it with no argument (it writes the file beside itself); Bazel's build
// (BUILD.bazel, js_run_binary) runs it with `--stdout` and declares the printed module as its output.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRECOMPILED_VALIDATOR, precompiledValidatorSource } from './model-schema-validator.js';
import { modelSchema } from './schema-check.js';

const source = precompiledValidatorSource(modelSchema());
if (process.argv[2] === '--stdout') process.stdout.write(source);
else writeFileSync(join(dirname(fileURLToPath(import.meta.url)), PRECOMPILED_VALIDATOR), source);
