// Every doc section cited from code and docs exists: each path to a doc file (with its #anchor or quoted
// section titles) in tools/, viewer/, test/, bench/, ui/, rules/, docs/, schemas/, examples/ and the
// top-level files, and every relative link in a markdown file, names a file that exists and a heading
// (or anchor) it has. A moved or renamed doc or section then fails here, naming each stale citation.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';
import { citationProblem, citationsIn, headingAnchor, sectionsOf } from './doc-citations.js';

const ROOTS = ['tools', 'viewer', 'test', 'bench', 'ui', 'rules', 'docs', 'schemas', 'examples', '.ci'];
const TOP_FILES = ['README.md', 'BUILD.bazel', 'MODULE.bazel', 'WORKSPACE.bazel', 'package.json'];
/** Folders of build output, installed modules and test data (fixtures hold other projects' text). */
const SKIP_DIR = /^(node_modules|dist|\.git|test-artifacts|fixtures|bazel-.*)$/;
/** This test and its finder, whose planted citations name missing docs on purpose. */
const FINDER = new Set(['test/docs/doc-citations.ts', 'test/docs/doc-citations.test.ts']);
/** Screenshots the browser tests write (docs/editor.md links them; they are not committed). */
const GENERATED = /^test-artifacts\//;
const TEXT =
  /\.(ts|mts|cts|js|mjs|cjs|md|json|yaml|yml|bzl|bazel|py|html|css|sh|toml)$|(^|\/)(LICENSE|run|BUILD)$/;

/** The text files of the repository that may cite docs, as '/'-paths from its root. */
function citingFiles(): string[] {
  const out: string[] = [...TOP_FILES];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIR.test(entry.name)) walk(path);
      } else if (TEXT.test(path) && !FINDER.has(path)) out.push(path);
    }
  };
  for (const root of ROOTS) walk(root);
  return out;
}

describe('doc citations', () => {
  it('every cited doc file and section exists', () => {
    const problems: string[] = [];
    let count = 0;
    for (const file of citingFiles()) {
      for (const c of citationsIn(file, readFileSync(join(repoRoot, file), 'utf8'))) {
        count++;
        if (c.candidates.every((p) => GENERATED.test(p))) continue;
        const problem = citationProblem(repoRoot, c);
        if (problem !== undefined) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(500);
  });

  it('every decision record has a number of its own and is listed in its log index, and every index line names a record', () => {
    for (const log of ['docs/decisions', 'viewer/docs/decisions']) {
      const index = readFileSync(join(repoRoot, log, 'README.md'), 'utf8');
      const records = readdirSync(join(repoRoot, log)).filter((f) => /^\d{4}-.+\.md$/.test(f));
      const listed = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]);
      expect(listed.sort(), log).toEqual(records.sort());
      // Numbers are unique, not consecutive: work in parallel takes numbers from ranges of its own.
      const numbers = records.map((record) => record.slice(0, 4));
      expect(
        numbers.filter((n, i) => numbers.indexOf(n) !== i),
        `${log}: numbers used twice`,
      ).toEqual([]);
      records.forEach((record) => {
        const heading = readFileSync(join(repoRoot, log, record), 'utf8').split('\n', 1)[0]!;
        expect(
          heading.startsWith(`# ${record.slice(0, 4)}. `),
          `${log}/${record} starts with its number`,
        ).toBe(true);
      });
    }
  });
});

