// Shapes the viewer's HTTP API answers with, as the page uses them. The state, geometry, record and note
// types come from the server's own modules (type-only imports, erased by the bundler), so the page and
// the server cannot drift apart silently; the rest are what docs/viewer-api.md describes.
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
  DesignNote,
  NoteAction,
  NoteContext,
  NoteDraft,
  NoteKind,
  NoteStatus,
  NoteTarget,
} from '../../../tools/viewer/notes/design-note.js';
export type { RecordAuthor } from '../../../tools/viewer/records/record-author.js';
export type {
  Annotation,
  RecordKindName,
  StoredRecord,
} from '../../../tools/viewer/records/viewer-records.js';
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
