// SPDX-License-Identifier: AGPL-3.0-or-later
// Replays a lane's events up to a position on its timeline: what the lane looked like right after that
// event. Pure functions over the events, so the timeline can move anywhere without asking the server.
import type { EventRecord, LiveEventOf, NetRoute } from './api-types.js';

/** A net's routes as the lane's route events left them, and which event drew them. */
export interface NetRouteAt extends NetRoute {
  seq: number;
  provisional: boolean;
}

/** The lane's state right after one of its events. */
export interface LaneFrame {
  /** Index of the event on the timeline, -1 for an empty lane. */
  index: number;
  seq: number;
  placement?: LiveEventOf<'placement'>;
  cost?: LiveEventOf<'placement_cost'>;
  checkpoint?: LiveEventOf<'checkpoint'>;
  netStatus?: LiveEventOf<'net_status'>;
  /** Current routes by net, in the order the nets were first routed. */
  routes: Map<string, NetRouteAt>;
  alternatives: LiveEventOf<'alternatives'>[];
  errors: LiveEventOf<'error'>[];
}

/** Inserts records into a seq-ordered list, ignoring seqs it already holds; returns whether it changed. */
export function mergeBySeq(list: EventRecord[], records: EventRecord[]): boolean {
  let changed = false;
  for (const record of records) {
    const seq = record.event.seq;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.event.seq < seq) lo = mid + 1;
      else hi = mid;
    }
    if (list[lo]?.event.seq === seq) continue;
    list.splice(lo, 0, record);
    changed = true;
  }
  return changed;
}

/** The lane's state after the event at `index` (clamped to the timeline). */
export function frameAt(events: readonly EventRecord[], index: number): LaneFrame {
  const last = Math.min(index, events.length - 1);
  const frame: LaneFrame = {
    index: last,
    seq: last >= 0 ? events[last]!.event.seq : -1,
    routes: new Map(),
    alternatives: [],
    errors: [],
  };
  for (let i = 0; i <= last; i++) {
    const event = events[i]!.event;
    switch (event.kind) {
      case 'placement':
        frame.placement = event;
        break;
      case 'placement_cost':
        frame.cost = event;
        break;
      case 'checkpoint':
        frame.checkpoint = event;
        break;
      case 'net_status':
        frame.netStatus = event;
        break;
      case 'route':
        if (event.replace === true) frame.routes.clear();
        for (const net of event.nets)
          frame.routes.set(net.net, { ...net, seq: event.seq, provisional: event.provisional === true });
        break;
      case 'alternatives':
        frame.alternatives.push(event);
        break;
      case 'error':
        frame.errors.push(event);
        break;
      default:
        break;
    }
  }
  return frame;
}

/** Timeline indices of the lane's checkpoint events. */
export function checkpointIndices(events: readonly EventRecord[]): number[] {
  const out: number[] = [];
  events.forEach((r, i) => {
    if (r.event.kind === 'checkpoint') out.push(i);
  });
  return out;
}

/** The sha256 a checkpoint's board path names (`boards/<sha256>.<ext>`), or undefined. */
export function checkpointHash(board: string): string | undefined {
  return /(?:^|\/)([0-9a-f]{64})\.[A-Za-z0-9_]+$/.exec(board)?.[1];
}
