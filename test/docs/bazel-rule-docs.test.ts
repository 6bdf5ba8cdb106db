// docs/bazel.md documents every public rule, macro, provider and attribute of rules/ with its default,
// as bazel-lib's generated docs and their diff tests keep theirs: read from the .bzl files themselves.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';
import { ruleDocProblems } from './rules-doc-check.js';
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
      ruleDocProblems(api, await readFile(join(fixture, 'documented.md'), 'utf8'), 'documented.md'),
    ).toEqual([]);
    expect(
      ruleDocProblems(api, await readFile(join(fixture, 'undocumented.md'), 'utf8'), 'undocumented.md'),
    ).toEqual([
      'undocumented.md: pack: attribute `level`: the default column shows "`9`", the rule says 6',
      'undocumented.md: pack: attribute `strip` (default False) is not in the table under "pack"',
    ]);
  });

  it('fails on a stale row: an attribute, rule, provider or field the package no longer has', async () => {
    const api = await readRulesApi(fixture, ['rules/defs.bzl']);
    expect(ruleDocProblems(api, await readFile(join(fixture, 'stale.md'), 'utf8'), 'stale.md')).toEqual([
      'stale.md: "pack": attribute `compress` is documented, but pack has no such attribute',
      'stale.md: "unpack" has an attribute table, but its heading names no rule or macro of the package',
      'stale.md: provider `PackInfo`: field `size` is listed, but the provider has no such field',
      'stale.md: provider `UnpackInfo` has a row, but the package has no such provider',
    ]);
  });

  it('in a table shared by several rules, each row says which of them it applies to', async () => {
    const api = await readRulesApi(fixture, ['rules/defs.bzl']);
    expect(ruleDocProblems(api, await readFile(join(fixture, 'shared.md'), 'utf8'), 'shared.md')).toEqual([
      'shared.md: "pack, pack_tool": attribute `level` is an attribute of pack only; the row must say so ("`pack` only")',
      'shared.md: "pack, pack_tool": attribute `strip` says "`pack_tool` only", but it is an attribute of pack',
      'shared.md: "pack, pack_tool": attribute `verbose` is documented, but pack, pack_tool has no such attribute',
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
        'rr_publish',
        'rr_test_sources_aspect',
        'rr_verification_set',
        'rr_viewer',
      ].sort(),
    );
    const doc = await readFile(join(repoRoot, 'docs/bazel.md'), 'utf8');
    expect(ruleDocProblems(api, doc, 'docs/bazel.md')).toEqual([]);
    // The same page with a row gone stale in the table rr_editor and rr_cli share.
    const row = '| `evidence_dir` |';
    expect(doc).toContain(row);
    const stale = doc.replace(row, `| \`port\` | \`8080\` | \`rr_editor\` only: the port |\n${row}`);
    expect(ruleDocProblems(api, stale, 'docs/bazel.md')).toEqual([
      'docs/bazel.md: "rr_editor, rr_cli": attribute `port` is documented, but rr_editor, rr_cli has no such attribute',
    ]);
  });

  it('names every scheduling tag a verification set passes on to the action running a test', async () => {
    const aspect = await readFile(join(repoRoot, 'rules/private/test_sources_aspect.bzl'), 'utf8');
    const list = /^_SCHEDULING_TAGS = \[([^\]]*)\]/m.exec(aspect)?.[1] ?? '';
    const tags = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    expect(tags).toContain('no-remote-cache-upload');
    const doc = await readFile(join(repoRoot, 'docs/bazel.md'), 'utf8');
    const paragraph = doc.split('\n\n').find((p) => p.startsWith('**Tests run in build actions.**')) ?? '';
    const named = new Set([...paragraph.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
    expect(tags.filter((tag) => !named.has(tag))).toEqual([]);
  });
});
