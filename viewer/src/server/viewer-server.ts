// SPDX-License-Identifier: AGPL-3.0-or-later
// The live viewer's HTTP server: rr's HTTP layer (tools/http) with the viewer's Host and Origin rules,
// the JSON API of docs/viewer-api.md (routes/, one file per group) and the page, bound to every --listen
// address. This file puts them together and owns the listeners.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ViewerConfig } from '../config/resolve-viewer-config.js';
import type { GeometryExtractor } from '../geometry/geometry-cache.js';
import type { ReaderOptions } from '../live/live-directory-reader.js';
import type { PcbToolResolution } from '../geometry/pcb-tool-resolution.js';
import { VIEWER_CSP, type CspDirectives } from 'rules-rr/core/http/content-security-policies.js';
import { createHttpApp } from 'rules-rr/core/http/http-app.js';
import { registerOriginGuard } from 'rules-rr/core/http/origin-guard.js';
import { importMapHashes } from 'rules-rr/core/http/import-map-hashes.js';
import { pageRoot, registerStaticFiles } from 'rules-rr/core/http/static-files.js';
import { viewerPackageRoot } from '../viewer-package.js';
import { barePage, registerBarePage } from './bare-page.js';
import { fallbackPage } from './fallback-page.js';
import {
  parseListenAddress,
  urlHost,
  viewerNames,
  type ListenAddress,
  type ViewerNames,
} from './listener-addresses.js';
import { aboutRoute, VIEWER_LICENSE, type AboutInfo } from './routes/about-route.js';
import { agentRoutes } from './routes/agent-routes.js';
import { resolveAgentCli, type AgentCliResolution } from '../agent/agent-cli-resolution.js';
import type { AgentServiceOptions } from '../agent/agent-services.js';
import { sourceNetContext } from '../agent/net-labels/source-net-context.js';
import { controlRoutes } from './routes/control-routes.js';
import { preferencesRoutes } from './routes/preferences-routes.js';
import { geometryRoutes, type GeometryHold } from './routes/geometry-routes.js';
import { designNotesRoutes } from './routes/design-notes-routes.js';
import { viewerRecordRoutes } from './routes/viewer-record-routes.js';
import { stateRoutes } from './routes/state-routes.js';
import { threedRoutes } from './routes/threed-routes.js';
import { unavailableRoutes } from './routes/unavailable-routes.js';
import { schematicRoutes } from './routes/schematic-routes.js';
import { constraintsRoute } from './routes/constraints-route.js';
import { SchematicBuilds } from '../schematic/schematic-builds.js';
import { schematicSetup } from '../schematic/schematic-setup.js';
import { GlbExports } from '../threed/glb-exports.js';
import { sourceInfo, type SourceInfo } from './source-revision.js';
import { ViewerContext, type ViewerExtractor } from './viewer-context.js';
import { viewerErrors } from './viewer-errors.js';
import { viewerFeatures, type Feature } from './viewer-features.js';
import { DesignSourceIndex, designSourcesProblem } from '../design-sources/design-source-index.js';
import {
  EngineRuntimeError,
  resolveEngineRuntime,
  type EngineRuntime,
} from '../engine-runtime/engine-runtime.js';
import { componentCostRoute } from './routes/component-cost-route.js';
import { designSourceRoutes } from './routes/design-source-routes.js';
import { DesignKnowledgeSource } from './design-knowledge.js';
import { designGraphPath } from '../netlist/design-graph-location.js';
import { viewerHostRule, viewerOriginRule } from './viewer-guards.js';

/** Request bodies larger than this are refused with 413. */
export const BODY_LIMIT = 1024 * 1024;

