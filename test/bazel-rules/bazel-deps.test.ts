// Bazel builds rr and the viewer from BUILD.bazel's ts_projects and js_binaries, which see only the npm
// packages listed as their deps and only those pinned in pnpm-lock.yaml. A package tools/ (or
// viewer/src) loads at run time, or reads only types from, but that BUILD.bazel leaves out builds with
// npm, where every package sits in node_modules, and fails under Bazel's sandbox; this catches it
// without running Bazel (docs/decisions/0206-build-bazel-lists-the-packages-types-come-from.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PRECOMPILED_SCHEMAS, precompiledValidatorFile } from '../../tools/model/precompiled-validator.js';
import { repoRoot } from '../cli/run-cli.js';
import { runtimePackages, runtimeSpecifiers } from './runtime-imports.js';
import { typePackages, typeSpecifiers } from './type-imports.js';

const read = (name: string) => readFileSync(join(repoRoot, name), 'utf8');

/** The text of every call of a rule (`ts_project(...)`), each to its closing parenthesis, in file order. */
function ruleCalls(build: string, rule: string): string[] {
  const calls: string[] = [];
  for (let start = build.indexOf(`\n${rule}(`); start >= 0; start = build.indexOf(`\n${rule}(`, start + 1)) {
    let depth = 0;
    let quoted = false;
    let end = -1;
    for (let i = build.indexOf('(', start); i < build.length && end < 0; i++) {
      const ch = build[i];
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch === '(') depth++;
      else if (!quoted && ch === ')' && --depth === 0) end = i;
    }
    if (end < 0) throw new Error(`${rule}( in BUILD.bazel is never closed`);
    calls.push(build.slice(start, end + 1));
  }
  return calls;
}

/** The text of the first call of a rule, or of the one with `name = "<name>"`. */
function ruleCall(build: string, rule: string, name?: string): string {
  const call = ruleCalls(build, rule).find((c) => name === undefined || c.includes(`name = "${name}"`));
  if (!call) throw new Error(`BUILD.bazel has no ${rule}${name ? ` named ${name}` : ''}`);
  return call;
}

/** The npm packages a rule call names as `:node_modules/<package>` labels. */
function linkedPackages(call: string): Set<string> {
  return new Set([...call.matchAll(/":node_modules\/((?:@[^/"]+\/)?[^/"]+)"/g)].map((m) => m[1]!));
}

type Lock = {
  importers: Record<
    string,
    Partial<Record<'dependencies' | 'optionalDependencies' | 'devDependencies', object>>
  >;
};

/** The packages of `used` that `known` lacks, each with the files that use it. */
function missingFrom(used: Map<string, string[]>, known: Set<string>): string[] {
  return [...used]
    .filter(([name]) => !known.has(name))
    .map(([name, files]) => `${name} (used by ${files.join(', ')})`)
    .sort();
}

/** The packages a pnpm-lock.yaml importer pins, of the given kinds. */
function pinned(lock: Lock, importer: string, kinds: (keyof Lock['importers'][string])[]): Set<string> {
  const entry = lock.importers[importer] ?? {};
  return new Set(kinds.flatMap((kind) => Object.keys(entry[kind] ?? {})));
}

const PRODUCTS = [
  { sources: 'tools', tsconfig: 'tsconfig.build.json', project: 'tools', binary: 'rr', importer: '.' },
  {
    sources: 'viewer/src',
    tsconfig: 'viewer/tsconfig.build.json',
    project: 'viewer_tools',
    binary: 'rr_viewer',
    importer: 'viewer',
  },
];

