// Shapes the viewer's HTTP API answers with, as the page uses them. The state and geometry types come
// from the server's own modules (type-only imports, erased by the bundler), so the page and the server
// cannot drift apart silently; the rest are what docs/viewer-api.md describes.
import type { LiveState } from '../../../tools/viewer/live/live-state.js';

export type {
  EventRecord,
  ExperimentSummary,
  LaneNow,
  LaneSummary,
  LiveState,
  ReaderProblem,
} from '../../../tools/viewer/live/live-state.js';
export type {
  AlternativeOption,
  CheckpointPhase,
  EventKind,
  LaneKind,
  LiveEvent,
  LiveEventOf,
  NetRoute,
  NetRouteStatus,
  NetState,
  PlacedFootprint,
  TrackPolyline,
} from '../../../tools/viewer/telemetry/live-event.js';
export type {
  BoardGeometry,
  BoardLayer,
  Footprint,
  GraphicShape,
  Pad,
  Point,
} from '../../../tools/viewer/geometry/board-geometry.js';

/** restart-status.json of the experiment folder, shown as it is. */
export interface RestartStatus {
  file: string;
  value?: unknown;
  problem?: string;
}

/** GET /api/state: one run's state plus the experiment around it. */
export interface ExperimentState extends LiveState {
  experimentDir: string;
  run: string | null;
  restartStatus?: RestartStatus | null;
  runs?: { path: string; root: boolean }[];
}
