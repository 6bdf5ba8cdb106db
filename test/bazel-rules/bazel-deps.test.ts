// Bazel builds rr from BUILD.bazel's ts_project and js_binary, which see only the npm packages listed
// as their deps and only those pinned in pnpm-lock.yaml. A package tools/ loads at run time but that
// BUILD.bazel leaves out builds with npm and fails under Bazel; this catches it without running Bazel.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PRECOMPILED_SCHEMAS, precompiledValidatorFile } from '../../tools/model/precompiled-validator.js';
import { repoRoot } from '../cli/run-cli.js';
import { runtimePackages, runtimeSpecifiers } from './runtime-imports.js';

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

describe('BUILD.bazel and pnpm-lock.yaml', () => {
  const used = runtimePackages(repoRoot, 'tools');
  const build = read('BUILD.bazel');
  const lock = parse(read('pnpm-lock.yaml')) as {
    importers: Record<
      string,
      { dependencies?: Record<string, unknown>; optionalDependencies?: Record<string, unknown> }
    >;
  };
  const missing = (known: Set<string>) =>
    [...used]
      .filter(([name]) => !known.has(name))
      .map(([name, files]) => `${name} (loaded by ${files.join(', ')})`)
      .sort();

  it('give the ts_project or the js_binary every npm package tools/ loads at run time', () => {
    const deps = new Set([
      ...linkedPackages(ruleCall(build, 'ts_project')),
      ...linkedPackages(ruleCall(build, 'js_binary', 'rr')),
    ]);
    expect(missing(deps)).toEqual([]);
  });

  it('pin every such package as a dependency or an optional one (not a devDependency) in pnpm-lock.yaml', () => {
    const root = lock.importers['.'];
    const pinned = { ...root?.dependencies, ...root?.optionalDependencies };
    expect(missing(new Set(Object.keys(pinned)))).toEqual([]);
  });

  it('find what tools/ loads: packages and subpaths, but no type-only import or Node built-in', () => {
    expect(used.has('yaml')).toBe(true);
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
    ].join('\n');
    expect(runtimeSpecifiers('example.ts', source)).toEqual([
      '@scope/pkg/sub',
      'reexported',
      'side-effect',
      'lazy',
    ]);
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
