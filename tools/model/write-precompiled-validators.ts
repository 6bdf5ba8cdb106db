// Build step: writes the precompiled validator of each schema in PRECOMPILED_SCHEMAS beside the compiled
// precompiled-validator.js, so no run compiles them (see precompiled-validator.ts). `npm run build` runs
// it with no argument (it writes every file beside itself); Bazel's build (BUILD.bazel, one js_run_binary
// per schema) runs it with `--stdout SCHEMA` and declares the printed module as the action's output.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledSchema } from './bundled-schema.js';
import {
  PRECOMPILED_SCHEMAS,
  precompiledValidatorFile,
  precompiledValidatorSource,
  type PrecompiledSchema,
} from './precompiled-validator.js';

const [flag, only] = process.argv.slice(2);
if (flag === '--stdout') {
  if (!(PRECOMPILED_SCHEMAS as readonly string[]).includes(only ?? '')) {
    process.stderr.write(
      `usage: write-precompiled-validators.js [--stdout ${PRECOMPILED_SCHEMAS.join('|')}]\n`,
    );
    process.exit(2);
  }
  process.stdout.write(precompiledValidatorSource(bundledSchema(only!)));
} else {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const name of PRECOMPILED_SCHEMAS as readonly PrecompiledSchema[])
    writeFileSync(
      join(here, precompiledValidatorFile(name)),
      precompiledValidatorSource(bundledSchema(name)),
    );
}
