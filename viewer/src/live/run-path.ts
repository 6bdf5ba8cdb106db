// SPDX-License-Identifier: AGPL-3.0-or-later
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** A request the reader refuses; `status` is the HTTP status the route should answer with. */
export class LiveRequestError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404,
  ) {
    super(message);
  }
}

/**
 * The real path of a trial run folder given relative to the experiment folder (or absolute). It must
 * exist and lie strictly inside the experiment folder after symbolic links are resolved, so `..`, absolute
 * paths elsewhere and links pointing out are all refused.
 */
export function resolveRunDir(experimentDir: string, run: string): string {
  if (run.includes('\0')) throw new LiveRequestError('run: the path contains a NUL character', 400);
  let realExperiment: string;
  try {
    realExperiment = realpathSync(experimentDir);
  } catch {
    throw new LiveRequestError(
      `the experiment folder ${experimentDir} does not exist; check --experiment-dir`,
      404,
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
      404,
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
    403,
  );
}
