// A text file as lines for the code views of both servers (the editor's code viewer, the viewer's source
// browser): regular UTF-8 text up to MAX_SOURCE_BYTES, or why it is not shown.
import { readSourceBytes } from './source-bytes.js';

/** The file's lines (without a last empty line), or why there are none. */
export type SourceLines =
  | { kind: 'text'; lines: string[] }
  | { kind: 'binary' }
  | { kind: 'not-utf8' }
  | { kind: 'too-large'; size: number }
  | { kind: 'unreadable'; reason: string };

/** Reads a file's lines; a file that is binary, too large, not UTF-8 or unreadable says so. */
export async function readSourceLines(path: string): Promise<SourceLines> {
  const read = await readSourceBytes(path);
  if (read.kind !== 'text') return read;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(read.bytes);
  } catch {
    return { kind: 'not-utf8' };
  }
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return { kind: 'text', lines };
}
