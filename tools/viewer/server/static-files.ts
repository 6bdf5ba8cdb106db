// The page: files of one folder (--dist, else the package's built dist/ui/viewer/, else its ui/viewer/)
// for every path outside /api/, or a built-in page that says the page is not built. A request path can only name a file inside the
// folder: `..`, dot-named segments, backslashes and NUL are refused, and so is a symbolic link out.
import { createReadStream, realpathSync, type Stats } from 'node:fs';
import { extname, join, relative, sep, isAbsolute } from 'node:path';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { statOrUndefined } from '../live/safe-stat.js';
import { noRoute, sendError } from './api-error.js';
import { fallbackPage } from './fallback-page.js';
import { acceptsGzip } from './gzip-copy.js';

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

/** Where the page's files come from. */
export interface StaticFilesOptions {
  /** Folders to serve from, first with an index.html wins (--dist, the package's dist/ui/viewer/, ui/viewer/). */
  candidates: string[];
  title: string;
}

/** Registers the catch-all route that serves the page. */
export function staticFiles(app: FastifyInstance, options: StaticFilesOptions): void {
  const root = options.candidates.find((dir) => statOrUndefined(join(dir, 'index.html'))?.isFile());
  const fallback = fallbackPage(options.title, options.candidates);
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/'))
      return sendError(reply, noRoute(request.method, request.url));
    if (root === undefined) {
      if (path !== '/' && path !== '/index.html') return notFound(request, reply);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(fallback);
    }
    const file = fileFor(root, path);
    if (file === undefined) return notFound(request, reply);
    return sendFile(request, reply, file.path, file.stats);
  });
}

/** The file a URL path names inside `root`, or undefined when it names none or tries to leave it. */
export function fileFor(root: string, urlPath: string): { path: string; stats: Stats } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.'))) return undefined; // `..`, `.`, and hidden files
  let path = join(root, ...segments);
  let stats = statOrUndefined(path);
  if (stats?.isDirectory()) {
    path = join(path, 'index.html');
    stats = statOrUndefined(path);
  }
  if (!stats?.isFile()) return undefined;
  try {
    const rel = relative(realpathSync(root), realpathSync(path));
    if (rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return undefined;
  } catch {
    return undefined;
  }
  return { path, stats };
}

function sendFile(request: FastifyRequest, reply: FastifyReply, path: string, stats: Stats): FastifyReply {
  const type = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const etag = `"${stats.size}-${Math.floor(stats.mtimeMs)}"`;
  reply
    .header('content-type', type)
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const text =
    type.startsWith('text/') || type.startsWith('application/json') || type.startsWith('image/svg');
  if (text && stats.size > 1024 && acceptsGzip(request.headers['accept-encoding']))
    return reply.header('content-encoding', 'gzip').send(createReadStream(path).pipe(createGzip()));
  return reply.header('content-length', stats.size).send(createReadStream(path));
}

function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, {
    status: 404,
    code: 'not-found',
    message: `no page file ${request.url.split('?')[0]}`,
  });
}
