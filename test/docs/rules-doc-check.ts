// Whether a Markdown guide documents a rules package's API (starlark/rules-api.ts): each rule and macro
// under a heading naming it, with a table row per attribute whose `default` column shows its default;
// each provider in a table row listing its fields; each aspect and repository rule by name.
import type { ApiSymbol } from './starlark/rules-api.js';

interface Section {
  heading: string;
  lines: string[];
}

function sections(markdown: string): Section[] {
  const out: Section[] = [{ heading: '', lines: [] }];
  for (const line of markdown.split('\n')) {
    if (/^#{1,6} /.test(line)) out.push({ heading: line.replace(/^#+ /, ''), lines: [] });
    else out.at(-1)!.lines.push(line);
  }
  return out;
}

/** The cells of a Markdown table row, or undefined for other lines. */
function cells(line: string): string[] | undefined {
  if (!line.trim().startsWith('|')) return undefined;
  return (
    line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      // A pipe inside a cell is written \|.
      .split(/(?<!\\)\|/)
      .map((c) => c.trim())
  );
}

/** The `code spans` of a cell. */
function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** Whether a heading names `name` as a word. */
function names(heading: string, name: string): boolean {
  return heading.split(/[^A-Za-z0-9_]+/).includes(name);
}

/** A cell shows a default: `required` for a mandatory attribute, else the default as a code span. */
function showsDefault(cell: string, value: string): boolean {
  if (value === 'required') return /\brequired\b/.test(cell);
  // A label default may be written with its repository: `@rules_rr//rules:rr` for "//rules:rr".
  return codeSpans(cell).some((span) => span === value || (value.startsWith('//') && span.endsWith(value)));
}

/** What `doc` (named `docName` in messages) leaves out of `api`; empty when it documents all of it. */
export function undocumented(api: readonly ApiSymbol[], markdown: string, docName: string): string[] {
  const all = sections(markdown);
  const problems: string[] = [];
  const spans = new Set(markdown.split('\n').flatMap(codeSpans));
  for (const symbol of api) {
    if (symbol.kind === 'aspect' || (symbol.kind === 'repository_rule' && symbol.attributes.length === 0)) {
      if (!spans.has(symbol.name))
        problems.push(`${docName}: ${symbol.kind} \`${symbol.name}\` is not documented`);
      continue;
    }
    if (symbol.kind === 'provider') {
      const row = all
        .flatMap((s) => s.lines)
        .map(cells)
        .find((c) => c && codeSpans(c[0] ?? '').includes(symbol.name));
      if (!row) {
        problems.push(`${docName}: provider \`${symbol.name}\` has no row in a providers table`);
        continue;
      }
      const listed = new Set(row.slice(1).flatMap(codeSpans));
      for (const field of symbol.fields) {
        if (!listed.has(field))
          problems.push(`${docName}: provider \`${symbol.name}\`: field \`${field}\` is not listed`);
      }
      continue;
    }
    const section = all.find((s) => names(s.heading, symbol.name));
    if (!section) {
      problems.push(`${docName}: ${symbol.kind} \`${symbol.name}\` has no heading naming it`);
      continue;
    }
    const rows = section.lines.map(cells).filter((c): c is string[] => c !== undefined);
    const column = rows[0]?.findIndex((c) => c.toLowerCase() === 'default') ?? -1;
    if (column < 0) {
      problems.push(`${docName}: "${section.heading}" has no attribute table with a \`default\` column`);
      continue;
    }
    for (const attribute of symbol.attributes) {
      const row = rows.find((c) => codeSpans(c[0] ?? '').includes(attribute.name));
      const where = `${docName}: ${symbol.name}: attribute \`${attribute.name}\``;
      if (!row)
        problems.push(
          `${where} (default ${attribute.default}) is not in the table under "${section.heading}"`,
        );
      else if (!showsDefault(row[column] ?? '', attribute.default)) {
        problems.push(
          `${where}: the default column shows "${row[column] ?? ''}", the rule says ${attribute.default}`,
        );
      }
    }
  }
  return problems;
}
