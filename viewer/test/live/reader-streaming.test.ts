// SPDX-License-Identifier: AGPL-3.0-or-later
// The first indexing of a live directory, followed without waiting for it (GET /api/state?partial=1):
// answers show the lanes indexed so far with progress, the deltas after each cursor add up to the full
// state at every step, and the answer after the indexing ends is the full state a waiting client gets.
import { describe, expect, it } from 'vitest';
import { LiveDirectoryReader } from '../../src/live/live-directory-reader.js';
import type { LiveState } from '../../src/live/live-state.js';
import { IndexGate } from './index-gate.js';
import { freshState, liveDir, withoutCursor, writeExperiment, writeRaw } from './live-dir.js';

/** What a client keeps of the answers it folds in, as the page's store does. */
class ClientCopy {
  cursor = '';
  lanes = new Map<string, LiveState['lanes'][number]>();
  experiment: LiveState['experiment'];
  problems = new Map<string, LiveState['problems'][number]>();

  apply(state: LiveState): void {
    this.cursor = state.cursor;
    if (state.reset) {
      this.lanes.clear();
      this.problems.clear();
    }
    if (state.experiment) this.experiment = state.experiment;
    for (const lane of state.lanes) this.lanes.set(lane.id, lane);
    for (const id of state.resolved) this.problems.delete(id);
    for (const p of state.problems) this.problems.set(p.id, p);
  }

  view() {
    return {
      lanes: Object.fromEntries(this.lanes),
      experiment: this.experiment,
      problems: [...this.problems.values()],
    };
  }
}

/** The same view of a full state. */
function viewOf(state: LiveState) {
  return {
    lanes: Object.fromEntries(state.lanes.map((l) => [l.id, l])),
    experiment: state.experiment,
    problems: state.problems,
  };
}

describe('following the first indexing', () => {
  it('shows lanes before the indexing ends, and the deltas add up to the full state at every step', async () => {
    const root = liveDir();
    const written = writeExperiment(root, 40, 20);
    writeRaw(root, '00000000a-note.json', '{"schema": "pnr-live-event-v1", "seq": 1}\n');
    const gate = new IndexGate();
    const r = new LiveDirectoryReader({ root, listIntervalMs: 0, indexPause: gate.pause });
    let paused = gate.next();
    const done = r.poll().then(() => 'done' as const);
    await paused;

    const first = r.state({ limit: 5000 });
    expect(first.reset).toBe(true);
    expect(first.indexing).toEqual({ files: written + 1, done: expect.any(Number) as number });
    expect(first.indexing!.done).toBeLessThan(written);
    expect(first.lanes.length).toBeGreaterThan(0);
    expect(first.lanes.length).toBeLessThan(80);
    expect(first.problems.map((p) => p.kind)).toEqual(['invalid']);
    const client = new ClientCopy();
    client.apply(first);

    let steps = 0;
    for (;;) {
      paused = gate.next();
      gate.release();
      if ((await Promise.race([paused.then(() => 'paused' as const), done])) === 'done') break;
      const delta = r.state({ since: client.cursor, limit: 5000 });
      expect(delta).toMatchObject({ reset: false, events: [], more: false });
      expect(delta.indexing!.done).toBeGreaterThan(0);
      client.apply(delta);
      expect(client.view()).toEqual(viewOf(r.state({ limit: 5000 })));
      steps++;
    }
    expect(steps).toBeGreaterThan(1);

    const closing = r.state({ since: client.cursor, limit: 5000 });
    expect(closing.reset).toBe(true);
    expect(closing.indexing).toBeUndefined();
    client.apply(closing);
    expect(withoutCursor(closing)).toEqual(await freshState(root));
    expect(client.view()).toEqual(viewOf(closing));
    expect(client.lanes.size).toBe(80);
  });
});
