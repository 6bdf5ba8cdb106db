// Whether a Markdown guide documents a rules package's API (starlark/rules-api.ts), both ways: each rule
// and macro under a heading naming it, with a table row per attribute whose `default` column shows its
// default; each provider in a table row listing its fields; each aspect and repository rule by name.
// And nothing more: a row for an attribute, provider or field the package no longer has is stale, and a
// row of a table shared by several rules says which of them it applies to ("`rr_editor` only").
import type { ApiSymbol } from './starlark/rules-api.js';

interface Section {
  heading: string;
  lines: string[];
}

type Documented = Extract<ApiSymbol, { attributes: unknown }>;

/**
 * Attributes every rule has without declaring them: `name` and Bazel's attributes common to all build
 * rules. A table may document them for a rule.
 */
const COMMON_RULE_ATTRIBUTES = new Set([
  'name',
  'compatible_with',
  'deprecation',
  'exec_compatible_with',
  'exec_properties',
  'features',
  'package_metadata',
  'restricted_to',
  'tags',
  'target_compatible_with',
  'testonly',
  'toolchains',
  'visibility',
]);

/** The document split at its headings; `#` lines inside fenced code blocks are code, not headings. */
function sections(markdown: string): Section[] {
  const out: Section[] = [{ heading: '', lines: [] }];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      out.at(-1)!.lines.push(line);
    } else if (fence === undefined && /^#{1,6} /.test(line)) {
      out.push({ heading: line.replace(/^#+ /, ''), lines: [] });
    } else {
      out.at(-1)!.lines.push(line);
    }
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

/** A table: its header cells and its body rows (the separator row left out). */
interface Table {
  header: string[];
  rows: string[][];
}

/** The tables of a section, in order. */
function tables(section: Section): Table[] {
  const out: Table[] = [];
  let current: Table | undefined;
  for (const line of section.lines) {
    const row = cells(line);
    if (row === undefined) {
      current = undefined;
    } else if (current === undefined) {
      current = { header: row.map((c) => c.toLowerCase()), rows: [] };
      out.push(current);
    } else if (!row.every((c) => /^:?-+:?$/.test(c))) {
      current.rows.push(row);
    }
  }
  return out;
}

/** The symbols a row is limited to ("`rr_editor` only: …"), or undefined when it names none. */
function onlyFor(row: string[]): string[] | undefined {
  const limited = row
    .slice(1)
    .map((cell) => /^((?:`[A-Za-z0-9_]+`(?:,\s*|\s+and\s+|\s+or\s+)?)+)\s+only\b/.exec(cell)?.[1])
    .find((match) => match !== undefined);
  return limited === undefined ? undefined : codeSpans(limited);
}

/** Whether `symbol` has the attribute `name`, declared or common to every rule. */
function hasAttribute(symbol: Documented, name: string): boolean {
  return (
    symbol.attributes.some((a) => a.name === name) ||
    (symbol.kind === 'rule' && COMMON_RULE_ATTRIBUTES.has(name))
  );
}

/** What `doc` (named `docName` in messages) leaves out of `api` or keeps beyond it; empty when it matches. */
export function ruleDocProblems(api: readonly ApiSymbol[], markdown: string, docName: string): string[] {
  return [...undocumented(api, markdown, docName), ...stale(api, markdown, docName)];
}

/** What `doc` leaves out of `api`. */
function undocumented(api: readonly ApiSymbol[], markdown: string, docName: string): string[] {
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
      const row = providerRows(all).find((c) => codeSpans(c[0] ?? '').includes(symbol.name));
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
    const table = tables(section).find((t) => t.header.includes('default'));
    if (table === undefined) {
      problems.push(`${docName}: "${section.heading}" has no attribute table with a \`default\` column`);
      continue;
    }
    const column = table.header.indexOf('default');
    for (const attribute of symbol.attributes) {
      const row = table.rows.find((c) => codeSpans(c[0] ?? '').includes(attribute.name));
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

/** The rows of every providers table (a table whose first column is `provider`). */
function providerRows(all: Section[]): string[][] {
  return all.flatMap((s) => tables(s).filter((t) => t.header[0] === 'provider')).flatMap((t) => t.rows);
}

/** What `doc` documents that `api` does not have (any more), or documents for the wrong rules. */
function stale(api: readonly ApiSymbol[], markdown: string, docName: string): string[] {
  const all = sections(markdown);
  const problems: string[] = [];
  const documented = api.filter((s): s is Documented => 'attributes' in s && s.attributes.length > 0);
  for (const section of all) {
    const table = tables(section).find((t) => t.header.includes('default'));
    if (table === undefined) continue;
    const covered = documented.filter((s) => names(section.heading, s.name));
    if (covered.length === 0) {
      problems.push(
        `${docName}: "${section.heading}" has an attribute table, but its heading names no rule or macro of the package`,
      );
      continue;
    }
    for (const row of table.rows) {
      const attribute = codeSpans(row[0] ?? '')[0];
      if (attribute === undefined) continue;
      const where = `${docName}: "${section.heading}": attribute \`${attribute}\``;
      const having = covered.filter((s) => hasAttribute(s, attribute)).map((s) => s.name);
      const only = onlyFor(row);
      if (having.length === 0) {
        problems.push(
          `${where} is documented, but ${covered.map((s) => s.name).join(', ')} has no such attribute`,
        );
      } else if (only !== undefined) {
        const wrong = only.filter((name) => !having.includes(name));
        const unsaid = having.filter((name) => !only.includes(name));
        if (wrong.length > 0 || unsaid.length > 0)
          problems.push(
            `${where} says "${only.map((n) => `\`${n}\``).join(', ')} only", but it is an attribute of ${having.join(', ')}`,
          );
      } else if (having.length < covered.length) {
        problems.push(
          `${where} is an attribute of ${having.join(', ')} only; the row must say so ("${having.map((n) => `\`${n}\``).join(', ')} only")`,
        );
      }
    }
  }
  const providers = new Map(api.flatMap((s) => (s.kind === 'provider' ? [[s.name, s.fields] as const] : [])));
  for (const row of providerRows(all)) {
    const name = codeSpans(row[0] ?? '')[0];
    if (name === undefined) continue;
    const fields = providers.get(name);
    if (fields === undefined) {
      problems.push(`${docName}: provider \`${name}\` has a row, but the package has no such provider`);
      continue;
    }
    // The fields are the code spans before the cell's prose (`check`, `junit`: what a test replays).
    for (const field of row.slice(1).flatMap((cell) => codeSpans(cell.split(/(?<=`):\s/)[0]!))) {
      if (!fields.includes(field))
        problems.push(
          `${docName}: provider \`${name}\`: field \`${field}\` is listed, but the provider has no such field`,
        );
    }
  }
  return problems;
}
