// jsonc-parser, loaded on first use: a model of YAML files never reads JSON with it, and loading it was
// a hundredth of a `rr validate` run. Node reads the package as CommonJS whether imported or required
// (its main is a UMD file), so this is the same instance other modules import.
import { createRequire } from 'node:module';

let loaded: typeof import('jsonc-parser') | undefined;

/** jsonc-parser, required synchronously the first time it is asked for. */
export function jsoncPackage(): typeof import('jsonc-parser') {
  loaded ??= createRequire(import.meta.url)('jsonc-parser') as typeof import('jsonc-parser');
  return loaded;
}
