// The editor's web UI: the built files of ui/editor (dist/ui/editor/) when present, otherwise a small
// page saying the UI is not built. Only files inside the folder are served.
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rr editor</title></head>
<body><h1>rr editor</h1>
<p>The web UI is not built. The JSON API is served under <code>/api/</code> (see docs/api.md).</p>
</body></html>
`;

/** Serves the UI folder (or the not-built page) for every GET outside /api/. */
export function registerStaticUi(app: FastifyInstance, uiDir: string | undefined): void {
  app.get('/*', async (request, reply) => {
    const path = safeDecode(request.url.split('?')[0]!.slice(1)) || 'index.html';
    if (path === 'api' || path.startsWith('api/'))
      return reply.code(404).send({ code: 'not-found', message: `no route GET /${path}` });
    const file = uiDir ? await uiFile(uiDir, path) : undefined;
    if (!file) {
      if (path !== 'index.html' && uiDir)
        return reply.code(404).send({ code: 'not-found', message: `no ${path}` });
      return reply.type('text/html; charset=utf-8').send(NOT_BUILT);
    }
    return reply
      .type(TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
      .send(await readFile(file));
  });
}

/** A file of the UI folder, or undefined when the path leaves it or names no file. */
async function uiFile(uiDir: string, path: string): Promise<string | undefined> {
  if (path.includes('\0') || path.split(/[\\/]/).includes('..')) return undefined;
  try {
    const root = await realpath(uiDir);
    const real = await realpath(join(root, path));
    const rel = relative(root, real);
    if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return '\0'; // a malformed escape names no file
  }
}
