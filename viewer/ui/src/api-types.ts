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
} from '../../src/live/live-state.js';
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
} from '../../src/telemetry/live-event.js';
export type {
  DesignNote,
  DesignNoteAction,
  DesignNoteContext,
  DesignNoteDraft,
  DesignNoteKind,
  DesignNoteStatus,
  DesignNoteTarget,
} from '../../src/notes/design-note.js';
export type { ViewerRecordAuthor } from '../../src/records/viewer-record-author.js';
export type {
  BoardAnnotation,
  ViewerRecordKindName,
  StoredViewerRecord,
} from '../../src/records/viewer-records.js';
export type {
  BoardGeometry,
  BoardLayer,
  Footprint,
  GraphicShape,
  Pad,
  Point,
  Via,
} from '../../src/geometry/board-geometry.js';
export type {
  GeometryIndex,
  GeometryPart,
  GeometryPartEntry,
  LayerPart,
  FootprintsPart,
  ViasPart,
} from '../../src/geometry/geometry-parts.js';
export type { ExperimentState } from '../../src/live/live-experiment.js';
export type { RestartStatus } from '../../src/live/restart-status.js';
export type { ControlsState } from '../../src/records/control-store.js';
export type { RuntimeControls } from '../../src/telemetry/control-files.js';
export type { AboutInfo } from '../../src/server/routes/about-route.js';
export type { Feature, FeatureId, UnavailableAnswer } from '../../src/server/viewer-features.js';
export type { AskEvent } from '../../src/agent/ask-agent.js';
export type { AskConversation, AskConversationSummary, AskTurn } from '../../src/agent/ask-conversations.js';
export type { AgentStatus } from '../../src/server/routes/agent-routes.js';
export type { NetLabelStatus } from '../../src/agent/net-labels/net-labeler.js';
export type { SourceIndex } from '../../src/design-sources/design-source-index.js';
export type { JoinedInstance, JoinedNet } from '../../src/design-sources/source-netlist-join.js';
export type { SourceFileAnswer } from '../../src/server/routes/design-source-routes.js';
export type { ComponentCostAnswer } from '../../src/cost-replay/component-cost-request.js';
export type { GlbExport } from '../../src/threed/glb-exports.js';
export type { ControlPresets, PreferencesState } from '../../src/records/viewer-preferences.js';
export type { ErrorBody } from 'rules-rr/core/http/error-body.js';