/** What a viewer server serves and how. */
export interface ViewerServerOptions {
  config: ViewerConfig;
  /** The geometry extractor (default: the native reader) and a line saying which it is. */
  extract?: GeometryExtractor;
  geometryDescription?: string;
  /** Names the extractor and its settings for the geometry cache's key (default "native"). */
  extractorId?: string;
  /** Test seam: awaited before a geometry part is sent, so a test can hold one back. */
  geometryHold?: GeometryHold;
  /** KiCad's command-line tool as resolved at start, for the features list. */
  pcbCli?: PcbToolResolution;
  /** Folder of the assembled page (default: dist/ui/ of the viewer package). */
  /** The assistant CLI as resolved at start (default: the configured one, else `claude` on PATH). */
  agentCli?: AgentCliResolution;
  /** Seams of the assistant services for tests: turn time limit, web guard resolver, CLI environment. */
  agent?: Omit<AgentServiceOptions, 'cli'>;
  /** Folder of the page files (default: dist/ui/ of the viewer package when built, else its ui/). */
  uiDir?: string;
  /** The rr package whose compiled modules make the bare page when there is no assembled one (default: this rr, unless uiDir is given). */
  bareRoot?: string;
  /** The source part of GET /api/about (default: looked up from the package's checkout). */
  source?: SourceInfo;
  version?: string;
  license?: string;
  now?: () => Date;
  /** Where failures of the viewer itself are reported (default: stderr). */
  log?: (line: string) => void;
  /** Seam of the live directory readers for tests: hold the first indexing at a known point. */
  liveReader?: Partial<Pick<ReaderOptions, 'indexPause'>>;
}

/** A viewer server: the app and its listeners. */
export interface ViewerServer {
  app: FastifyInstance;
  context: ViewerContext;
  /** The features as GET /api/features lists them. */
  features: Feature[];
  /** Binds every listener; resolves to the bound addresses (ports filled in). */
  listen(): Promise<ListenAddress[]>;
  /** The page's URL on each listener. */
  urls(): string[];
  /** Which page is served: the assembled files (and their folder), the bare page, or the built-in notice. */
  page: { kind: 'assembled'; dir: string } | { kind: 'bare' } | { kind: 'none' };
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
  const agentCli =
    options.agentCli ??
    resolveAgentCli(
      config.agentCli ? { path: config.agentCli, source: 'configuration' } : undefined,
      process.env,
    );
  const sourcesProblem = designSourcesProblem(config);
  // The same graph as the schematic's: --graph, else the one the experiment writes into the live directory.
  const graph = designGraphPath(config);
  const sources =
    sourcesProblem === undefined
      ? new DesignSourceIndex({
          hdlRoot: config.hdlRoot!,
          hdlBuild: config.hdlBuild!,
          ...(config.hdlSrc ? { hdlSrc: config.hdlSrc } : {}),
          ...(config.parts ? { parts: config.parts } : {}),
          graph: graph.file,
          graphOrigin: graph.origin,
        })
      : undefined;
  const extractor: ViewerExtractor = {
    ...(options.extract ? { extract: options.extract } : {}),
    ...(options.extractorId ? { extractorId: options.extractorId } : {}),
  };
  const context = new ViewerContext(
    config,
    extractor,
    now,
    {
      ...options.agent,
      cli: agentCli,
      ...(sources ? { netSourceContext: () => sourceNetContext(sources) } : {}),
    },
    options.liveReader,
  );
  const root = viewerPackageRoot();
  const about: AboutInfo = {
    name: 'rr',
    version: options.version ?? '0.0.0',
    license: options.license ?? VIEWER_LICENSE,
    title: config.title,
    source:
      options.source ??
      (await sourceInfo({
        packageRoot: root,
        env: process.env,
        ...(config.sourceUrl ? { sourceUrl: config.sourceUrl } : {}),
      })),
  };
  // Its warnings are printed by `rr view` with the other startup lines (features[].startup).
  const schematic = schematicSetup(config);
  const engine = engineOrProblem(config.engineRuntime);
  const features = viewerFeatures({
    config,
    schematic,
    geometryDescription: options.geometryDescription ?? 'board geometry: native .kicad_pcb reader',
    ...(options.pcbCli ? { pcbCli: options.pcbCli } : {}),
    agentCli,
    ...(sourcesProblem !== undefined ? { sourcesProblem } : {}),
    engine,
  });
  const knowledge = new DesignKnowledgeSource(context, sources);

