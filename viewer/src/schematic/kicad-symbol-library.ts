// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads KiCad symbol libraries (.kicad_sym) from the --parts folders: each symbol's pins (number, name,
// type, position, direction, length) and body shapes, per unit, with `extends` resolved. Read with the
// S-expression reader of the geometry layer.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  atomText,
  child,
  children,
  head,
  numberAt,
  parseSourceTree,
  type SList,
} from '../geometry/sexpr-source-tree.js';

/** A pin as the library draws it (KiCad symbol coordinates: mm, y up). */
export interface LibraryPin {
  number: string;
  name: string;
  type: string;
  x: number;
  y: number;
  /** Direction from the connection point towards the body: 0 right, 90 up, 180 left, 270 down. */
  angle: number;
  length: number;
  unit: number;
}

/** A body box of one unit (rectangles, and the bounds of other shapes). */
export interface LibraryBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  unit: number;
}

export interface LibrarySymbol {
  /** "library:name". */
  id: string;
  name: string;
  library: string;
  pins: LibraryPin[];
  boxes: LibraryBox[];
}

/** Symbols by "library:name", and by bare name when only one library has it. */
export interface SymbolIndex {
  byId: Map<string, LibrarySymbol>;
  byName: Map<string, LibrarySymbol | null>;
  files: number;
  problems: string[];
}

const MAX_FILES = 2000;

/** Reads every .kicad_sym under the folders (recursively); unreadable files become problems. */
export function readSymbolLibraries(folders: readonly string[]): SymbolIndex {
  const index: SymbolIndex = { byId: new Map(), byName: new Map(), files: 0, problems: [] };
  const files: string[] = [];
  for (const folder of folders) {
    try {
      if (statSync(folder).isFile()) files.push(folder);
      else
        for (const entry of readdirSync(folder, { recursive: true, encoding: 'utf8' }))
          if (entry.endsWith('.kicad_sym')) files.push(join(folder, entry));
    } catch (error) {
      index.problems.push(
        `parts folder ${folder}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
  }
  for (const file of files.sort().slice(0, MAX_FILES)) {
    try {
      for (const symbol of readSymbolLibrary(readFileSync(file, 'utf8'), basename(file, '.kicad_sym'))) {
        index.byId.set(symbol.id, symbol);
        index.byName.set(symbol.name, index.byName.has(symbol.name) ? null : symbol);
      }
      index.files++;
    } catch (error) {
      index.problems.push(`${file}: not a readable KiCad symbol library: ${(error as Error).message}`);
    }
  }
  if (files.length > MAX_FILES)
    index.problems.push(`only the first ${MAX_FILES} of ${files.length} symbol libraries were read`);
  return index;
}

/** The symbols of one library's text; `library` is its nickname (the file's name). */
export function readSymbolLibrary(text: string, library: string): LibrarySymbol[] {
  const root = parseSourceTree(text);
  if (head(root) !== 'kicad_symbol_lib')
    throw new Error(`the file is a (${head(root) ?? '?'} …), not (kicad_symbol_lib …)`);
  const own = new Map<string, { node: SList; parent?: string }>();
  for (const node of children(root, 'symbol')) {
    const name = atomText(node[1]) ?? '';
    own.set(name, {
      node,
      ...(child(node, 'extends') ? { parent: atomText(child(node, 'extends')![1]) ?? '' } : {}),
    });
  }
  const symbols: LibrarySymbol[] = [];
  for (const [name, entry] of own) {
    // A derived symbol draws its parent's pins and shapes (following a chain of `extends`).
    let drawn = entry;
    for (let hops = 0; drawn.parent !== undefined && hops < 10; hops++) {
      const parent = own.get(drawn.parent);
      if (!parent) break;
      drawn = parent;
    }
    const { pins, boxes } = unitsOf(drawn.node);
    symbols.push({ id: `${library}:${name}`, name, library, pins, boxes });
  }
  return symbols;
}

/** Pins and body boxes of a symbol's units (`NAME_<unit>_<style>`; De Morgan style 2 left out). */
function unitsOf(node: SList): { pins: LibraryPin[]; boxes: LibraryBox[] } {
  const pins: LibraryPin[] = [];
  const boxes: LibraryBox[] = [];
  for (const unitNode of children(node, 'symbol')) {
    const match = /_(\d+)_(\d+)$/.exec(atomText(unitNode[1]) ?? '');
    const unit = match ? Number(match[1]) : 0;
    const style = match ? Number(match[2]) : 0;
    if (style > 1) continue;
    for (const pin of children(unitNode, 'pin')) {
      const at = child(pin, 'at');
      pins.push({
        number: atomText(child(pin, 'number')?.[1]) ?? '',
        name: atomText(child(pin, 'name')?.[1]) ?? '',
        type: atomText(pin[1]) ?? 'unspecified',
        x: numberAt(at, 1) ?? 0,
        y: numberAt(at, 2) ?? 0,
        angle: numberAt(at, 3) ?? 0,
        length: numberAt(child(pin, 'length'), 1) ?? 2.54,
        unit,
      });
    }
    for (const shape of unitNode) {
      if (!Array.isArray(shape)) continue;
      const box = shapeBox(shape);
      if (box) boxes.push({ ...box, unit });
    }
  }
  return { pins, boxes };
}

function shapeBox(shape: SList): Omit<LibraryBox, 'unit'> | undefined {
  const points: [number, number][] = [];
  const kind = head(shape);
  if (kind === 'rectangle') {
    for (const key of ['start', 'end']) {
      const p = child(shape, key);
      points.push([numberAt(p, 1) ?? 0, numberAt(p, 2) ?? 0]);
    }
  } else if (kind === 'polyline' || kind === 'bezier') {
    for (const xy of children(child(shape, 'pts') ?? [], 'xy'))
      points.push([numberAt(xy, 1) ?? 0, numberAt(xy, 2) ?? 0]);
  } else if (kind === 'circle') {
    const c = child(shape, 'center');
    const r = numberAt(child(shape, 'radius'), 1) ?? 0;
    const x = numberAt(c, 1) ?? 0;
    const y = numberAt(c, 2) ?? 0;
    points.push([x - r, y - r], [x + r, y + r]);
  } else if (kind === 'arc') {
    for (const key of ['start', 'mid', 'end']) {
      const p = child(shape, key);
      if (p) points.push([numberAt(p, 1) ?? 0, numberAt(p, 2) ?? 0]);
    }
  } else return undefined;
  if (points.length === 0) return undefined;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}
