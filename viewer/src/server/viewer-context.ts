// SPDX-License-Identifier: AGPL-3.0-or-later
// What the routes share: the experiment's telemetry, the stores the viewer writes, the geometry caches,
// the features on offer, and a clock. Built once per server by viewer-server.ts.
import { join } from 'node:path';
import { GeometryCache, type GeometryCacheOptions } from '../geometry/geometry-cache.js';
import { LiveExperiment } from '../live/live-experiment.js';
import { prepareLiveEventCheck } from '../telemetry/event-schema.js';
import type { ReaderOptions } from '../live/live-directory-reader.js';
import { ControlStore } from '../records/control-store.js';
import { ViewerRecordStore } from '../records/viewer-record-store.js';
import { VIEWER_RECORD_KINDS } from '../records/viewer-records.js';
import { DesignNotesStore } from '../notes/design-notes-store.js';
import { PreferencesStore } from '../records/viewer-preferences.js';
import type { ViewerConfig } from '../config/resolve-viewer-config.js';
import { AgentServices, type AgentServiceOptions } from '../agent/agent-services.js';

/** The geometry extractor every run's cache uses (default: the native reader). */
export type ViewerExtractor = Pick<GeometryCacheOptions, 'extract' | 'extractorId'>;

/** Shared state of one viewer server. */
export class ViewerContext {
  readonly experiment: LiveExperiment;
  readonly controls: ControlStore;
  readonly viewerRecords: Map<string, ViewerRecordStore>;
  readonly designNotes: DesignNotesStore;
  readonly preferences: PreferencesStore;
  readonly agent: AgentServices;
  private readonly geometryCaches = new Map<string, GeometryCache>();

  constructor(
    readonly config: ViewerConfig,
    private readonly extractor: ViewerExtractor,
    readonly now: () => Date,
    agentOptions: AgentServiceOptions,
    liveReader: Partial<Pick<ReaderOptions, 'indexPause'>> = {},
  ) {
    // Compiled while the viewer starts, so the first look at a new live directory does not wait for it.
    prepareLiveEventCheck();
    this.experiment = new LiveExperiment({
      ...liveReader,
      root: config.root,
      experimentDir: config.experimentDir,
      indexDir: join(config.cacheDir, 'live-index'),
    });
    this.controls = new ControlStore(this.experiment.root);
    this.viewerRecords = new Map(
      VIEWER_RECORD_KINDS.map((kind) => [kind.folder, new ViewerRecordStore(this.experiment.root, kind)]),
    );
    this.designNotes = new DesignNotesStore(config.notesDir);
    this.preferences = new PreferencesStore(config.preferences);
    this.agent = new AgentServices(config, this.designNotes, now, agentOptions);
  }

  /** Throws the reader's 400/403/404 error when `run` is not a run folder of the experiment. */
  checkRun = (run: string): void => {
    this.experiment.reader(run);
  };

  /** The geometry cache of a run's live directory; every run shares one cache folder (names are content hashes). */
  geometry(run?: string): GeometryCache {
    const liveDir = this.experiment.reader(run).root;
    let cache = this.geometryCaches.get(liveDir);
    if (!cache) {
      cache = new GeometryCache({
        liveDir,
        cacheDir: join(this.config.cacheDir, 'geometry'),
        ...this.extractor,
      });
      this.geometryCaches.set(liveDir, cache);
    }
    return cache;
  }
}
