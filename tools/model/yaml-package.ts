// The yaml package, loaded on first use: model files rr's own readers read (plain block YAML, strict
// JSON) never need it, and loading its seventy modules was a twentieth of a `rr validate` run.
// Node reads the package as CommonJS whether imported or required (its exports name one file for
// node), so this is the same instance other modules import.
import { createRequire } from 'node:module';

let loaded: typeof import('yaml') | undefined;

/** The yaml package, required synchronously the first time it is asked for. */
export function yamlPackage(): typeof import('yaml') {
  loaded ??= createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return loaded;
}
