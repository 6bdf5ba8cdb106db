// The live viewer's HTTP server: a fastify app with the network guards, the JSON API of
// docs/viewer-api.md and the page, bound to every --listen address. Each concern is a file of its own;
// this one puts them together and owns the listeners.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ViewerConfig } from '../config/resolve-viewer-config.js';
import type { GeometryExtractor } from '../geometry/geometry-cache.js';
import type { PcbToolResolution } from '../geometry/pcb-tool-resolution.js';
import { packageRoot } from '../../model/package-paths.js';
import { aboutRoute, type AboutInfo } from './about-route.js';
import { installErrorAnswers } from './api-error.js';
import { controlRoutes } from './control-routes.js';
import { geometryRoutes } from './geometry-routes.js';
import { installHostGuard } from './host-guard.js';
import {
  parseListenAddress,
  urlHost,
  viewerNames,
  type ListenAddress,
  type ViewerNames,
} from './listener-addresses.js';
import { notesRoutes } from './notes-routes.js';
import { installOriginGuard } from './origin-guard.js';
import { recordRoutes } from './record-routes.js';
import { installSecurityHeaders } from './security-headers.js';
import { sourceInfo, type SourceInfo } from './source-revision.js';
import { stateRoutes } from './state-routes.js';
import { staticFiles } from './static-files.js';
import { unavailableRoutes } from './unavailable-routes.js';
import { ViewerContext } from './viewer-context.js';
import { viewerFeatures } from './viewer-features.js';

/** Request bodies larger than this are refused with 413. */
export const BODY_LIMIT = 1024 * 1024;

/** What a viewer server serves and how. */
export interface ViewerServerOptions {
  config: ViewerConfig;
  /** The geometry extractor (default: the native reader) and a line saying which it is. */
  extract?: GeometryExtractor;
  geometryDescription?: string;
  /** KiCad's command-line tool as resolved at start, for the features list. */
  pcbCli?: PcbToolResolution;
  /** Folder of the page files (default: dist/ui/viewer/ of the rr package when built, else ui/viewer/). */
  uiDir?: string;
  /** The source part of GET /api/about (default: looked up from the package's checkout). */
  source?: SourceInfo;
  version?: string;
  license?: string;
  now?: () => Date;
  /** Where failures of the viewer itself are reported (default: stderr). */
  log?: (line: string) => void;
}

/** A viewer server: the app and its listeners. */
export interface ViewerServer {
  app: FastifyInstance;
  context: ViewerContext;
  /** Binds every listener; resolves to the bound addresses (ports filled in). */
  listen(): Promise<ListenAddress[]>;
  /** The page's URL on each listener. */
  urls(): string[];
  /** Stops listening, ends open connections and closes the app. */
  close(): Promise<void>;
}

/** Builds a viewer server for a resolved configuration; call listen() to start it. */
export async function createViewerServer(options: ViewerServerOptions): Promise<ViewerServer> {
  const config = options.config;
  const wanted = config.listen.map((text) => {
    const parsed = parseListenAddress(text, config.port);
    if (typeof parsed === 'string') throw new Error(parsed);
    return parsed;
  });
  const log = options.log ?? ((line: string) => process.stderr.write(`rr view: ${line}\n`));
  const now = options.now ?? (() => new Date());
  const context = new ViewerContext(config, options.extract, now);
  const root = packageRoot();
  const about: AboutInfo = {
    name: 'rr',
    version: options.version ?? '0.0.0',
    license: options.license ?? 'Apache-2.0',
    title: config.title,
    source:
      options.source ??
      (await sourceInfo({
        packageRoot: root,
        env: process.env,
        ...(config.sourceUrl ? { sourceUrl: config.sourceUrl } : {}),
      })),
  };
  const features = viewerFeatures({
    config,
    geometryDescription: options.geometryDescription ?? 'board geometry: native .kicad_pcb reader',
    ...(options.pcbCli ? { pcbCli: options.pcbCli } : {}),
  });

  let bound: ListenAddress[] = [];
  let names: ViewerNames = viewerNames([], config.allowHost, config.allowOrigin);
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 500 },
    return503OnClosing: true,
  });
  // Only JSON bodies: a text/plain POST is what a cross-site form can send without a preflight.
  app.removeContentTypeParser('text/plain');
  installHostGuard(app, () => names);
  installOriginGuard(app, () => names);
  installSecurityHeaders(app);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  installErrorAnswers(app, log);
  stateRoutes(app, context);
  geometryRoutes(app, context);
  controlRoutes(app, context);
  recordRoutes(app, context);
  notesRoutes(app, context);
  aboutRoute(app, about);
  unavailableRoutes(app, features);
  staticFiles(app, {
    candidates: [
      ...(config.dist ? [config.dist] : []),
      // The page npm run build bundled (npm ci builds it), before the bare sources, which cannot run unbundled.
      ...(options.uiDir ? [options.uiDir] : [join(root, 'dist', 'ui', 'viewer'), join(root, 'ui', 'viewer')]),
    ],
    title: config.title,
  });
  await app.ready();

  const servers: Server[] = [];
  return {
    app,
    context,
    async listen() {
      for (const address of wanted) {
        const server = createServer((req, res) => app.routing(req, res));
        servers.push(server);
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen({ host: address.host, port: address.port }, () => {
            server.off('error', reject);
            resolve();
          });
        });
        const info = server.address();
        bound.push({ host: address.host, port: typeof info === 'object' && info ? info.port : address.port });
      }
      names = viewerNames(bound, config.allowHost, config.allowOrigin);
      return bound;
    },
    urls() {
      // A wildcard listener is reachable on loopback too; other names need --allow-host.
      return bound.map((b) => {
        const host = b.host === '0.0.0.0' || b.host === '::' ? '127.0.0.1' : urlHost(b.host);
        return `http://${host}:${b.port}/`;
      });
    },
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      bound = [];
      await app.close();
    },
  };
}
