// Sending files: @fastify/static's reply.sendFile streams a file with its length, an ETag and
// conditional GET (304), and sends a `<file>.gz` copy beside it to a client that accepts gzip
// (gzip-copy.ts makes those). Files are revalidated on every use (no-cache), never served from a
// range or a dot-named path, and typed by contentTypeOf.
import fastifyStatic, { type SendOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentTypeOf } from './content-types.js';

/** Gives every reply of `app` sendFile(name, folder). */
export function registerFileReplies(app: FastifyInstance): void {
  void app.register(fastifyStatic, {
    root: process.cwd(), // unused: every sendFile names its folder
    serve: false,
    preCompressed: true,
    acceptRanges: false,
    lastModified: false,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders(reply, path) {
      reply.header('cache-control', 'no-cache');
      // A pre-compressed copy is typed as the file it is a copy of.
      reply.header('content-type', contentTypeOf(path.replace(/\.(?:gz|br)$/, '')));
    },
  });
}

/**
 * Sends `file` (a name inside the folder `root`) with the replies registerFileReplies set up. The viewer
 * package sends its files through this: @fastify/static's types add reply.sendFile only in a program that
 * imports the plugin itself.
 */
export function sendFile(
  reply: FastifyReply,
  file: string,
  root: string,
  options?: SendOptions,
): FastifyReply {
  return options ? reply.sendFile(file, root, options) : reply.sendFile(file, root);
}
