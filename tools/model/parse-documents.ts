import type { Alias, Document } from 'yaml';
import { blockDocumentTree } from './block-document-tree.js';
import { readBlockYaml, type BlockYamlFile } from './block-yaml-reader.js';
import { readJsonModel } from './json-model-reader.js';
import { diagnostic, type Diagnostic } from './diagnostic.js';
import type { DocumentTree } from './document-tree.js';
import { jsonErrorOffset } from './json-error-offset.js';
import { LineStarts, type LinePositions } from './line-starts.js';
import { yamlDocumentTree } from './node-positions.js';
import { yamlPackage } from './yaml-package.js';

/** Alias expansions allowed per document: enough for real anchors, far below a billion-laughs blow-up. */
export const MAX_ALIAS_COUNT = 1000;

/** One YAML/JSON document of a model file, with its plain value and where its nodes start. */
export interface ParsedDocument {
  tree: DocumentTree;
  value: unknown;
}

/** The documents of one file, or the diagnostics that stopped its parsing. */
export interface ParsedFile {
  file: string;
  /** which reader parsed it: the block reader, the JSON reader, or the yaml package (what those declined) */
  reader: 'block' | 'json' | 'yaml';
  lineCounter: LinePositions;
  documents: ParsedDocument[];
  diagnostics: Diagnostic[];
}

/**
 * Parses a file's text: plain block YAML with the block reader and strict JSON with the JSON reader
 * (docs/decisions/0198-reading-model-files-fast-the-first-run.md), which agree with the yaml package wherever they
 * read; everything else with the yaml package.
 */
export function parseModelText(file: string, text: string): ParsedFile {
  return (
    (isJsonPath(file) ? parseWithJsonReader(file, text) : parseWithBlockReader(file, text)) ??
    parseWithYamlPackage(file, text)
  );
}

const isJsonPath = (file: string) => /\.json$/i.test(file);

/** Parses a file's text with the block reader alone, or returns undefined when it declines the text. */
export function parseWithBlockReader(file: string, text: string): ParsedFile | undefined {
  const read = readBlockYaml(text);
  return read && ownReaderFile(file, 'block', read);
}

/** Parses a `.json` file's text with the JSON reader alone, or returns undefined when it declines it. */
export function parseWithJsonReader(file: string, text: string): ParsedFile | undefined {
  const read = readJsonModel(text);
  return read && ownReaderFile(file, 'json', read);
}

/** A file one of rr's own readers read: positions through the yaml package's LineCounter, as its reads. */
function ownReaderFile(file: string, reader: 'block' | 'json', read: BlockYamlFile): ParsedFile {
  const lineCounter = new LineStarts(read.lineStarts);
  const documents = read.documents.map((d) => ({
    tree: blockDocumentTree(d.root, lineCounter),
    value: d.value,
  }));
  return { file, reader, lineCounter, documents, diagnostics: [] };
}

/**
 * Parses a file's text with the yaml package: duplicate keys and syntax errors become diagnostics with
 * line and column, aliases are bounded, and a `.json` file must also be strict JSON.
 */
export function parseWithYamlPackage(file: string, text: string): ParsedFile {
  const { LineCounter, parseAllDocuments } = yamlPackage();
  const lineCounter = new LineCounter();
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  };
  const diagnostics: Diagnostic[] = [];
  const docs = parseAllDocuments(text, { lineCounter, uniqueKeys: true, merge: true, prettyErrors: false });
  const list = Array.isArray(docs) ? docs : [];
  // A .json file must be strict JSON, and JSON.parse's message is the one a JSON author understands.
  const jsonError = isJsonPath(file) ? strictJsonError(text) : undefined;
  if (jsonError)
    diagnostics.push(diagnostic('syntax-error', 'error', jsonError.message, at(jsonError.offset)));
  for (const doc of jsonError ? [] : list) {
    for (const error of doc.errors) {
      const start = error.pos[0];
      if (error.code === 'DUPLICATE_KEY') {
        diagnostics.push(
          diagnostic('duplicate-key', 'error', duplicateKeyMessage(doc, text, start, lineCounter), at(start)),
        );
      } else {
        diagnostics.push(diagnostic('syntax-error', 'error', syntaxMessage(error.message), at(start)));
      }
    }
  }
  // A duplicate key is an error, but the rest of the file is still worth checking; syntax errors are not.
  if (diagnostics.some((d) => d.rule !== 'duplicate-key'))
    return { file, reader: 'yaml', lineCounter, documents: [], diagnostics };

  const documents: ParsedDocument[] = [];
  for (const doc of list) {
    if (isEmpty(doc)) continue;
    try {
      documents.push({
        tree: yamlDocumentTree(doc, lineCounter),
        value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }),
      });
    } catch (error) {
      const unresolved = unresolvedAlias(doc);
      const offset = (unresolved ?? doc.contents)?.range?.[0] ?? 0;
      const message = unresolved
        ? `alias "*${unresolved.source}" names no anchor; define "&${unresolved.source}" before it in the same document`
        : /excessive alias count/i.test((error as Error).message)
          ? `aliases expand to too many nodes (limit ${MAX_ALIAS_COUNT}); this looks like an alias bomb, remove the nested aliases`
          : `cannot read document: ${(error as Error).message}`;
      diagnostics.push(diagnostic('syntax-error', 'error', message, at(offset)));
    }
  }
  return { file, reader: 'yaml', lineCounter, documents, diagnostics };
}

