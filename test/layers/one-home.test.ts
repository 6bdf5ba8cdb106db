// Shared plumbing has one home in rr's core, used by rr and the viewer alike: one atomic write
// (tools/files/atomic-write.ts), one cross-process lock (tools/files/cross-process-lock.ts), one markup
// escaper (tools/xml/markup-escape.ts), one XML reader that builds the element tree
// (tools/xml/xml-document.ts) and one XML writer (tools/xml/xml-writer.ts). The scan reads every source file of both packages (tools, ui, bin, bench,
// viewer/src, viewer/ui) and fails on a second copy of any of them; a copy planted in a file of its own
// shows that it can fail.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';

/** One piece of plumbing: its home, what a copy of it looks like, and the files allowed to look so. */
interface Concern {
  name: string;
  home: string;
  /** Code (comments left out) that does the concern's work itself. */
  copies: RegExp[];
  /** Files that match for another reason, each with that reason. */
  allowed: Record<string, string>;
}

const FS_RENAME =
  /import\s*\{[^}]*\brename(?:Sync)?\b[^}]*\}\s*from\s*['"](?:node:)?fs(?:\/promises)?['"]|\bfs\w*\.rename(?:Sync)?\s*\(|\bpromises\.rename\s*\(/;

const CONCERNS: Concern[] = [
  {
    name: 'atomic write (a temporary file renamed into place)',
    home: 'tools/files/atomic-write.ts',
    copies: [FS_RENAME, /from\s*['"]write-file-atomic['"]/],
    allowed: {
      'tools/files/cross-process-lock.ts': 'breaking a stale lock moves its folder aside; no file is written',
      'tools/publish/write-pack.ts':
        'a whole pack folder is written beside its target and renamed into place; a folder, not a file',
      'tools/edit/journal.ts':
        "an edit's journaled commit of several files: every new content is on disk before the journal names it, then each is renamed",
    },
  },
  {
    name: 'cross-process lock',
    home: 'tools/files/cross-process-lock.ts',
    copies: [
      /from\s*['"](?:proper-lockfile|lockfile|lockfile-lib)['"]/,
      /\b(?:mkdir|open|writeFile)(?:Sync)?\s*\([^\n)]*lock/i,
      /\bLOCK_HOLDER_FILE\s*=/,
    ],
    allowed: {},
  },
  {
    name: 'markup escaper',
    home: 'tools/xml/markup-escape.ts',
    copies: [/['"`]&(?:amp|lt|gt|quot|apos|#0*3[49]|#x0*2[27]);['"`]/],
    allowed: {
      'tools/agents/workflows/untrusted-excerpt.ts':
        'a prompt is not markup: only the `<` of a closing `</untrusted-file` is neutralised so that quoted text cannot end its quote',
    },
  },
  {
    name: 'XML tree builder',
    home: 'tools/xml/xml-document.ts',
    copies: [
      /from\s*['"](?:saxes|sax|xml2js|@xmldom\/xmldom|xmldom|libxmljs2?|txml)['"]/,
      /\bnew\s+(?:SaxesParser|XMLParser|DOMParser)\b/,
      /import\s*\{[^}]*\bXMLParser\b[^}]*\}\s*from\s*['"]fast-xml-parser['"]/,
    ],
    allowed: {
      'bench/report/run.ts':
        "the benchmark's baseline: saxes parsing a file with no handlers, building nothing",
      'ui/editor/src/model/graph-svg.ts':
        "the browser page turns the server's SVG into DOM nodes to show them; rr's reader builds data, not nodes",
    },
  },
  {
    name: 'XML writer',
    home: 'tools/xml/xml-writer.ts',
    copies: [
      /from\s*['"](?:fast-xml-builder|xmlbuilder2?|xml-js|js2xmlparser|xml)['"]/,
      /import\s*\{[^}]*\bXMLBuilder\b[^}]*\}\s*from\s*['"]fast-xml-parser['"]/,
      /\bnew\s+XMLBuilder\b/,
      // An element written by hand around a name it is given: `<${name}...>...</${name}>`.
      /<\/\$\{/,
    ],
    allowed: {
      'tools/xml/xml-document.ts': "the reader's error message names the end tag it found; it writes no XML",
    },
  },
];

const ROOTS = ['tools', 'ui', 'bin', 'bench', 'viewer/src', 'viewer/ui'];

/** Source files under a folder of the repository, as '/'-paths from its root (no build output, no modules). */
function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
    if (['node_modules', 'dist', 'generated'].includes(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourcesUnder(path));
    else if (/\.(?:ts|mts|js|mjs)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** The text without its comment lines (a comment may name what it does not do). */
function code(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

/** For each concern, the files other than its home (and the allowed ones) that hold a copy. */
function secondCopies(files: ReadonlyMap<string, string>): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const concern of CONCERNS) {
    found[concern.name] = [...files]
      .filter(([path]) => path !== concern.home && !(path in concern.allowed))
      .filter(([, text]) => concern.copies.some((copy) => copy.test(code(text))))
      .map(([path]) => path);
  }
  return found;
}

const sources = new Map(ROOTS.flatMap(sourcesUnder).map((p) => [p, readFileSync(join(repoRoot, p), 'utf8')]));
const none = Object.fromEntries(CONCERNS.map((c) => [c.name, []]));

describe('one home for shared plumbing', () => {
  it('has each piece once: no second atomic write, lock, escaper, XML tree builder or XML writer in rr or the viewer', () => {
    expect(secondCopies(sources)).toEqual(none);
  });

  it('finds its home in each concern, so the patterns still match real code', () => {
    for (const concern of CONCERNS) {
      const home = sources.get(concern.home);
      expect(home, concern.home).toBeDefined();
      expect(
        concern.copies.some((copy) => copy.test(code(home!))),
        concern.name,
      ).toBe(true);
    }
  });

  it('fails on a second copy: each home pasted into another file is reported there', () => {
    const planted = new Map(sources);
    for (const concern of CONCERNS)
      planted.set(`viewer/src/planted/${concern.home.split('/').pop()}`, sources.get(concern.home)!);
    // And copies as small as the ones this scan replaced: an escaper of one line, a lock of one mkdir,
    // an element writer of one line, fast-xml-parser's builder.
    planted.set(
      'tools/report/small-copies.ts',
      "const esc = (t: string) => t.replace(/&/g, '&amp;');\nmkdirSync(`${file}.lock`);\n" +
        'const tag = (n: string, t: string) => `<${n}>${esc(t)}</${n}>`;\n',
    );
    planted.set('viewer/src/export/builder.ts', "import { XMLBuilder } from 'fast-xml-parser';\n");
    const found = secondCopies(planted);
    for (const concern of CONCERNS)
      expect(found[concern.name], concern.name).toContain(
        `viewer/src/planted/${concern.home.split('/').pop()}`,
      );
    expect(found['markup escaper']).toContain('tools/report/small-copies.ts');
    expect(found['cross-process lock']).toContain('tools/report/small-copies.ts');
    expect(found['XML writer']).toContain('tools/report/small-copies.ts');
    expect(found['XML writer']).toContain('viewer/src/export/builder.ts');
  });
});
