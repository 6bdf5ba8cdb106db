// How observations of one case combine: within one run (a duplicate keeps the worse result), over
// attempts and runs (the last one decides, earlier failures make it flaky), and over shards or
// independent files (a duplicate again keeps the worse result).
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { CaseObservation } from './case-observation.js';
import { byCodePoint } from '../model/code-point-order.js';
import type { CaseResult } from './test-case.js';

const BADNESS: Record<CaseResult, number> = { skipped: 0, passed: 1, failed: 2, error: 3 };

const failing = (result: CaseResult) => result === 'failed' || result === 'error';

/** The observation with the worse result (error > failed > passed > skipped); the first on a tie. */
function worse(a: CaseObservation, b: CaseObservation): CaseObservation {
  return BADNESS[b.result] > BADNESS[a.result] ? b : a;
}

function withSources(chosen: CaseObservation, ...others: CaseObservation[]): CaseObservation {
  const sources = new Set(chosen.sources);
  for (const other of others) for (const source of other.sources) sources.add(source);
  return { ...chosen, sources: sortedSources(sources) };
}

/** One run's cases, from one file: the same path twice is `duplicate-case` and keeps the worse result. */
export function mergeOneRun(
  cases: CaseObservation[],
  file: string,
  diagnostics: Diagnostic[],
): CaseObservation[] {
  const byPath = new Map<string, CaseObservation>();
  for (const observation of cases) {
    const earlier = byPath.get(observation.path);
    if (earlier === undefined) {
      byPath.set(observation.path, observation);
      continue;
    }
    const kept = worse(earlier, observation);
    const lines = earlier.at?.line === undefined ? '' : ` (first at line ${earlier.at.line})`;
    diagnostics.push(
      diagnostic(
        'duplicate-case',
        'warning',
        `case "${observation.path}" appears more than once in one run${lines}; the worse result ` +
          `(${kept.result}) is kept`,
        { file, line: observation.at?.line },
      ),
    );
    byPath.set(observation.path, withSources(kept, earlier, observation));
  }
  return [...byPath.values()];
}

/**
 * Cases of successive attempts or runs of one shard, earliest first: the last observation of a case
 * decides its result; a case that failed or errored before and passed last is flaky.
 */
export function mergeSequence(runs: CaseObservation[][]): CaseObservation[] {
  // One file (most targets): nothing to merge, and its observations are already its own.
  if (runs.length === 1) return runs[0]!;
  const history = new Map<string, CaseObservation[]>();
  for (const run of runs) {
    for (const observation of run) {
      const seen = history.get(observation.path);
      if (seen === undefined) history.set(observation.path, [observation]);
      else seen.push(observation);
    }
  }
  return [...history.values()].map((seen) => {
    const last = seen[seen.length - 1]!;
    const earlierFailure = seen
      .slice(0, -1)
      .reverse()
      .find((o) => failing(o.result));
    if (last.result !== 'passed' || earlierFailure === undefined) return withSources(last, ...seen);
    const flaky: CaseObservation = { ...last, flaky: true };
    // A flaky pass has no message of its own; the failure that made it flaky explains it.
    if (flaky.message === undefined && earlierFailure.message !== undefined) {
      flaky.message = earlierFailure.message;
    }
    return withSources(flaky, ...seen);
  });
}

/**
 * Cases of one target from parts that each ran different cases (shards, or separate report files):
 * a path reported by two parts is `duplicate-case` and keeps the worse result. Synthetic cases of
 * several shards are one result and merge silently.
 */
export function mergeParts(
  parts: CaseObservation[][],
  target: string,
  diagnostics: Diagnostic[],
): CaseObservation[] {
  // One part: mergeOneRun or mergeSequence has already settled its duplicates.
  if (parts.length === 1) return parts[0]!;
  // A case's sources are gathered and sorted once at the end: sorting them at every merge cost as many
  // as there were parts before, per part (the synthetic case of every shard of a crashed target).
  const byPath = new Map<string, { kept: CaseObservation; sources?: Set<string> }>();
  for (const part of parts) {
    for (const observation of part) {
      const entry = byPath.get(observation.path);
      if (entry === undefined) {
        byPath.set(observation.path, { kept: observation });
        continue;
      }
      const earlier = entry.kept;
      const kept = worse(earlier, observation);
      if (!(earlier.synthetic && observation.synthetic)) {
        const earlierSources = entry.sources ? sortedSources(entry.sources) : earlier.sources;
        diagnostics.push(
          diagnostic(
            'duplicate-case',
            'warning',
            `case "${observation.path}" of ${target} is reported by both ${earlierSources.join(', ')} ` +
              `and ${observation.sources.join(', ')}; the worse result (${kept.result}) is kept`,
            observation.at,
          ),
        );
      }
      const flaky = kept.result === 'passed' && (earlier.flaky || observation.flaky);
      entry.sources ??= new Set(earlier.sources);
      for (const source of observation.sources) entry.sources.add(source);
      entry.kept = { ...kept, flaky };
    }
  }
  return [...byPath.values()].map(({ kept, sources }) =>
    sources === undefined ? kept : { ...kept, sources: sortedSources(sources) },
  );
}

function sortedSources(sources: Set<string>): string[] {
  return [...sources].sort(byCodePoint);
}
