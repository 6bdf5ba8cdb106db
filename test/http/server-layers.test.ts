// The two servers are separate front ends on one HTTP layer: no module of the editor imports the viewer
// or the other way round (the viewer, in viewer/src, imports rr's modules as rules-rr/core/…), neither
// imports the CLI (but the viewer's own commands, which run inside it), and no layer below them
// (tools/http, the engine) imports any of them. There is one ApiError class in tools/. A scan of the import statements of the
// TypeScript sources.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TOOLS = fileURLToPath(new URL('../../tools/', import.meta.url));
const VIEWER = fileURLToPath(new URL('../../viewer/src/', import.meta.url));

/** Every .ts file below a folder of tools/, as paths relative to tools/. */
function sources(folder: string): string[] {
  return readdirSync(join(TOOLS, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => relative(TOOLS, join(TOOLS, folder, name)));
}

/** The files of tools/ a module imports (static, re-exported and dynamic), relative to tools/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(TOOLS, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(TOOLS, resolve(dirname(join(TOOLS, file)), s)));
}

/** The viewer's imports of rr's `into` layer (it imports rr's modules as rules-rr/core/<layer>/…). */
function viewerCrossings(into: string): string[] {
  return readdirSync(VIEWER, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .flatMap((file) =>
      [
        ...readFileSync(join(VIEWER, file), 'utf8').matchAll(
          /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g,
        ),
      ]
        .map((m) => m[1]!)
        .filter((s) => s.startsWith(`rules-rr/core/${into}/`))
        .map((s) => `viewer/src/${file} → ${s}`),
    );
}

/** "file → import" for each import of `from` that lands in `into`. */
function crossings(from: string, into: string): string[] {
  return sources(from).flatMap((file) =>
    importsOf(file)
      .filter((target) => target.startsWith(`${into}/`))
      .map((target) => `${file} → ${target}`),
  );
}

describe('front ends do not import each other', () => {
  it('the editor imports nothing of the viewer', () => {
    expect(crossings('editor', '../viewer')).toEqual([]);
  });

  it('the viewer imports nothing of the editor', () => {
    expect(viewerCrossings('editor')).toEqual([]);
  });

  it('the viewer imports nothing of the CLI but in its own commands (viewer/src/cli)', () => {
    expect(viewerCrossings('cli').filter((line) => !line.startsWith('viewer/src/cli/'))).toEqual([]);
  });

  it('the editor imports nothing of the CLI', () => {
    expect(crossings('editor', 'cli')).toEqual([]);
  });

  it('no layer below the front ends imports one', () => {
    const engine = readdirSync(TOOLS, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !['cli', 'editor', 'viewer'].includes(entry.name))
      .map((entry) => entry.name);
    expect(engine).toEqual(expect.arrayContaining(['model', 'verify', 'report', 'http', 'vitest']));
    // The publisher's one import of the semantic diff and the model at a revision, which still live
    // with the editor (tools/publish/model-history.ts); it goes when they move below the front ends.
    const pending = [
      'publish/model-history.ts → editor/model-at-revision.js',
      'publish/model-history.ts → editor/semantic-diff.js',
    ];
    for (const layer of engine)
      for (const front of ['editor', 'viewer', 'cli'])
        expect(crossings(layer, front).filter((line) => !pending.includes(line))).toEqual([]);
  });

  it('the HTTP layer imports no front end', () => {
    for (const front of ['editor', 'viewer', 'cli']) expect(crossings('http', front)).toEqual([]);
  });

  it('the scan sees imports (both servers import tools/http)', () => {
    expect(crossings('editor', 'http')).toContain('editor/editor-server.ts → http/http-app.js');
    expect(viewerCrossings('http')).toContain(
      'viewer/src/server/viewer-server.ts → rules-rr/core/http/http-app.js',
    );
  });
});

it('tools/ defines one ApiError class, in tools/http', () => {
  const definitions = sources('.').filter((file) =>
    /\bclass\s+ApiError\b/.test(readFileSync(join(TOOLS, file), 'utf8')),
  );
  expect(definitions).toEqual(['http/api-error.ts']);
});
