// rr installs and runs without the vendor SDK: it is an optional dependency, loaded at run time only by
// the one dynamic import() of tools/agents/llm/vendor-sdk.ts (a static import would make every command
// fail to start without it), and docs/agents.md says how to install without it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';
import { runtimePackages } from '../bazel-rules/runtime-imports.js';

test('@anthropic-ai/sdk is an optional dependency, never a required one', () => {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  expect(pkg.optionalDependencies?.['@anthropic-ai/sdk']).toMatch(/^\^1\./);
  expect(pkg.dependencies?.['@anthropic-ai/sdk']).toBeUndefined();
  expect(pkg.devDependencies?.['@anthropic-ai/sdk']).toBeUndefined();
});

test('only vendor-sdk.ts loads the SDK at run time, and only with a dynamic import', () => {
  expect(runtimePackages(repoRoot, 'tools').get('@anthropic-ai/sdk')).toEqual([
    'tools/agents/llm/vendor-sdk.ts',
  ]);
  const text = readFileSync(join(repoRoot, 'tools/agents/llm/vendor-sdk.ts'), 'utf8');
  expect(text).not.toMatch(/^import (?!type)[^\n]*'@anthropic-ai\/sdk/m);
  expect(text).toContain("await import('@anthropic-ai/sdk')");
});

test('docs/agents.md says how rr installs and runs without it', () => {
  const text = readFileSync(join(repoRoot, 'docs/agents.md'), 'utf8');
  expect(text).toContain('npm install --omit=optional');
  expect(text).toContain('optional dependency');
});
