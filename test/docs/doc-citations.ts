// Citations of the repository's docs in code, comments and markdown, and whether what they cite exists.
// A citation is a path to a doc file (`docs/editing.md`, `viewer/docs/viewer-api.md`), optionally with a
// `#anchor` or a quoted section title after it (`docs/api.md, "Errors"`, `docs/x.md ("Title")`, several
// titles as `"A", "B"`), or a relative markdown link in a .md file. Paths in viewer/ files resolve against
// viewer/ first (viewer/docs/...), then the repository root; `./` and `../` paths and markdown links
// against the citing file's folder.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** One cited doc file and what of it is cited, with where the citation is. */
export interface DocCitation {
  /** The citing file, as a '/'-path from the repository root. */
  from: string;
  line: number;
  /** The path as written. */
  path: string;
  /** Candidate files the path may mean, '/'-paths from the root, in the order they are tried. */
  candidates: string[];
  anchor?: string;
  titles: string[];
}

/** The targets a citation names, as '/'-paths from the repository root (none when outside it). */
function candidatesFor(from: string, path: string, relativeOnly: boolean): string[] {
  const fromDir = dirname(from);
  const clean = (p: string) => normalize(p).split('\\').join('/');
  if (relativeOnly || path.startsWith('./') || path.startsWith('../')) return [clean(join(fromDir, path))];
  const out: string[] = [];
  if (from.startsWith('viewer/')) out.push(clean(join('viewer', path)));
  out.push(clean(path));
  return out;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Text after a citation with comment prefixes at line starts removed, so a title may wrap. */
function unwrapped(text: string, from: number): string {
  return text
    .slice(from, from + 400)
    .replace(/\n[ \t]*(?:\/\/+|\*|#+(?= )|<!--)?[ \t]*/g, ' ')
    .replace(/\\"/g, '"');
}

/** The quoted section titles right after a citation: `, "A"`, ` "A", "B"`, ` ("A")`. */
function titlesAfter(rest: string): string[] {
  const first = /^(?:,[ \t]*|[ \t]+)\(?"([^"]+)"/.exec(rest);
  if (!first) return [];
  const titles = [first[1]!];
  let tail = rest.slice(first[0].length);
  for (let next = /^,[ \t]*"([^"]+)"/.exec(tail); next; next = /^,[ \t]*"([^"]+)"/.exec(tail)) {
    titles.push(next[1]!);
    tail = tail.slice(next[0].length);
  }
  return titles.map((t) => t.trim().replace(/\s+/g, ' '));
}

const PLAIN = /(?<![\w/.@-])((?:\.\.?\/)*(?:[\w.-]+\/)*docs\/[\w./-]*?\.md)(#[\w-]+)?/g;
const LINK = /\]\(([^()\s]+)\)/g;

/** Every doc citation in one file's text. */
export function citationsIn(from: string, text: string): DocCitation[] {
  const out: DocCitation[] = [];
  const isMarkdown = from.endsWith('.md');
  const linkSpans: Array<[number, number]> = [];
  if (isMarkdown) {
    for (const m of text.matchAll(LINK)) {
      const target = m[1]!;
      linkSpans.push([m.index, m.index + m[0].length]);
      if (/^[a-z][\w+.-]*:/i.test(target)) continue; // a URL, mailto: and the like
      const hash = target.indexOf('#');
      const path = hash < 0 ? target : target.slice(0, hash);
      const anchor = hash < 0 ? undefined : target.slice(hash + 1);
      out.push({
        from,
        line: lineAt(text, m.index),
        path: path === '' ? from.slice(from.lastIndexOf('/') + 1) : path,
        candidates: path === '' ? [from] : candidatesFor(from, path, true),
        anchor,
        titles: titlesAfter(unwrapped(text, m.index + m[0].length)),
      });
    }
  }
  for (const m of text.matchAll(PLAIN)) {
    if (linkSpans.some(([a, b]) => m.index >= a && m.index < b)) continue;
    // A bare name inside a markdown file's text, e.g. "[api.md](api.md)" was handled as a link.
    out.push({
      from,
      line: lineAt(text, m.index),
      path: m[1]!,
      candidates: candidatesFor(from, m[1]!, false),
      anchor: m[2]?.slice(1),
      titles: titlesAfter(unwrapped(text, m.index + m[0].length)),
    });
  }
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A heading or title as read: no markdown marks or entities, single spaces. */
function plainTitle(text: string): string {
  return text
    .replace(/`/g, '')
    .replace(/\*+/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The sections of a markdown file: its headings (as read) and every anchor a link can name. */
export interface DocSections {
  headings: string[];
  anchors: Set<string>;
}

/** The headings and anchors of a markdown text (fenced code skipped; repeated headings get -1, -2). */
export function sectionsOf(text: string): DocSections {
  const headings: string[] = [];
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const heading = plainTitle(h[1]!);
      headings.push(heading);
      const base = headingAnchor(heading);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const a of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(a[1]!);
  }
  return { headings, anchors };
}

/** Whether a cited title names a section: a heading that is or starts with it, or an explicit anchor. */
function hasTitle(sections: DocSections, title: string): boolean {
  const want = plainTitle(title).toLowerCase();
  return (
    sections.headings.some((h) => {
      const have = h.toLowerCase();
      return have === want || (have.startsWith(want) && /^[\s,:;(]/.test(have.slice(want.length)));
    }) || sections.anchors.has(headingAnchor(want))
  );
}

/** What is wrong with a citation, or undefined when the file and every cited section exist. */
export function citationProblem(root: string, c: DocCitation, read = readMarkdown): string | undefined {
  const file = c.candidates.find((p) => existsSync(join(root, p)));
  const where = `${c.from}:${c.line}: ${c.path}`;
  if (file === undefined) return `${where}: no such file (looked for ${c.candidates.join(', ')})`;
  if (c.anchor === undefined && c.titles.length === 0) return undefined;
  if (!file.endsWith('.md')) return undefined;
  if (statSync(join(root, file)).isDirectory()) return `${where}: a folder, not a doc file`;
  const sections = sectionsOf(read(join(root, file)));
  if (c.anchor !== undefined && !sections.anchors.has(c.anchor))
    return `${where}#${c.anchor}: ${file} has no heading or anchor "${c.anchor}"`;
  const missing = c.titles.filter((t) => !hasTitle(sections, t));
  if (missing.length > 0)
    return `${where}: ${file} has no section ${missing.map((t) => `"${t}"`).join(', ')}`;
  return undefined;
}

function readMarkdown(path: string): string {
  return readFileSync(path, 'utf8');
}
