// SPDX-License-Identifier: AGPL-3.0-or-later
// The file of one geometry part: the 4 bytes "RRGP", a little-endian uint32 format version, a uint32
// header length, the header (UTF-8 JSON: part name and kind, the part's strings and small structures,
// and the layout of each number column), padding to 8 bytes, then the columns, each 8-byte aligned.
import { columnBytes, decodeColumn, type ColumnLayout, type EncodedColumn } from './geometry-columns.js';

/** Format version of part files; a reader refuses any other. */
export const PART_FILE_VERSION = 1;

const MAGIC = [0x52, 0x52, 0x47, 0x50]; // "RRGP"
const PREAMBLE = 12;

/** The header of a part file. */
export interface PartFileHeader {
  part: string;
  kind: string;
  /** The part's content that is not number columns. */
  json: unknown;
  columns: ColumnLayout[];
}

/** A part file read back: its header and its columns by name. */
export interface PartFile {
  header: PartFileHeader;
  /** The decoded values of a column; an empty list for a column the file does not have. */
  column(name: string): ArrayLike<number>;
}

/** A part file that cannot be read (truncated, another format); names the part. */
export class PartFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PartFileError';
  }
}

const align8 = (n: number) => (n + 7) & ~7;

/** The bytes of a part file. */
export function writePartFile(
  part: string,
  kind: string,
  json: unknown,
  columns: EncodedColumn[],
): Uint8Array {
  let offset = 0;
  const layouts: ColumnLayout[] = columns.map((c) => {
    const layout = { ...c.layout, offset };
    offset = align8(offset + c.bytes.length);
    return layout;
  });
  const header = new TextEncoder().encode(JSON.stringify({ part, kind, json, columns: layouts }));
  const base = align8(PREAMBLE + header.length);
  const out = new Uint8Array(base + offset);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, PART_FILE_VERSION, true);
  view.setUint32(8, header.length, true);
  out.set(header, PREAMBLE);
  columns.forEach((c, i) => out.set(c.bytes, base + layouts[i]!.offset));
  return out;
}

/** Reads a part file; `what` names it in errors. */
export function readPartFile(bytes: Uint8Array, what: string): PartFile {
  // Typed views need aligned offsets: a Node Buffer from a pool may start anywhere.
  const own = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const fail = (why: string) => new PartFileError(`${what}: not a geometry part file: ${why}`);
  if (own.length < PREAMBLE || MAGIC.some((b, i) => own[i] !== b))
    throw fail('it does not start with "RRGP"');
  const view = new DataView(own.buffer, own.byteOffset, own.byteLength);
  const version = view.getUint32(4, true);
  if (version !== PART_FILE_VERSION)
    throw fail(`format version ${version}, this viewer reads version ${PART_FILE_VERSION}`);
  const headerLength = view.getUint32(8, true);
  if (PREAMBLE + headerLength > own.length) throw fail('the file ends inside its header');
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(own.subarray(PREAMBLE, PREAMBLE + headerLength)));
  } catch (error) {
    throw fail(`its header is not JSON (${(error as Error).message})`);
  }
  const problem = headerProblem(parsed);
  if (problem !== undefined) throw fail(`its header ${problem}`);
  // The part's content (header.json) is what rr wrote: the file's name, and its ETag, is its hash.
  const header = parsed as PartFileHeader;
  const base = own.byteOffset + align8(PREAMBLE + headerLength);
  const layouts = new Map(header.columns.map((c) => [c.name, c]));
  let end = 0;
  for (const c of header.columns) {
    if (base + c.offset + columnBytes(c) > own.byteOffset + own.length)
      throw fail(`column ${c.name} runs past the end of the file (truncated?)`);
    end = Math.max(end, align8(c.offset + columnBytes(c)));
  }
  if (base + end !== own.byteOffset + own.length)
    throw fail(`it is ${own.length} bytes long, its header describes ${base - own.byteOffset + end}`);
  return {
    header,
    column(name) {
      const layout = layouts.get(name);
      return layout ? decodeColumn(layout, own.buffer as ArrayBuffer, base) : [];
    },
  };
}

/** Why a parsed header is not a part file header, or undefined. */
function headerProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a JSON object';
  const h = value as Record<string, unknown>;
  if (typeof h.part !== 'string' || typeof h.kind !== 'string') return 'names no part and kind';
  if (!Array.isArray(h.columns)) return 'lists no columns';
  const bad = h.columns.findIndex((c: unknown) => {
    const l = c as Record<string, unknown> | null;
    return (
      typeof l !== 'object' ||
      l === null ||
      typeof l.name !== 'string' ||
      (l.type !== 'i32' && l.type !== 'f64') ||
      ![l.scale, l.delta, l.length, l.offset].every((n) => Number.isInteger(n) && (n as number) >= 0) ||
      (l.offset as number) % 8 !== 0
    );
  });
  return bad < 0 ? undefined : `has a bad column layout at ${bad}`;
}
