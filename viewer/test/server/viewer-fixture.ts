// SPDX-License-Identifier: AGPL-3.0-or-later
// A viewer server for a test: a fresh experiment folder with a live directory (optionally written by the
// simulator), the config resolved as `rr view` resolves it, listening on 127.0.0.1 on a free port, and
// closed when the test ends.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { resolveViewerConfig, type ViewerConfig } from '../../src/config/resolve-viewer-config.js';
import type { SettingName } from '../../src/config/viewer-settings.js';
import type { PcbToolResolution } from '../../src/geometry/pcb-tool-resolution.js';
import type { SourceInfo } from '../../src/server/source-revision.js';
import {
  createViewerServer,
  type ViewerServer,
  type ViewerServerOptions,
} from '../../src/server/viewer-server.js';
import { shortRun } from '../pnr-sim/sim-run.js';
import { tempDir } from '../temp-dir.js';
import { httpRequest, type HttpAnswer, type HttpRequestOptions } from './http-request.js';

/** The source the fixture's viewers report in GET /api/about (no checkout). */
export const UNKNOWN_SOURCE: SourceInfo = {
  repository: null,
  revision: null,
  revisionFrom: 'unknown',
  modified: false,
  tree: null,
  changes: null,
  from: 'nowhere',
};

/** A running viewer and ways to talk to it. */
export interface ViewerFixture {
  server: ViewerServer;
  config: ViewerConfig;
  port: number;
  experimentDir: string;
  root: string;
  /** A request with the viewer's own Host (and, for writes, its own Origin unless `origin` says otherwise). */
  request: (path: string, options?: HttpRequestOptions & { origin?: string | null }) => Promise<HttpAnswer>;
}

/** What the fixture's experiment holds and how the viewer is started. */
export interface FixtureOptions {
  /** Run a short simulation into the live directory first. */
  simulate?: boolean;
  flags?: Partial<Record<SettingName, string | string[]>>;
  uiDir?: string;
  /** Serve this rr package's bare page when uiDir holds no assembled one. */
  bareRoot?: string;
  /** More server options (the assistant CLI, its seams). */
  server?: Partial<ViewerServerOptions>;
  /** KiCad's CLI as resolved at start (turns the 3D view on when found). */
  pcbCli?: PcbToolResolution;
  /** The source GET /api/about reports (default: none known). */
  source?: SourceInfo;
  /** Use this experiment folder (and its `live` root) instead of a new one. */
  experimentDir?: string;
}

/** Starts a viewer on a new experiment folder `<tmp>/exp` with root `<tmp>/exp/live`. */
export async function startViewer(options: FixtureOptions = {}): Promise<ViewerFixture> {
  const base = tempDir('rr-viewer-server-');
  const experimentDir = options.experimentDir ?? join(base, 'exp');
  const root = join(experimentDir, 'live');
  mkdirSync(root, { recursive: true });
  if (options.simulate) await shortRun(root, { seed: 3, steps: 60, candidates: 1, trials: 1, rounds: 1 });
  const resolved = resolveViewerConfig({
    flags: { root, listen: ['127.0.0.1:0'], ...options.flags },
    cwd: base,
    env: { VIEWER_USER_CONFIG: '' },
    home: base,
  });
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.problems));
  const server = await createViewerServer({
    config: resolved.config,
    uiDir: options.uiDir ?? join(base, 'no-ui'),
    version: '9.9.9',
    source: options.source ?? UNKNOWN_SOURCE,
    ...(options.pcbCli ? { pcbCli: options.pcbCli } : {}),
    ...(options.bareRoot ? { bareRoot: options.bareRoot } : {}),
    log: () => undefined,
    ...options.server,
  });
  onTestFinished(() => server.close());
  const [bound] = await server.listen();
  const port = bound!.port;
  return {
    server,
    config: resolved.config,
    port,
    experimentDir,
    root,
    request: (path, req = {}) => {
      const { origin, ...rest } = req;
      const write =
        (rest.method ?? (rest.json !== undefined || rest.body !== undefined ? 'POST' : 'GET')) !== 'GET';
      const headers = { ...rest.headers };
      if (origin !== null && write) headers.origin ??= origin ?? `http://127.0.0.1:${port}`;
      return httpRequest(port, path, { ...rest, headers });
    },
  };
}
