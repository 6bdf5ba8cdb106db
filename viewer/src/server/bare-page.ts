// SPDX-License-Identifier: AGPL-3.0-or-later
// The page without the assembled dist: the viewer's own modules as tsc compiled them (dist/ui-modules,
// built with the server), the installed lit under /node_modules/ through an import map, and the page's
// stylesheet and licence from ui/. Everything works but what needs a library only the assembled
// page carries: the 3D view (three.js) and the schematic layout (elkjs) say so in their tabs
// (ui/src/page-mode.ts). Each library is served with its licence text under its own file name.
import { sendFile } from 'rules-rr/core/http/file-replies.js';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ViewerRouteError } from './viewer-route-error.js';
import { pageFile } from 'rules-rr/core/http/page-file.js';
import { isJsonObject } from 'rules-rr/core/model/checked-json.js';

/** The packages the bare page loads from node_modules: lit and the packages it is made of. */
export const BARE_LIBRARIES = ['lit', 'lit-html', 'lit-element', '@lit/reactive-element'] as const;

/** The names a package's licence text goes by, in the order ui/build-ui.mjs looks for them. */
const LICENCE_FILES = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'LICENCE', 'LICENCE.md', 'COPYING', 'license'];

/** An installed library the bare page serves: its package folder and its licence file's name. */
export interface BareLibrary {
  dir: string;
  licence: string;
}

/** Where the bare page's files are. */
export interface BarePage {
  /** The HTML of the page (with its import map). */
  html: string;
  /** dist/ui-modules: the compiled modules. */
  modules: string;
  /** The viewer package folder: ui/viewer.css and LICENSE. */
  source: string;
  /** Each library's installed package folder and licence file. */
  packages: Map<string, BareLibrary>;
}

/**
 * The bare page of the viewer package at `root`, or undefined when its modules are not compiled, lit is not
 * installed, or an installed library has no licence text to serve beside it.
 */
export function barePage(root: string, title: string): BarePage | undefined {
  const modules = join(root, 'dist', 'ui-modules');
  const entry = join(modules, 'ui', 'src', 'viewer.js');
  if (!existsSync(entry)) return undefined;
  const packages = new Map<string, BareLibrary>();
  for (const name of BARE_LIBRARIES) {
    const dir = installedPackage(root, name);
    const licence = dir ? LICENCE_FILES.find((file) => existsSync(join(dir, file))) : undefined;
    if (!dir || !licence) return undefined;
    packages.set(name, { dir, licence });
  }
  const imports: Record<string, string> = {};
  for (const [name, { dir }] of packages) {
    imports[name] = `/node_modules/${name}/${browserEntry(dir)}`;
    imports[`${name}/`] = `/node_modules/${name}/`;
  }
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="rr-page" content="bare" />
    <title>${escape(title)} · rr viewer</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/viewer.css" />
    <script type="importmap">${JSON.stringify({ imports })}</script>
    <script type="module" src="/modules/ui/src/viewer.js"></script>
  </head>
  <body>
    <rr-viewer-app></rr-viewer-app>
  </body>
</html>
`;
  return { html, modules, source: root, packages };
}

/** Registers the bare page's routes (every GET outside /api/); needs registerFileReplies. */
export function registerBarePage(app: FastifyInstance, page: BarePage): void {
  const thirdParty = {
    libraries: [...page.packages].map(([name, { dir, licence }]) => {
      const pkg = packageJson(dir);
      const text = (key: string) => (typeof pkg[key] === 'string' ? pkg[key] : null);
      return {
        name,
        version: text('version') ?? 'unknown',
        license: text('license') ?? 'see its licence file',
        homepage: text('homepage'),
        licenseFile: `node_modules/${name}/${licence}`,
        files: [],
      };
    }),
  };
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/')) return reply.callNotFound();
    if (path === '/' || path === '/index.html')
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.html);
    if (path === '/third-party.json') return thirdParty;
    if (path === '/viewer.css') return send(reply, join(page.source, 'ui'), path);
    if (path === '/LICENSE') return send(reply, page.source, path);
    if (path.startsWith('/modules/')) return send(reply, page.modules, path.slice('/modules'.length));
    const library = [...page.packages].find(([name]) => path.startsWith(`/node_modules/${name}/`));
    // Only the libraries' scripts and licence texts, never their other files.
    const inside = library ? path.slice(`/node_modules/${library[0]}`.length) : '';
    if (library && (inside.endsWith('.js') || inside === `/${library[1].licence}`))
      return send(reply, library[1].dir, inside);
    throw new ViewerRouteError('not-found', `no page file ${path}`);
  });
}

function send(reply: import('fastify').FastifyReply, root: string, path: string) {
  const file = pageFile(root, path);
  if (file === undefined) throw new ViewerRouteError('not-found', `no page file ${path}`);
  return sendFile(reply, file, root);
}

/** The package folder `name` resolves to from `root` (node_modules here or in a folder above). */
function installedPackage(root: string, name: string): string | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The file a browser import of the package loads (its exports' browser, else default, entry). */
function browserEntry(dir: string): string {
  const pkg = packageJson(dir);
  const dot = isJsonObject(pkg.exports) ? pkg.exports['.'] : undefined;
  const pick = (v: unknown): string | undefined => {
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      return pick(o.browser) ?? pick(o.import) ?? pick(o.default);
    }
    return undefined;
  };
  const field = (key: string) => (typeof pkg[key] === 'string' ? pkg[key] : undefined);
  return (pick(dot) ?? field('module') ?? field('main') ?? 'index.js').replace(/^\.\//, '');
}

/** An installed package's package.json as a plain object (an unreadable one gives the defaults). */
function packageJson(dir: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return isJsonObject(value) ? value : {};
  } catch {
    return {};
  }
}
