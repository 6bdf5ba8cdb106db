// The Content-Type of each kind of file the servers send: the page's files and cached JSON.
import { basename, extname } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.glb': 'model/gltf-binary',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** The Content-Type of a file by its extension; unknown kinds are plain bytes. */
export function contentTypeOf(path: string): string {
  // Licence texts (LICENSE, COPYING, LICENSE.md…) are read in the browser, not downloaded.
  if (/^(licen[cs]e|copying)(\.(md|txt))?$/i.test(basename(path))) return 'text/plain; charset=utf-8';
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Whether a Content-Type is text worth compressing (text, JSON, SVG). */
export const COMPRESSIBLE_TYPES = /^(?:text\/|application\/json|image\/svg\+xml)/;
