// The page of a server: the files of its folder for every GET outside /api/, compressed with gzip
// when the client accepts it (@fastify/compress) and revalidated by ETag (file-replies.ts), or, with
// no folder holding an index.html, a built-in page that says the page is not built.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.js';
import { COMPRESSIBLE_TYPES } from './content-types.js';
import { pageFile } from './page-file.js';

/** Where the page comes from. */
export interface StaticFilesOptions {
  /** Folders to serve from: the first that holds an index.html wins. */
  candidates: readonly string[];
  /** The HTML page to answer `/` with when no folder holds one. */
  fallbackPage: string;
}

/** The folder the page is served from: the first candidate that holds an index.html. */
export function pageRoot(candidates: readonly string[]): string | undefined {
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}

/** Registers the catch-all GET route of the page; needs registerFileReplies. */
export function registerStaticFiles(app: FastifyInstance, options: StaticFilesOptions): void {
  const root = pageRoot(options.candidates);
  void app.register(async (scope) => {
    // Only this route compresses on the fly: API answers stay as they are.
    await scope.register(compress, { global: false });
    scope.get(
      '/*',
      {
        compress: { encodings: ['gzip'], customTypes: COMPRESSIBLE_TYPES },
        // Runs before compress's own onSend: a 304 has no body to compress (nor a Content-Encoding).
        onSend: async (_request, reply, payload) => (reply.statusCode === 304 ? '' : payload),
      },
      async (request, reply) => {
        const path = request.url.split('?')[0]!;
        if (path === '/api' || path.startsWith('/api/')) return reply.callNotFound();
        if (root === undefined) {
          if (path !== '/' && path !== '/index.html') throw noPageFile(path);
          return reply
            .header('content-type', 'text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .send(options.fallbackPage);
        }
        const file = pageFile(root, path);
        if (file === undefined) throw noPageFile(path);
        return reply.sendFile(file, root);
      },
    );
  });
}

function noPageFile(path: string): HttpError {
  return new HttpError('not-found', `no page file ${path}`);
}