describe('the citation finder', () => {
  /** A repository of a few docs in a temporary folder, to cite from planted files. */
  function plantedRepo(): string {
    const root = mkdtempSync(join(tmpdir(), 'rr-doc-citations-'));
    mkdirSync(join(root, 'docs/decisions'), { recursive: true });
    mkdirSync(join(root, 'viewer/docs'), { recursive: true });
    writeFileSync(join(root, 'docs/api.md'), '# API\n\n## One-owner conflicts\n\n## Errors (all routes)\n');
    writeFileSync(
      join(root, 'docs/glossary.md'),
      '# Glossary\n\n<a id="target-group"></a>**target group**: …\n',
    );
    writeFileSync(join(root, 'docs/decisions/0001-risk-score.md'), '# 0001. Risk score\n');
    writeFileSync(
      join(root, 'viewer/docs/viewer-api.md'),
      '# Viewer HTTP API\n\n### GET /api/geometry/&lt;sha256&gt;\n',
    );
    return root;
  }
  const problemsOf = (root: string, from: string, text: string) =>
    citationsIn(from, text).map((c) => citationProblem(root, c) ?? 'ok');

  it('passes citations of files, headings, title prefixes and explicit anchors that exist', () => {
    const root = plantedRepo();
    const text = [
      '// (docs/api.md, "One-owner conflicts"); docs/api.md "Errors"; docs/decisions/0001-risk-score.md',
      '// docs/glossary.md, "target group"; docs/api.md#one-owner-conflicts',
    ].join('\n');
    expect(problemsOf(root, 'tools/x.ts', text)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
  });

  it('fails a cited file that does not exist, naming the citing file and line', () => {
    const root = plantedRepo();
    expect(problemsOf(root, 'tools/x.ts', '// one\n// docs/decisions.md, "Risk score"')).toEqual([
      'tools/x.ts:2: docs/decisions.md: no such file (looked for docs/decisions.md)',
    ]);
  });

  it('fails a cited section or anchor the file does not have', () => {
    const root = plantedRepo();
    expect(problemsOf(root, 'tools/x.ts', '// docs/api.md, "Security"; docs/api.md#security')).toEqual([
      'tools/x.ts:1: docs/api.md: docs/api.md has no section "Security"',
      'tools/x.ts:1: docs/api.md#security: docs/api.md has no heading or anchor "security"',
    ]);
    // A title is a whole heading or its start up to a word's end, not any prefix.
    expect(problemsOf(root, 'tools/x.ts', '// docs/api.md, "One-owner conf"')[0]).toContain('no section');
  });

  it('reads a title that wraps over comment lines, and each title of a list', () => {
    const root = plantedRepo();
    const text = '// (docs/api.md, "One-owner\n// conflicts", "Errors", "Gone").';
    expect(citationsIn('tools/x.ts', text)[0]!.titles).toEqual(['One-owner conflicts', 'Errors', 'Gone']);
    expect(problemsOf(root, 'tools/x.ts', text)).toEqual([
      'tools/x.ts:1: docs/api.md: docs/api.md has no section "Gone"',
    ]);
  });

  it('resolves docs/ in viewer/ files against viewer/ first, then the root', () => {
    const root = plantedRepo();
    const text = '// docs/viewer-api.md, "GET /api/geometry/<sha256>"; docs/api.md "Errors"; docs/nothing.md';
    expect(problemsOf(root, 'viewer/src/x.ts', text)).toEqual([
      'ok',
      'ok',
      'viewer/src/x.ts:1: docs/nothing.md: no such file (looked for viewer/docs/nothing.md, docs/nothing.md)',
    ]);
    expect(problemsOf(root, 'tools/x.ts', '// docs/viewer-api.md')[0]).toContain('no such file');
  });

  it('checks relative markdown links against the linking file, with their anchors', () => {
    const root = plantedRepo();
    const text = [
      'See [api](api.md#errors-all-routes), [the risk score](decisions/0001-risk-score.md),',
      '[viewer](../viewer/docs/viewer-api.md#get-apigeometrysha256), [x](https://example.com/docs/a.md),',
      '[gone](decisions.md), [bad anchor](api.md#nope) and [here](#api).',
    ].join('\n');
    expect(problemsOf(root, 'docs/guide.md', text)).toEqual([
      'ok',
      'ok',
      'ok',
      'docs/guide.md:3: decisions.md: no such file (looked for docs/decisions.md)',
      'docs/guide.md:3: api.md#nope: docs/api.md has no heading or anchor "nope"',
      'docs/guide.md:3: guide.md: no such file (looked for docs/guide.md)',
    ]);
  });

  it('makes anchors as GitHub does, numbering repeated headings', () => {
    expect(headingAnchor('GET /api/state?lane=&since=&run=')).toBe('get-apistatelanesincerun');
    expect(headingAnchor('Reading model files fast (the first run)')).toBe(
      'reading-model-files-fast-the-first-run',
    );
    const sections = sectionsOf('# A\n\n## Errors\n\n```\n## not a heading\n```\n\n## Errors\n');
    expect([...sections.anchors]).toEqual(['a', 'errors', 'errors-1']);
  });
});
