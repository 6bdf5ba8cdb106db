// The real requirement sets and ReqIF files kept beside this repository, read in place: they are never
// copied into the repository. Tests skip with a message on stderr when they are absent.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const SHARED = resolve(process.env.RR_SHARED_DIR ?? join(REPO, '..', 'shared'));

/** The Zephyr StrictDoc set: RR_ZEPHYR_REQUIREMENTS, or ../shared/real-requirements/zephyr-reqmgmt. */
export const ZEPHYR = resolve(
  process.env.RR_ZEPHYR_REQUIREMENTS ?? join(SHARED, 'real-requirements', 'zephyr-reqmgmt'),
);

/** Why Zephyr tests are skipped, or undefined when the set is there. */
const zephyrMissing: string | undefined = existsSync(join(ZEPHYR, 'docs'))
  ? undefined
  : `the Zephyr requirements are not at ${ZEPHYR} (set RR_ZEPHYR_REQUIREMENTS): Zephyr tests skipped`;

/**
 * zephyrMissing, also written to stderr when set, so a run without the set says what it left out
 * (call it at the test file's top level, once per file).
 */
export function zephyrSkipReason(file: string): string | undefined {
  return announced(zephyrMissing, file);
}

/** The ReqIF corpus files: RR_REQIF_CORPUS, or ../shared/reqif-corpus/files. */
export const REQIF_CORPUS = resolve(process.env.RR_REQIF_CORPUS ?? join(SHARED, 'reqif-corpus', 'files'));

/** Why ReqIF corpus tests are skipped, or undefined when the corpus is there. */
const reqifCorpusMissing: string | undefined = existsSync(REQIF_CORPUS)
  ? undefined
  : `the ReqIF corpus is not at ${REQIF_CORPUS} (set RR_REQIF_CORPUS): corpus tests skipped`;

/** reqifCorpusMissing, also written to stderr when set (call it at the test file's top level). */
export function reqifCorpusSkipReason(file: string): string | undefined {
  return announced(reqifCorpusMissing, file);
}

function announced(reason: string | undefined, file: string): string | undefined {
  if (reason !== undefined) process.stderr.write(`${file}: ${reason}\n`);
  return reason;
}

/** The corpus's .reqif file names in code-point order. */
export function reqifCorpusFiles(): string[] {
  if (reqifCorpusMissing !== undefined) return [];
  return readdirSync(REQIF_CORPUS)
    .filter((f) => f.endsWith('.reqif'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