/** An empty or comment-only document: no contents, or the empty null scalar yaml makes after a bare `---`. */
function isEmpty(doc: Document.Parsed): boolean {
  const c = doc.contents;
  return c === null || (yamlPackage().isScalar(c) && c.value === null && c.source === '');
}

/** The first alias with no anchor before it (toJS throws on it without saying where); one pass, in yaml's order. */
function unresolvedAlias(doc: Document.Parsed): Alias | undefined {
  const { isAlias, visit } = yamlPackage();
  const anchors = new Set<string>();
  let found: Alias | undefined;
  visit(doc, {
    Node: (_key, node) => {
      if (!isAlias(node)) {
        if (node.anchor) anchors.add(node.anchor);
      } else if (!anchors.has(node.source)) {
        found = node;
        return visit.BREAK;
      }
    },
  });
  return found;
}

function syntaxMessage(raw: string): string {
  // The yaml package's messages may end with a source excerpt; keep the first line.
  const first = raw.split('\n')[0] ?? raw;
  return `YAML syntax error: ${first.replace(/ at line \d+, column \d+:?$/, '')}`;
}

function duplicateKeyMessage(doc: Document.Parsed, text: string, offset: number, lc: LinePositions): string {
  const key = /^["']?([^"':\n]*)/.exec(text.slice(offset, offset + 200))?.[1]?.trim() ?? '';
  const first = firstKeyLine(doc, key, offset, lc);
  return first
    ? `duplicate key "${key}" (first defined at line ${first}); remove one of them`
    : `duplicate key "${key}"; remove one of them`;
}

/** Line of an earlier occurrence of the same key in the map that holds the duplicate. */
function firstKeyLine(
  doc: Document.Parsed,
  key: string,
  offset: number,
  lc: LinePositions,
): number | undefined {
  let found: number | undefined;
  const visit = (node: unknown): void => {
    if (found !== undefined || !node || typeof node !== 'object') return;
    const n = node as { items?: unknown[]; key?: unknown; value?: unknown; range?: [number, number, number] };
    if (Array.isArray(n.items)) {
      const keys = n.items
        .map((p) => (p as { key?: { value?: unknown; range?: [number, number, number] } }).key)
        .filter((k) => k && String(k.value) === key && k.range);
      if (keys.length > 1 && keys.some((k) => k!.range![0] === offset) && keys[0]!.range![0] !== offset) {
        found = lc.linePos(keys[0]!.range![0]).line;
        return;
      }
      for (const item of n.items) visit(item);
    } else if ('key' in n || 'value' in n) {
      visit(n.key);
      visit(n.value);
    }
  };
  visit(doc.contents);
  return found;
}

/** The first strict-JSON error of a text (JSON.parse's message and offset), or undefined. */
function strictJsonError(text: string): { message: string; offset: number } | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const raw = (error as Error).message;
    // V8 gives no position for an unexpected token (e.g. a trailing comma in a list); find it ourselves.
    const position = /position (\d+)/.exec(raw)?.[1];
    const offset = position !== undefined ? Number(position) : (jsonErrorOffset(text) ?? 0);
    const message = raw
      .replace(/ in JSON at position \d+.*$/s, '')
      .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
      .replace(/^JSON\.parse: /, '');
    return { message: `JSON syntax error: ${message}`, offset };
  }
}
