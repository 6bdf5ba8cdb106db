// SPDX-License-Identifier: AGPL-3.0-or-later
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Every code a run folder request is refused with: not a path, outside the experiment, missing. */
export const LIVE_ERROR_CODES = ['bad-run', 'outside', 'no-run'] as const;

/** Why the reader refuses a run folder. */
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];

/** A run folder the reader refuses. */
export class LiveRequestError extends Error {
  constructor(
    message: string,
    readonly code: LiveErrorCode,
  ) {
    super(message);
    this.name = 'LiveRequestError';
  }
}

/**
 * The real path of a trial run folder given relative to the experiment folder (or absolute). It must
 * exist and lie strictly inside the experiment folder after symbolic links are resolved, so `..`, absolute
 * paths elsewhere and links pointing out are all refused.
 */
export function resolveRunDir(experimentDir: string, run: string): string {
  if (run.includes('\0')) throw new LiveRequestError('run: the path contains a NUL character', 'bad-run');
  let realExperiment: string;
  try {
    realExperiment = realpathSync(experimentDir);
  } catch {
    throw new LiveRequestError(
      `the experiment folder ${experimentDir} does not exist; check --experiment-dir`,
      'no-run',
    );
  }
  const candidate = isAbsolute(run) ? run : resolve(realExperiment, run);
  const lexical = relative(realExperiment, candidate);
  if (escapes(lexical)) throw outside(run, experimentDir);
  let real: string;
  try {
    real = realpathSync(candidate);
  } catch {
    throw new LiveRequestError(
      `run "${run}" does not exist under the experiment folder ${experimentDir}`,
      'no-run',
    );
  }
  if (escapes(relative(realExperiment, real))) throw outside(run, experimentDir);
  return real;
}

function escapes(rel: string): boolean {
  return rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

function outside(run: string, experimentDir: string): LiveRequestError {
  return new LiveRequestError(
    `run "${run}" is not inside the experiment folder ${experimentDir}; trial run folders must lie under it`,
    'outside',
  );
}