  let bound: ListenAddress[] = [];
  let names: ViewerNames = viewerNames([], config.allowHost, config.allowOrigin);
  const pageDirs = [
    ...(config.dist ? [config.dist] : []),
    // The page npm run build assembled (npm ci builds it); without it, the bare page.
    ...(options.uiDir ? [options.uiDir] : [join(root, 'dist', 'ui')]),
  ];
  const page = pageRoot(pageDirs);
  const bareRoot = options.bareRoot ?? (options.uiDir ? undefined : root);
  const bare = page === undefined && bareRoot !== undefined ? barePage(bareRoot, config.title) : undefined;
  const html = page ? readFileSync(join(page, 'index.html'), 'utf8') : bare?.html;
  const app = createHttpApp({
    csp: html ? withImportMaps(VIEWER_CSP, html) : VIEWER_CSP,
    host: viewerHostRule(() => names),
    errors: viewerErrors(BODY_LIMIT, log),
  });
  registerOriginGuard(
    app,
    viewerOriginRule(() => names),
  );
  stateRoutes(app, context);
  geometryRoutes(app, context, options.geometryHold);
  controlRoutes(app, context);
  preferencesRoutes(app, context);
  viewerRecordRoutes(app, context);
  designNotesRoutes(app, context, () => knowledge.knowledge());
  if (sources) designSourceRoutes(app, sources);
  if ('packageDir' in engine) componentCostRoute(app, context, engine);
  aboutRoute(app, about);
  const exports =
    options.pcbCli?.status === 'found'
      ? new GlbExports({
          cli: options.pcbCli.path,
          cacheDir: config.cacheDir,
          experimentDir: config.experimentDir,
        })
      : undefined;
  if (exports && options.pcbCli?.status === 'found') threedRoutes(app, context, exports, options.pcbCli);
  if (schematic.ok) {
    const builds = new SchematicBuilds(config.cacheDir, schematic.runtime);
    schematicRoutes(app, context, builds, {
      graph: schematic.graph,
      ...(config.constraints ? { constraints: config.constraints } : {}),
      parts: config.parts ? [config.parts] : [],
    });
  }
  constraintsRoute(app, config.constraints);
  agentRoutes(app, context, features);
  unavailableRoutes(app, features, () =>
    features.map((f) => {
      if (f.id !== 'agent' || !config.netSummaries) return f;
      const { state, reason, fix, progress } = context.agent.netLabels.status();
      return {
        ...f,
        netLabels: {
          state,
          ...(reason ? { reason } : {}),
          ...(fix ? { fix } : {}),
          ...(progress ? { progress } : {}),
        },
      };
    }),
  );
  if (bare) registerBarePage(app, bare);
  else registerStaticFiles(app, { candidates: pageDirs, fallbackPage: fallbackPage(config.title, pageDirs) });
  await app.ready();
  void context.agent.netLabels.refresh();

  const servers: Server[] = [];
  return {
    app,
    context,
    page: page ? { kind: 'assembled', dir: page } : bare ? { kind: 'bare' } : { kind: 'none' },
    features,
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
      await exports?.close();
      await context.agent.close();
      await context.experiment.close();
      await app.close();
    },
  };
}

/** The policy with the page's inline import maps allowed by their hashes. */
function withImportMaps(csp: CspDirectives, html: string): CspDirectives {
  const hashes = importMapHashes(html);
  return hashes.length === 0 ? csp : { ...csp, 'script-src': [...(csp['script-src'] ?? []), ...hashes] };
}

/** The engine runtime of the subprocess services, or why --engine-runtime holds none. */
function engineOrProblem(dir: string | undefined): EngineRuntime | { problem: string } {
  try {
    return resolveEngineRuntime(dir);
  } catch (error) {
    if (error instanceof EngineRuntimeError) return { problem: error.message };
    throw error;
  }
}
