// The baseline of a pack built by Bazel with --stamp: an action has no git checkout, so the commit, its
// tag and date come from the workspace status file (the keys a workspace_status_command prints,
// docs/publish.md "In Bazel and in the editor"). Without them the pack names no baseline.
import type { Baseline } from './pack-data.js';

/** The status keys rr reads; STABLE_ keys keep the action's cache key stable across builds of one commit. */
export const STAMP_KEYS = {
  commit: 'STABLE_RR_BASELINE_COMMIT',
  tag: 'STABLE_RR_BASELINE_TAG',
  date: 'STABLE_RR_BASELINE_DATE',
  modified: 'STABLE_RR_BASELINE_MODIFIED',
} as const;

/** The baseline a Bazel status file names, or undefined when it names no commit. */
export function stampedBaseline(statusText: string): Baseline | undefined {
  const values = new Map<string, string>();
  for (const line of statusText.split(/\r?\n/)) {
    const space = line.indexOf(' ');
    if (space > 0) values.set(line.slice(0, space), line.slice(space + 1).trim());
  }
  const commit = values.get(STAMP_KEYS.commit);
  if (!commit || !/^[0-9a-f]{7,64}$/.test(commit)) return undefined;
  const date = values.get(STAMP_KEYS.date) ?? '';
  return {
    commit,
    tag: values.get(STAMP_KEYS.tag) || null,
    date: date !== '' && !Number.isNaN(Date.parse(date)) ? date : null,
    modified: values.get(STAMP_KEYS.modified) === '1',
  };
}
