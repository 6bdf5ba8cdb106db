// The lines of a source file a route shows (the editor's GET /api/source, the viewer's GET
// /api/source/file), or the HttpError that says why not: 404 unreadable, 415 binary or not UTF-8, 413
// larger than the code views show.
import { MAX_SOURCE_BYTES } from '../sources/source-bytes.js';
import { readSourceLines } from '../sources/source-lines.js';
import { HttpError } from './http-error.js';

/** The file's lines; `path` is how the request named it, `shownBy` the view ("the code viewer"). */
export async function sourceFileLines(real: string, path: string, shownBy: string): Promise<string[]> {
  const read = await readSourceLines(real);
  switch (read.kind) {
    case 'text':
      return read.lines;
    case 'unreadable':
      throw new HttpError('not-found', `cannot read ${path}: ${read.reason}`);
    case 'binary':
      throw new HttpError('not-text', `${path} is a binary file`);
    case 'not-utf8':
      throw new HttpError('not-text', `${path} is not UTF-8 text`);
    case 'too-large':
      throw new HttpError(
        'too-large',
        `${path} is ${read.size} bytes; ${shownBy} shows files up to ${MAX_SOURCE_BYTES / 1024 / 1024} MiB`,
      );
  }
}
