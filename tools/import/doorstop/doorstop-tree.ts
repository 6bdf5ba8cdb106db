// Reads a Doorstop tree: every folder with a `.doorstop.yml` is a document (prefix, parent, digits,
// sep), and the `.yml` files in it named by its prefix are its items. YAML positions name the line of
// anything wrong.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocument, type Document, type Scalar } from 'yaml';
import { byCodePoint } from '../../model/code-point-order.js';
import { LineIndex } from '../../sources/line-index.js';
import { ImportInputError } from '../imported-model/import-error.js';

/** A Doorstop document: its settings and its items. */
export interface DoorstopDocument {
  prefix: string;
  parent?: string;
  digits: number;
  sep: string;
  /** the folder relative to the tree, '/'-separated ('' for the tree itself) */
  folder: string;
  items: DoorstopItem[];
  /** files in the folder that are not items Doorstop reads (other formats) */
  otherFiles: string[];
}

/** One item file, its attributes as written, and `level` exactly as written (YAML reads 1.10 as 1.1). */
export interface DoorstopItem {
  uid: string;
  file: string;
  attributes: Record<string, unknown>;
  level: string;
  /** 1-based line of each top-level key */
  lines: Record<string, number>;
}

/** Every document below `tree`, parents before children where the tree says so, else by folder. */
export function readDoorstopTree(tree: string): DoorstopDocument[] {
  const docs: DoorstopDocument[] = [];
  const visit = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodePoint(a.name, b.name));
    if (entries.some((e) => e.isFile() && e.name === '.doorstop.yml'))
      docs.push(
        readDocument(
          tree,
          dir,
          entries.map((e) => e.name),
        ),
      );
    for (const e of entries) {
      if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') visit(join(dir, e.name));
    }
  };
  try {
    visit(tree);
  } catch (error) {
    if (error instanceof ImportInputError) throw error;
    throw new ImportInputError(
      tree,
      `cannot be read: ${(error as Error).message}; give the folder of a Doorstop tree`,
    );
  }
  if (docs.length === 0) {
    throw new ImportInputError(
      tree,
      'holds no Doorstop document (no .doorstop.yml below it); give the folder of a Doorstop tree',
    );
  }
  return docs;
}

function shown(tree: string, path: string): string {
  return relative(tree, path).split('\\').join('/');
}

function readDocument(tree: string, dir: string, names: string[]): DoorstopDocument {
  const configFile = join(dir, '.doorstop.yml');
  const configName = shown(tree, configFile);
  const { doc, text } = readYaml(configFile, configName);
  const settings = doc.get('settings') as { toJSON?: () => unknown } | undefined;
  const values = (settings?.toJSON?.() ?? {}) as Record<string, unknown>;
  if (typeof values.prefix !== 'string' || values.prefix === '') {
    throw new ImportInputError(
      configName,
      'has no settings.prefix; every Doorstop document needs one',
      lineOfKey(doc, text, 'settings'),
    );
  }
  const document: DoorstopDocument = {
    prefix: values.prefix,
    digits: typeof values.digits === 'number' ? values.digits : 3,
    sep: typeof values.sep === 'string' ? values.sep : '',
    folder: shown(tree, dir),
    items: [],
    otherFiles: [],
  };
  if (typeof values.parent === 'string' && values.parent !== '') document.parent = values.parent;
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (name.endsWith('.yml') && name.startsWith(document.prefix)) {
      document.items.push(readItem(path, shown(tree, path), name.slice(0, -'.yml'.length)));
    } else if (name.endsWith('.md') && name.startsWith(document.prefix)) {
      document.otherFiles.push(shown(tree, path));
    }
  }
  return document;
}

function readItem(path: string, name: string, uid: string): DoorstopItem {
  const { doc, text } = readYaml(path, name);
  const attributes = doc.toJSON() as unknown;
  if (attributes === null || typeof attributes !== 'object' || Array.isArray(attributes)) {
    throw new ImportInputError(
      name,
      'is not a Doorstop item: it must be a YAML mapping of attributes (text, links, …)',
      1,
    );
  }
  const lines: Record<string, number> = {};
  const lineOf = keyLines(doc, text);
  for (const key of Object.keys(attributes)) lines[key] = lineOf(key);
  const levelNode = doc.get('level', true) as Scalar | undefined;
  const level = levelNode?.range
    ? text.slice(levelNode.range[0], levelNode.range[1]).replace(/^['"]|['"]$/g, '')
    : '';
  return { uid, file: name, attributes: attributes as Record<string, unknown>, level, lines };
}

function readYaml(path: string, name: string): { doc: Document; text: string } {
  const text = readFileSync(path, 'utf8');
  // Doorstop's `!include` tag: kept as the path it names, so the rest of the file still reads.
  const doc = parseDocument(text, {
    customTags: [{ tag: '!include', resolve: (value: string) => `!include ${value}` }],
  });
  const problem = doc.errors[0];
  if (problem !== undefined) {
    const at = problem.linePos?.[0];
    throw new ImportInputError(name, `not valid YAML: ${problem.message.split('\n')[0]}`, at?.line, at?.col);
  }
  return { doc, text };
}

function lineOfKey(doc: Document, text: string, key: string): number {
  return keyLines(doc, text)(key);
}

/**
 * The 1-based line of each top-level key (the first pair with it; line 1 for a key not there). The keys
 * and lines are found once per file: an item with many attributes asks for every one.
 */
function keyLines(doc: Document, text: string): (key: string) => number {
  const contents = doc.contents as {
    items?: { key: { value?: unknown; range?: [number, number, number] } }[];
  } | null;
  const offsets = new Map<unknown, number>();
  for (const pair of contents?.items ?? []) {
    if (!offsets.has(pair.key.value)) offsets.set(pair.key.value, pair.key.range?.[0] ?? 0);
  }
  const lines = new LineIndex(text);
  return (key) => lines.position(offsets.get(key) ?? 0).line;
}
