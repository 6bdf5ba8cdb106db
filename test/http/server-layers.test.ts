// The two servers are separate front ends on one HTTP layer: no module of the editor imports the viewer
// or the other way round, neither imports the CLI, and no layer below them (tools/http, the engine)
// imports any of them. There is one ApiError class in tools/. A scan of the import statements of the
// TypeScript sources.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TOOLS = fileURLToPath(new URL('../../tools/', import.meta.url));

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
    expect(crossings('editor', 'viewer')).toEqual([]);
  });

  it('the viewer imports nothing of the editor', () => {
    expect(crossings('viewer', 'editor')).toEqual([]);
  });

  it('the viewer imports nothing of the CLI', () => {
    expect(crossings('viewer', 'cli')).toEqual([]);
  });

  it('the editor imports nothing of the CLI', () => {
    expect(crossings('editor', 'cli')).toEqual([]);
  });

  it('no layer below the front ends imports one', () => {
    const engine = readdirSync(TOOLS, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !['cli', 'editor', 'viewer'].includes(entry.name))
      .map((entry) => entry.name);
    expect(engine).toEqual(expect.arrayContaining(['model', 'verify', 'report', 'http', 'vitest']));
    for (const layer of engine)
      for (const front of ['editor', 'viewer', 'cli']) expect(crossings(layer, front)).toEqual([]);
  });

  it('the HTTP layer imports no front end', () => {
    for (const front of ['editor', 'viewer', 'cli']) expect(crossings('http', front)).toEqual([]);
  });

  it('the scan sees imports (the editor server imports tools/http)', () => {
    expect(crossings('editor', 'http')).toContain('editor/editor-server.ts → http/http-app.js');
  });
});

it('tools/ defines one ApiError class, in tools/http', () => {
  const definitions = sources('.').filter((file) =>
    /\bclass\s+ApiError\b/.test(readFileSync(join(TOOLS, file), 'utf8')),
  );
  expect(definitions).toEqual(['http/api-error.ts']);
});
