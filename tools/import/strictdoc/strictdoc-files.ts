// Finds and parses the StrictDoc files of an import: every `.sdoc` below the given path, the documents
// they include, and the `.sgra` grammars they import (each parsed once).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { byCodePoint } from '../../model/code-point-order.js';
import { ImportInputError } from '../imported-model/import-error.js';
import { parseSdocDocument, parseSdocGrammarFile } from './sdoc-parser.js';
import type { GrammarElement, SdocDocument, SdocItem } from './sdoc-syntax.js';

/** A parsed document with where it is and the grammar elements that apply to it. */
export interface SdocFile {
  /** path as shown to the user (relative to the import root) */
  name: string;
  path: string;
  doc: SdocDocument;
  elements: GrammarElement[];
  /** where the elements came from: "its own [GRAMMAR]", a `.sgra` path, or "StrictDoc's default grammar" */
  grammarSource: string;
}

/** The parsed documents of an import, the folder their names are relative to, and the grammars read. */
export interface SdocFiles {
  root: string;
  files: SdocFile[];
  /** how many `.sgra` grammar files were read */
  grammars: number;
}

/** The documents below `path` (a `.sdoc` file or a folder) and the folder names are relative to. */
export function readSdocFiles(path: string): SdocFiles {
  const absolute = resolve(path);
  const info = statSync(absolute, { throwIfNoEntry: false });
  if (info === undefined)
    throw new ImportInputError(path, 'no such file or folder; give a .sdoc file or a folder of them');
  const root = info.isDirectory() ? absolute : dirname(absolute);
  const queue = info.isDirectory() ? findSdoc(absolute) : [absolute];
  if (queue.length === 0)
    throw new ImportInputError(
      path,
      'no .sdoc files below this folder; give the folder of a StrictDoc project',
    );
  const seen = new Set(queue);
  const grammars = new Map<string, GrammarElement[]>();
  const files: SdocFile[] = [];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!;
    const name = relative(root, file).split('\\').join('/') || file;
    const doc = parseSdocDocument(readText(file, name), name);
    const { elements, source } = grammarOf(doc, file, name, root, grammars);
    files.push({ name, path: file, doc, elements, grammarSource: source });
    for (const include of includes(doc.items)) {
      const target = resolve(dirname(file), include.file);
      if (statSync(target, { throwIfNoEntry: false }) === undefined) {
        throw new ImportInputError(
          name,
          `includes ${include.file}, which does not exist; fix the FILE: line`,
          include.line,
        );
      }
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return { root, files, grammars: grammars.size };
}

function readText(file: string, name: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ImportInputError(name, `cannot be read: ${(error as Error).message}`);
  }
}

/** Every `.sdoc` below a folder in code-point order, skipping hidden folders and node_modules. */
function findSdoc(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodePoint(a.name, b.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findSdoc(path));
    else if (entry.isFile() && entry.name.endsWith('.sdoc')) out.push(path);
  }
  return out;
}

function includes(items: SdocItem[]): { file: string; line: number }[] {
  return items.flatMap((item) => (item.kind === 'include' ? [item] : includes(item.children)));
}

function grammarOf(
  doc: SdocDocument,
  file: string,
  name: string,
  root: string,
  cache: Map<string, GrammarElement[]>,
): { elements: GrammarElement[]; source: string } {
  const grammar = doc.grammar;
  if (grammar === undefined) return { elements: DEFAULT_ELEMENTS, source: "StrictDoc's default grammar" };
  if (grammar.importFromFile === undefined)
    return { elements: grammar.elements, source: `${name} [GRAMMAR]` };
  const target = resolve(dirname(file), grammar.importFromFile.file);
  const shown = relative(root, target).split('\\').join('/');
  let elements = cache.get(target);
  if (elements === undefined) {
    if (statSync(target, { throwIfNoEntry: false }) === undefined) {
      throw new ImportInputError(
        name,
        `imports the grammar ${grammar.importFromFile.file}, which does not exist; fix IMPORT_FROM_FILE`,
        grammar.importFromFile.line,
      );
    }
    elements = parseSdocGrammarFile(readText(target, shown), shown).elements;
    cache.set(target, elements);
  }
  return { elements, source: shown };
}

const field = (title: string, required = false) => ({ title, type: 'String', required });

/** StrictDoc's grammar for documents that declare none. */
const DEFAULT_ELEMENTS: GrammarElement[] = [
  { tag: 'TEXT', fields: [field('UID'), field('STATEMENT', true)], relations: [], composite: false, line: 0 },
  { tag: 'SECTION', fields: [field('UID'), field('TITLE', true)], relations: [], composite: true, line: 0 },
  {
    tag: 'REQUIREMENT',
    fields: ['MID', 'UID', 'LEVEL', 'STATUS', 'TAGS', 'TITLE', 'STATEMENT', 'RATIONALE', 'COMMENT'].map((t) =>
      field(t),
    ),
    relations: [{ type: 'Parent' }, { type: 'File' }],
    composite: false,
    line: 0,
  },
];