describe.each(PRODUCTS)('BUILD.bazel and pnpm-lock.yaml for the sources in $sources', (product) => {
  const runtime = runtimePackages(repoRoot, product.sources);
  const types = typePackages(repoRoot, product.sources, product.tsconfig);
  const build = read('BUILD.bazel');
  const lock = parse(read('pnpm-lock.yaml')) as Lock;

  it(`give the ts_project ${product.project} or the js_binary ${product.binary} every npm package loaded at run time`, () => {
    const deps = new Set([
      ...linkedPackages(ruleCall(build, 'ts_project', product.project)),
      ...linkedPackages(ruleCall(build, 'js_binary', product.binary)),
    ]);
    expect(missingFrom(runtime, deps)).toEqual([]);
  });

  it(`give the ts_project ${product.project} every npm package it reads types from, type-only imports included`, () => {
    expect(types.size).toBeGreaterThan(3);
    expect(missingFrom(types, linkedPackages(ruleCall(build, 'ts_project', product.project)))).toEqual([]);
  });

  it('pin every package loaded at run time as a dependency or an optional one (not a devDependency)', () => {
    expect(
      missingFrom(runtime, pinned(lock, product.importer, ['dependencies', 'optionalDependencies'])),
    ).toEqual([]);
  });

  it('pin every package types are read from, in its own package or in the workspace root', () => {
    const all = ['dependencies', 'optionalDependencies', 'devDependencies'] as const;
    const known = new Set([...pinned(lock, product.importer, [...all]), ...pinned(lock, '.', [...all])]);
    expect(missingFrom(types, known)).toEqual([]);
  });
});

describe('the import finders', () => {
  const source = [
    "import type { A } from 'only-types';",
    "import { type B, type C } from 'inline-types';",
    "export type { D } from 'reexported-types';",
    "import { join } from 'node:path';",
    "import { readFile } from 'fs';",
    "import { local } from './local.js';",
    "import { value, type E } from '@scope/pkg/sub';",
    "export { F } from 'reexported';",
    "import 'side-effect';",
    "const lazy = () => import('lazy');",
    "let yaml: typeof import('type-of-import') | undefined;",
  ].join('\n');

  it('find what tools/ loads: packages and subpaths, but no type-only import or Node built-in', () => {
    expect(runtimePackages(repoRoot, 'tools').has('yaml')).toBe(true);
    expect(runtimeSpecifiers('example.ts', source)).toEqual([
      '@scope/pkg/sub',
      'reexported',
      'side-effect',
      'lazy',
    ]);
  });

  it('find every package types are read from, type-only imports and built-ins included', () => {
    expect(typeSpecifiers('example.ts', source)).toEqual([
      'only-types',
      'inline-types',
      'reexported-types',
      'node:path',
      'fs',
      '@scope/pkg/sub',
      'reexported',
      'side-effect',
      'lazy',
      'type-of-import',
    ]);
  });

  it('name the package that supplies the types, as tsc resolves it', () => {
    const types = typePackages(repoRoot, 'tools', 'tsconfig.build.json');
    expect(types.get('@types/sarif')).toContain('tools/report/diagnostics-sarif.ts');
    expect(types.get('vitest')).toContain('tools/vitest/junit-reporter.ts');
    expect(types.get('@types/node')?.length).toBeGreaterThan(10);
    expect(types.has('sarif')).toBe(false);
  });
});

describe('BUILD.bazel and the precompiled schema validators', () => {
  const build = read('BUILD.bazel');

  it.each(PRECOMPILED_SCHEMAS)(
    'runs the writer for %s in a build action and gives rr its output beside the compiled module',
    (schema) => {
      // As `npm run build` does: without it a Bazel-built rr would compile the schema on every run.
      const out = `dist/tools/model/${precompiledValidatorFile(schema)}`;
      const action = ruleCalls(build, 'js_run_binary').find((c) => c.includes(`stdout = "${out}"`));
      expect(action, `a js_run_binary with stdout = "${out}"`).toBeDefined();
      const name = /name = "([^"]+)"/.exec(action!)?.[1];
      const tool = /tool = ":([^"]+)"/.exec(action!)?.[1];
      expect(action).toMatch(
        new RegExp(`args = \\[\\s*"--stdout",\\s*"${schema.replace(/\./g, '\\.')}",?\\s*\\]`),
      );
      expect(ruleCall(build, 'js_binary', tool)).toContain(
        'entry_point = "dist/tools/model/write-precompiled-validators.js"',
      );
      expect(ruleCall(build, 'js_binary', 'rr')).toContain(`":${name}"`);
      // The compiled modules land under the ts_project's out_dir, where the action writes.
      expect(ruleCall(build, 'ts_project')).toContain('out_dir = "dist"');
    },
  );
});
