// Build step (`npm run build`): writes the model schema's precompiled validator beside the compiled
// model-schema-validator.js, so no run compiles the schema (see model-schema-validator.ts).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRECOMPILED_VALIDATOR, precompiledValidatorSource } from './model-schema-validator.js';
import { modelSchema } from './schema-check.js';

const target = join(dirname(fileURLToPath(import.meta.url)), PRECOMPILED_VALIDATOR);
writeFileSync(target, precompiledValidatorSource(modelSchema()));
