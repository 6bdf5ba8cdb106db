// SPDX-License-Identifier: AGPL-3.0-or-later
// TypeScript shape of schemas/pnr-live-event-v1.schema.json; the schema is the contract, these types follow it.

/** Schema identifier carried by every event. */
export const LIVE_EVENT_SCHEMA = 'pnr-live-event-v1';

/** Every event kind of pnr-live-event-v1, in the order docs/viewer-telemetry.md explains them. */
export const EVENT_KINDS = [
  'experiment_start',
  'experiment_end',
  'run_start',
  'run_end',
  'lane_start',
  'lane_end',
  'placement',
  'placement_cost',
  'route',
  'net_status',
  'checkpoint',
  'alternatives',
  'error',
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];
export const LANE_KINDS = ['candidate', 'trial', 'round'] as const;
export const END_STATUSES = ['completed', 'stopped', 'failed'] as const;
export const LANE_END_STATUSES = ['completed', 'pruned', 'stopped', 'failed'] as const;
export const CHECKPOINT_PHASES = ['input', 'placement', 'routing', 'final'] as const;
export const NET_ROUTE_STATUSES = ['routed', 'partial', 'unrouted', 'failed'] as const;
export type LaneKind = (typeof LANE_KINDS)[number];
export type EndStatus = (typeof END_STATUSES)[number];
export type LaneEndStatus = (typeof LANE_END_STATUSES)[number];
export type CheckpointPhase = (typeof CHECKPOINT_PHASES)[number];
export type NetRouteStatus = (typeof NET_ROUTE_STATUSES)[number];

/** Fields every event carries. */
export interface EventEnvelope {
  schema: typeof LIVE_EVENT_SCHEMA;
  seq: number;
  time: string;
  run: string;
  lane?: string;
  ext?: Record<string, unknown>;
}

export interface PlacedFootprint {
  ref: string;
  x: number;
  y: number;
  rotation: number;
  side?: 'front' | 'back';
}

export interface TrackPolyline {
  layer: string;
  width: number;
  points: [number, number][];
}

export interface ViaMark {
  x: number;
  y: number;
  size: number;
  drill: number;
}

export interface NetRoute {
  net: string;
  tracks: TrackPolyline[];
  vias?: ViaMark[];
}

export interface NetState {
  net: string;
  status: NetRouteStatus;
  length?: number;
  vias?: number;
  reason?: string;
}

export interface AlternativeOption {
  id: string;
  label?: string;
  lane?: string;
  cost?: number;
  chosen: boolean;
  reason?: string;
}

/** The kind-specific fields, keyed by kind. */
export interface EventFields {
  experiment_start: {
    experiment: { name: string; board?: string; seed?: number; parameters?: Record<string, unknown> };
  };
  experiment_end: {
    status: EndStatus;
    message?: string;
    best?: { lane: string; cost: number; checkpoint?: string };
  };
  run_start: { run_dir?: string; tool?: { name: string; version?: string }; seed?: number; board?: string };
  run_end: { status: EndStatus; message?: string };
  lane_start: {
    lane: string;
    lane_kind: LaneKind;
    parent: string | null;
    label?: string;
    parameters?: Record<string, unknown>;
  };
  lane_end: { lane: string; status: LaneEndStatus; cost?: number; message?: string };
  placement: { lane: string; step: number; footprints: PlacedFootprint[] };
  placement_cost: {
    lane: string;
    step: number;
    total: number;
    terms?: Record<string, number>;
    temperature?: number;
    accepted?: number;
    rejected?: number;
    best?: number;
    footprints?: { ref: string; total: number; terms?: Record<string, number> }[];
  };
  route: { lane: string; provisional?: boolean; replace?: boolean; nets: NetRoute[] };
  net_status: { lane: string; nets: NetState[] };
  checkpoint: { lane: string; board: string; phase: CheckpointPhase; cost?: number; label?: string };
  alternatives: { lane?: string; question: string; options: AlternativeOption[] };
  error: {
    lane?: string;
    severity: 'error' | 'warning';
    message: string;
    code?: string;
    net?: string;
    ref?: string;
    detail?: Record<string, unknown>;
  };
}

/** One event of a given kind. */
export type LiveEventOf<K extends EventKind> = EventEnvelope & { kind: K } & EventFields[K];

/** Any pnr-live-event-v1 event. */
export type LiveEvent = { [K in EventKind]: LiveEventOf<K> }[EventKind];
