import { readFileSync } from 'node:fs';
import { diagnostic, type Diagnostic } from './diagnostic.js';
import { reason } from './model-files.js';

/** The decoded text of a model file, or the diagnostic saying why it has none. */
export type ModelText = { ok: true; text: string; bom: boolean } | { ok: false; diagnostic: Diagnostic };

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads a file as UTF-8 (a BOM is dropped); other encodings are reported with the line of the first bad
 * byte. Synchronously: a loader composing files one after another on one thread would otherwise wait
 * for the thread pool on every file (docs/decisions/0194-synchronous-listing-and-reads.md).
 */
export function readModelTextSync(file: string): ModelText {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    return failure(file, `cannot read file: ${reason(error)}`);
  }
  return decodeModelBytes(file, bytes);
}

/** Decodes bytes already read; exported for the editor, which reads files itself. */
export function decodeModelBytes(file: string, bytes: Uint8Array): ModelText {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return failure(file, 'file is UTF-16 encoded; save it as UTF-8', 1, 1);
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  // A NUL is valid UTF-8 but never part of YAML or JSON text: it is how UTF-16 without a BOM shows.
  if (!body.includes(0)) {
    try {
      return { ok: true, text: decoder.decode(body), bom };
    } catch {
      // reported below with the first bad byte
    }
  }
  const at = firstInvalidUtf8(body);
  const { line, column } = lineColumnOfByte(body, at);
  const byte = body[at]?.toString(16).padStart(2, '0') ?? '??';
  const hint = body[at] === 0 ? '; UTF-16 without a BOM?' : '';
  return failure(
    file,
    `file is not valid UTF-8 (byte 0x${byte} at line ${line}, column ${column}${hint}); re-save it as UTF-8`,
    line,
    column,
  );
}

function failure(file: string, message: string, line?: number, column?: number): ModelText {
  return { ok: false, diagnostic: diagnostic('read-error', 'error', message, { file, line, column }) };
}

/** Offset of the first byte that breaks UTF-8 (RFC 3629: no overlongs, surrogates or > U+10FFFF) or is a NUL. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    let n: number;
    let min: number;
    if (c === 0) return i;
    if (c < 0x80) {
      i++;
      continue;
    } else if (c >= 0xc2 && c <= 0xdf) {
      n = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      min = 0x10000;
    } else return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const cc = b[i + k];
      if (cc === undefined || (cc & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (cc & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return b.length;
}

/** Line and column of a byte whose predecessors are valid UTF-8; columns count UTF-16 code units, as yaml's do. */
function lineColumnOfByte(b: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    const c = b[i]!;
    if (c === 0x0a) {
      line++;
      column = 1;
    } else if ((c & 0xc0) !== 0x80) {
      column += c >= 0xf0 ? 2 : 1; // continuation bytes add nothing; 4-byte sequences are surrogate pairs
    }
  }
  return { line, column };
}
