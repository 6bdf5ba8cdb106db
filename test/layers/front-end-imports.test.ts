// No front end imports another (README.md, "Layout"): the CLI and the editor meet only in tools/app, the
// application layer both use (the model session, case moves, semantic diff, the risk and entity views,
// refusals as codes), and the CLI starts the editor server (`rr serve`) without reaching into it. tools/app
// speaks no HTTP: it refuses with codes, and the editor maps them to statuses. A scan of the import
// statements of the TypeScript sources; a planted import shows that the scan fails.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every .ts file below some folders of the repository, by path from its root, with its text. */
function sources(...folders: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const folder of folders)
    for (const name of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }))
      if (name.endsWith('.ts')) {
        const path = relative(ROOT, join(ROOT, folder, name))
          .split('\\')
          .join('/');
        out.set(path, readFileSync(join(ROOT, path), 'utf8'));
      }
  return out;
}

/** What a module imports (static, type-only, re-exported and dynamic), as paths from the repository root. */
function importsOf(path: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.flatMap((s) => {
    if (s.startsWith('.')) return [posix.normalize(posix.join(dirname(path), s))];
    if (s.startsWith('rules-rr/core/')) return [`tools/${s.slice('rules-rr/core/'.length)}`];
    if (s === 'fastify' || s.startsWith('@fastify/')) return [`npm:${s}`];
    return [];
  });
}

/** "module → import" for each import of a module below `from` that lands below `into`. */
function crossings(files: ReadonlyMap<string, string>, from: string, into: string): string[] {
  return [...files]
    .filter(([path]) => path.startsWith(`${from}/`))
    .flatMap(([path, text]) =>
      importsOf(path, text)
        .filter((target) => target.startsWith(into))
        .map((target) => `${path} → ${target}`),
    )
    .sort();
}

// The one import of the editor the CLI has: `rr serve` builds the editor server and listens.
const SERVE = 'tools/cli/serve-command.ts → tools/editor/editor-server.js';

describe('the CLI and the editor meet only in tools/app', () => {
  const files = sources('tools', 'ui/editor/src');

  it('the CLI imports nothing of the editor but the server it starts', () => {
    expect(crossings(files, 'tools/cli', 'tools/editor/')).toEqual([SERVE]);
  });

  it('the editor (server and page) imports nothing of the CLI', () => {
    expect(crossings(files, 'tools/editor', 'tools/cli/')).toEqual([]);
    expect(crossings(files, 'ui/editor/src', 'tools/cli/')).toEqual([]);
  });

  it('tools/app imports no front end and no HTTP: it refuses with codes, not statuses', () => {
    for (const below of ['tools/cli/', 'tools/editor/', 'tools/http/', 'ui/', 'npm:'])
      expect(crossings(files, 'tools/app', below)).toEqual([]);
  });

  it('both front ends use tools/app (the session, the worksheet, case moves, views)', () => {
    expect(crossings(files, 'tools/cli', 'tools/app/')).toEqual(
      expect.arrayContaining([
        'tools/cli/cases-worksheet.ts → tools/app/model-session.js',
        'tools/cli/cases-worksheet.ts → tools/app/worksheet-apply.js',
      ]),
    );
    expect(crossings(files, 'tools/editor', 'tools/app/')).toEqual(
      expect.arrayContaining([
        'tools/editor/routes/case-routes.ts → tools/app/case-move-save.js',
        'tools/editor/routes/entity-routes.ts → tools/app/risk-view.js',
        'tools/editor/routes/git-routes.ts → tools/app/semantic-diff.js',
      ]),
    );
  });

  it('a planted import of the editor from the CLI, or of HTTP from tools/app, fails the scan', () => {
    const planted = new Map(files);
    planted.set('tools/cli/planted.ts', "import { editorApiError } from '../editor/editor-errors.js';");
    planted.set('tools/app/planted.ts', "import type { ApiError } from '../http/api-error.js';");
    expect(crossings(planted, 'tools/cli', 'tools/editor/')).toEqual([
      'tools/cli/planted.ts → tools/editor/editor-errors.js',
      SERVE,
    ]);
    expect(crossings(planted, 'tools/app', 'tools/http/')).toEqual([
      'tools/app/planted.ts → tools/http/api-error.js',
    ]);
  });
});
