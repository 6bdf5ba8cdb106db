// SPDX-License-Identifier: AGPL-3.0-or-later
// What of an event the lane and experiment summaries depend on. The reader folds facts, never whole events,
// so a summary rebuilt from the persistent index (which stores facts, not events) equals one built by
// reading every file: both go through the same fold.

import type {
  CheckpointPhase,
  EndStatus,
  LaneEndStatus,
  LaneKind,
  LiveEvent,
  NetRouteStatus,
} from '../telemetry/live-event.js';

/** The summary-relevant part of one event, by kind. */
export type EventFact =
  | {
      seq: number;
      kind: 'experiment_start';
      experiment: { name: string; board?: string; seed?: number; parameters?: Record<string, unknown> };
    }
  | {
      seq: number;
      kind: 'experiment_end';
      status: EndStatus;
      best?: { lane: string; cost: number; checkpoint?: string };
    }
  | {
      seq: number;
      kind: 'run_start';
      run: string;
      run_dir?: string;
      tool?: { name: string; version?: string };
    }
  | { seq: number; kind: 'run_end'; run: string; status: EndStatus }
  | {
      seq: number;
      kind: 'lane_start';
      lane: string;
      lane_kind: LaneKind;
      parent: string | null;
      label?: string;
      parameters?: Record<string, unknown>;
    }
  | { seq: number; kind: 'lane_end'; lane: string; status: LaneEndStatus; cost?: number }
  | { seq: number; kind: 'placement_cost'; lane: string; step: number; total: number; best?: number }
  | { seq: number; kind: 'checkpoint'; lane: string; board: string; phase: CheckpointPhase; cost?: number }
  | { seq: number; kind: 'net_status'; lane: string; nets: Record<NetRouteStatus, number> }
  | { seq: number; kind: 'route'; lane: string; replace: boolean }
  | { seq: number; kind: 'placement' | 'alternatives' | 'error'; lane?: string };

/** The fact of a checked event. */
export function factOf(event: LiveEvent): EventFact {
  const { seq } = event;
  switch (event.kind) {
    case 'experiment_start':
      return { seq, kind: event.kind, experiment: event.experiment };
    case 'experiment_end':
      return { seq, kind: event.kind, status: event.status, ...(event.best ? { best: event.best } : {}) };
    case 'run_start':
      return {
        seq,
        kind: event.kind,
        run: event.run,
        ...(event.run_dir !== undefined ? { run_dir: event.run_dir } : {}),
        ...(event.tool !== undefined ? { tool: event.tool } : {}),
      };
    case 'run_end':
      return { seq, kind: event.kind, run: event.run, status: event.status };
    case 'lane_start':
      return {
        seq,
        kind: event.kind,
        lane: event.lane,
        lane_kind: event.lane_kind,
        parent: event.parent,
        ...(event.label !== undefined ? { label: event.label } : {}),
        ...(event.parameters !== undefined ? { parameters: event.parameters } : {}),
      };
    case 'lane_end':
      return {
        seq,
        kind: event.kind,
        lane: event.lane,
        status: event.status,
        ...(event.cost !== undefined ? { cost: event.cost } : {}),
      };
    case 'placement_cost':
      return {
        seq,
        kind: event.kind,
        lane: event.lane,
        step: event.step,
        total: event.total,
        ...(event.best !== undefined ? { best: event.best } : {}),
      };
    case 'checkpoint':
      return {
        seq,
        kind: event.kind,
        lane: event.lane,
        board: event.board,
        phase: event.phase,
        ...(event.cost !== undefined ? { cost: event.cost } : {}),
      };
    case 'net_status': {
      const nets: Record<NetRouteStatus, number> = { routed: 0, partial: 0, unrouted: 0, failed: 0 };
      for (const n of event.nets) nets[n.status]++;
      return { seq, kind: event.kind, lane: event.lane, nets };
    }
    case 'route':
      return { seq, kind: event.kind, lane: event.lane, replace: event.replace === true };
    case 'placement':
    case 'alternatives':
    case 'error':
      return { seq, kind: event.kind, ...(event.lane !== undefined ? { lane: event.lane } : {}) };
  }
}
