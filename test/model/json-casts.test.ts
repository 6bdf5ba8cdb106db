// No `JSON.parse(...) as T` in tools/: JSON read from a file or a request goes through parseCheckedJson
// (tools/model/checked-json.ts). A cast stays only with a `// trusted:` comment on its line or the line
// above, saying why (rr's own worker-thread messages). A scan of the TypeScript sources.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TOOLS = fileURLToPath(new URL('../../tools/', import.meta.url));

/** The 1-based lines of `JSON.parse(...) as` in a text that have no `// trusted:` reason. */
function untrustedCasts(text: string): number[] {
  const lines = text.split('\n');
  const found: number[] = [];
  for (const match of text.matchAll(/\bJSON\.parse\(/g)) {
    let depth = 1;
    let i = match.index + match[0].length;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth--;
    }
    if (!/^\s*as\s/.test(text.slice(i))) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const reason = [lines[line - 1], lines[line - 2]].some((l) => l?.includes('// trusted:'));
    if (!reason) found.push(line);
  }
  return found;
}

describe('JSON casts', () => {
  it('finds a cast of JSON.parse, across lines too, and accepts one with a reason', () => {
    expect(untrustedCasts('const a = JSON.parse(text) as A;')).toEqual([1]);
    expect(untrustedCasts('const a = (JSON.parse(read(p, "utf8")) as {\n  b: string;\n}).b;')).toEqual([1]);
    expect(untrustedCasts('f();\nconst a = JSON.parse(\n  text,\n)\n  as A;')).toEqual([2]);
    expect(untrustedCasts('// trusted: our own worker wrote it\nconst a = JSON.parse(text) as A;')).toEqual(
      [],
    );
    expect(
      untrustedCasts('const a: unknown = JSON.parse(text);\nthrow new E((error as Error).message);'),
    ).toEqual([]);
  });

  it('tools/ parses JSON into typed values only through a check, or says why the text is trusted', () => {
    const files = readdirSync(TOOLS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(100);
    const casts = files.flatMap((file) =>
      untrustedCasts(readFileSync(join(TOOLS, file), 'utf8')).map((line) => `tools/${file}:${line}`),
    );
    expect(casts).toEqual([]);
  });
});
