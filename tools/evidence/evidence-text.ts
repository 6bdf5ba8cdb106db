// Reads one evidence file as text, refusing files too large to be a test report.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { reason } from '../model/model-files.js';

/** Largest evidence file rr reads (64 MiB); larger files are reported, not parsed. */
export const MAX_EVIDENCE_FILE_BYTES = 64 * 1024 * 1024;

/** The file's text, or the read-error diagnostic that replaces it. */
export type EvidenceText = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/**
 * Reads `rel` under `root`: UTF-8 (a BOM is dropped), or UTF-16 when a BOM says so. Bytes that are not
 * valid UTF-8 become U+FFFD rather than failing the file: test logs in <system-out> often hold them.
 */
export function readEvidenceText(root: string, rel: string): EvidenceText {
  // Synchronous calls: a reader (a worker thread, or ingestion's own loop) reads its files one after
  // another, and four awaited round trips through the thread pool per file (open, stat, read, close)
  // left the thread idle for about a fifth of ingestion (bench/report).
  let handle: number;
  try {
    handle = openSync(join(root, rel), 'r');
  } catch (error) {
    return fail(rel, `cannot read file: ${reason(error)}`);
  }
  try {
    // The size comes from the open handle, so a file that grows after the check is still cut off.
    const { size } = fstatSync(handle);
    if (size > MAX_EVIDENCE_FILE_BYTES) {
      return fail(
        rel,
        `file is ${size} bytes, over the ${MAX_EVIDENCE_FILE_BYTES / (1024 * 1024)} MiB limit for ` +
          'evidence files; not read',
      );
    }
    const bytes = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const bytesRead = readSync(handle, bytes, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { ok: true, text: decode(bytes.subarray(0, filled)) };
  } catch (error) {
    return fail(rel, `cannot read file: ${reason(error)}`);
  } finally {
    closeSync(handle);
  }
}

function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // TextDecoder drops a UTF-8 BOM by default.
  return new TextDecoder('utf-8').decode(bytes);
}

function fail(file: string, message: string): EvidenceText {
  return { ok: false, diagnostic: diagnostic('read-error', 'error', message, { file }) };
}
