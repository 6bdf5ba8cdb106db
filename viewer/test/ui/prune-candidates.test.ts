// SPDX-License-Identifier: AGPL-3.0-or-later
// The prune presets pick running lanes by how far their cost lies above the best running lane's and by
// their warnings; finished lanes and lanes without a cost are never picked by cost.
import { describe, expect, it } from 'vitest';
import type { LaneSummary } from '../../src/live/live-state.js';
import { pruneCandidates } from '../../ui/src/prune-candidates.js';

function lane(id: string, status: LaneSummary['status'], cost: number | null, errors = 0): LaneSummary {
  return {
    id,
    kind: 'trial',
    parent: null,
    status,
    children: [],
    events: 1,
    firstSeq: 0,
    lastSeq: 0,
    cost: cost === null ? null : { seq: 1, step: 1, total: cost },
    checkpoint: null,
    nets: null,
    errors,
    latest: {},
  };
}

describe('prune candidates', () => {
  const lanes = new Map(
    [
      lane('a', 'running', 100),
      lane('b', 'running', 114),
      lane('c', 'running', 121),
      lane('d', 'completed', 500),
      lane('e', 'running', null, 4),
    ].map((l) => [l.id, l]),
  );

  it('picks running lanes more than the percent above the best running lane', () => {
    expect(pruneCandidates(lanes, { paces: [], pruneAbovePercent: 15, pruneAtWarnings: null })).toEqual([
      'c',
    ]);
    expect(pruneCandidates(lanes, { paces: [], pruneAbovePercent: 10, pruneAtWarnings: null })).toEqual([
      'b',
      'c',
    ]);
  });

  it('picks running lanes with at least the preset number of warnings, and none when both are off', () => {
    expect(pruneCandidates(lanes, { paces: [], pruneAbovePercent: null, pruneAtWarnings: 3 })).toEqual(['e']);
    expect(pruneCandidates(lanes, { paces: [], pruneAbovePercent: null, pruneAtWarnings: null })).toEqual([]);
  });
});
