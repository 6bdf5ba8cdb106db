// SPDX-License-Identifier: AGPL-3.0-or-later
// Reading a TOML config file: parse errors and the line of any key, for messages that name both.
import { parse, TomlError } from 'smol-toml';

/** A problem in a config file or flag, printed as `file:line:column: message`. */
export interface ConfigProblem {
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/** A parsed TOML file with a way to find where a key is. */
export interface TomlDocument {
  file: string;
  value: Record<string, unknown>;
  /** The 1-based line of a key path (or of its nearest enclosing table); 1 when not found. */
  lineOf(path: readonly string[]): number;
}

/** Parses TOML text; a syntax error becomes a problem with its line and column. */
export function parseTomlFile(text: string, file: string): TomlDocument | ConfigProblem {
  let value: Record<string, unknown>;
  try {
    value = parse(text);
  } catch (error) {
    if (error instanceof TomlError) {
      const reason = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
      return {
        file,
        line: error.line,
        column: error.column,
        message: `TOML syntax error: ${reason}; fix the file (see https://toml.io)`,
      };
    }
    throw error;
  }
  const lines = keyLines(text);
  return {
    file,
    value,
    lineOf(path) {
      for (let n = path.length; n > 0; n--) {
        const line = lines.get(path.slice(0, n).join('.'));
        if (line !== undefined) return line;
      }
      return 1;
    },
  };
}

const BARE = /^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=/;
const HEADER = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/;

/** The first line of every dotted key path the text defines (tables, keys, inline-table keys). */
function keyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let table: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const header = HEADER.exec(raw);
    if (header) {
      table = splitKey(header[1]!);
      remember(lines, table, line);
      return;
    }
    const key = BARE.exec(raw);
    if (!key) return;
    const path = [...table, ...splitKey(key[1]!)];
    remember(lines, path, line);
    // Keys of an inline table on the same line: `pcb = { cli = "..." }`.
    const rest = raw.slice(key[0].length);
    for (const inner of rest.matchAll(/[{,]\s*([A-Za-z0-9_-]+)\s*=/g))
      remember(lines, [...path, inner[1]!], line);
  });
  return lines;
}

function remember(lines: Map<string, number>, path: string[], line: number): void {
  for (let n = 1; n <= path.length; n++) {
    const key = path.slice(0, n).join('.');
    if (!lines.has(key)) lines.set(key, line);
  }
}

function splitKey(key: string): string[] {
  return (key.match(/"[^"]*"|'[^']*'|[^.\s]+/g) ?? []).map((k) => k.replace(/^["']|["']$/g, ''));
}

/** The value at a key path of a parsed document, or undefined. */
export function valueAt(value: Record<string, unknown>, path: readonly string[]): unknown {
  let cur: unknown = value;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** `file:line:column: message`, leaving out what is unknown. */
export function formatProblem(p: ConfigProblem): string {
  const where =
    p.file === undefined
      ? ''
      : `${p.file}${p.line !== undefined ? `:${p.line}${p.column !== undefined ? `:${p.column}` : ''}` : ''}: `;
  return where + p.message;
}
