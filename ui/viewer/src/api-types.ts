// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer API's answers as the server builds them (docs/viewer-api.md describes them): type-only
// imports from the server's own modules, erased by the bundler, so the page and the server cannot
// drift apart silently.
export type {
  EventRecord,
  ExperimentSummary,
  IndexingProgress,
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
  DesignNoteAction,
  DesignNoteContext,
  DesignNoteDraft,
  DesignNoteKind,
  DesignNoteStatus,
  DesignNoteTarget,
} from '../../../tools/viewer/notes/design-note.js';
export type { ViewerRecordAuthor } from '../../../tools/viewer/records/viewer-record-author.js';
export type {
  BoardAnnotation,
  ViewerRecordKindName,
  StoredViewerRecord,
} from '../../../tools/viewer/records/viewer-records.js';
export type {
  BoardGeometry,
  BoardLayer,
  Footprint,
  GraphicShape,
  Pad,
  Point,
  Via,
} from '../../../tools/viewer/geometry/board-geometry.js';
export type {
  GeometryIndex,
  GeometryPart,
  GeometryPartEntry,
  LayerPart,
  FootprintsPart,
  ViasPart,
} from '../../../tools/viewer/geometry/geometry-parts.js';
export type { ExperimentState } from '../../../tools/viewer/live/live-experiment.js';
export type { RestartStatus } from '../../../tools/viewer/live/restart-status.js';
export type { ControlsState } from '../../../tools/viewer/records/control-store.js';
export type { RuntimeControls } from '../../../tools/viewer/telemetry/control-files.js';
export type { AboutInfo } from '../../../tools/viewer/server/routes/about-route.js';
export type { Feature, FeatureId, UnavailableAnswer } from '../../../tools/viewer/server/viewer-features.js';
export type { AskEvent } from '../../../tools/viewer/agent/ask-agent.js';
export type {
  AskConversation,
  AskConversationSummary,
  AskTurn,
} from '../../../tools/viewer/agent/ask-conversations.js';
export type { AgentStatus } from '../../../tools/viewer/server/routes/agent-routes.js';
export type { NetLabelStatus } from '../../../tools/viewer/agent/net-labels/net-labeler.js';
export type { SourceIndex } from '../../../tools/viewer/design-sources/design-source-index.js';
export type { JoinedInstance, JoinedNet } from '../../../tools/viewer/design-sources/source-netlist-join.js';
export type { SourceFileAnswer } from '../../../tools/viewer/server/routes/design-source-routes.js';
export type { ComponentCostAnswer } from '../../../tools/viewer/cost-replay/component-cost-request.js';
export type { GlbExport } from '../../../tools/viewer/threed/glb-exports.js';
export type { ControlPresets, PreferencesState } from '../../../tools/viewer/records/viewer-preferences.js';
