// docs/bazel.md documents every public rule, macro, provider and attribute of rules/ with its default,
// as bazel-lib's generated docs and their diff tests keep theirs: read from the .bzl files themselves.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';
import { undocumented } from './rules-doc-check.js';
import { readRulesApi } from './starlark/rules-api.js';

const fixture = join(repoRoot, 'test/docs/fixtures/rules-doc');

describe('rule docs kept current', () => {
  it('reads the API behind defs.bzl: macros with forwarded rule attributes, rules, providers', async () => {
    const api = await readRulesApi(fixture, ['rules/defs.bzl']);
    expect(api).toEqual([
      {
        kind: 'macro',
        name: 'pack',
        attributes: [
          { name: 'name', default: 'required' },
          { name: 'srcs', default: 'required' },
          { name: 'level', default: '6' },
          // Through **kwargs: what the macro does not set itself.
          { name: 'packer', default: '//tools:packer' },
          { name: 'strip', default: 'False' },
        ],
      },
      { kind: 'rule', name: 'pack_tool', attributes: [{ name: 'packer', default: '//tools:packer' }] },
      { kind: 'provider', name: 'PackInfo', fields: ['archive', 'count'] },
    ]);
  });

  it('fails on an undocumented attribute and on a wrong default, naming them', async () => {
    const api = await readRulesApi(fixture, ['rules/defs.bzl']);
    expect(
      undocumented(api, await readFile(join(fixture, 'documented.md'), 'utf8'), 'documented.md'),
    ).toEqual([]);
    expect(
      undocumented(api, await readFile(join(fixture, 'undocumented.md'), 'utf8'), 'undocumented.md'),
    ).toEqual([
      'undocumented.md: pack: attribute `level`: the default column shows "`9`", the rule says 6',
      'undocumented.md: pack: attribute `strip` (default False) is not in the table under "pack"',
    ]);
  });

  it('passes on rules/ and docs/bazel.md', async () => {
    const api = await readRulesApi(repoRoot, ['rules/defs.bzl', 'rules/repositories.bzl']);
    // The reader found the whole public API, not a part of it.
    expect(api.map((s) => s.name).sort()).toEqual(
      [
        'RrCheckInfo',
        'RrModelInfo',
        'RrTestSourcesInfo',
        'RrVerificationSetInfo',
        'rr_cli',
        'rr_editor',
        'rr_local_node_repository',
        'rr_model',
        'rr_test_sources_aspect',
        'rr_verification_set',
        'rr_viewer',
      ].sort(),
    );
    const doc = await readFile(join(repoRoot, 'docs/bazel.md'), 'utf8');
    expect(undocumented(api, doc, 'docs/bazel.md')).toEqual([]);
  });
});
