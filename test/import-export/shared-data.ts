// The real requirement sets and ReqIF files kept beside this repository, read in place: they are never
// copied into the repository. The tests over them need them (test/requirements.ts): skipped with a message
// on a developer's machine without them, failed under CI, which has them.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { needsData, type Need } from '../requirements.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const SHARED = resolve(process.env.RR_SHARED_DIR ?? join(REPO, '..', 'shared'));

/** The Zephyr StrictDoc set: RR_ZEPHYR_REQUIREMENTS, or ../shared/real-requirements/zephyr-reqmgmt. */
export const ZEPHYR = resolve(
  process.env.RR_ZEPHYR_REQUIREMENTS ?? join(SHARED, 'real-requirements', 'zephyr-reqmgmt'),
);

/** The Zephyr set, for `available(…)`. */
export function needsZephyr(): Need {
  return needsData(join(ZEPHYR, 'docs'), 'the Zephyr requirements', 'set RR_ZEPHYR_REQUIREMENTS');
}

/** The ReqIF corpus files: RR_REQIF_CORPUS, or ../shared/reqif-corpus/files. */
export const REQIF_CORPUS = resolve(process.env.RR_REQIF_CORPUS ?? join(SHARED, 'reqif-corpus', 'files'));

/** The ReqIF corpus, for `available(…)`. */
export function needsReqifCorpus(): Need {
  return needsData(REQIF_CORPUS, 'the ReqIF corpus', 'set RR_REQIF_CORPUS');
}

/** The corpus's .reqif file names in code-point order. */
export function reqifCorpusFiles(): string[] {
  if (!existsSync(REQIF_CORPUS)) return [];
  return readdirSync(REQIF_CORPUS)
    .filter((f) => f.endsWith('.reqif'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
