// SPDX-License-Identifier: AGPL-3.0-or-later
// Which running lanes the prune presets pick: those whose latest cost is more than the preset percent
// above the best running lane's, and those with at least the preset number of warnings.
import type { ControlPresets, LaneSummary } from './api-types.js';

/** Ids of running lanes over the presets' prune thresholds, in lane order. */
export function pruneCandidates(lanes: ReadonlyMap<string, LaneSummary>, presets: ControlPresets): string[] {
  const running = [...lanes.values()].filter((l) => l.status === 'running');
  const costs = running.map((l) => l.cost?.total).filter((c): c is number => c !== undefined);
  const best = costs.length > 0 ? Math.min(...costs) : undefined;
  const percent = presets.pruneAbovePercent;
  const warnings = presets.pruneAtWarnings;
  return running
    .filter(
      (l) =>
        (percent !== null &&
          best !== undefined &&
          l.cost !== null &&
          l.cost.total > best + (Math.abs(best) * percent) / 100) ||
        (warnings !== null && l.errors >= warnings),
    )
    .map((l) => l.id);
}
