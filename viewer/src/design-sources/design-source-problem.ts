// SPDX-License-Identifier: AGPL-3.0-or-later
// A problem with the design sources: a manifest or `.ato` file that cannot be read or does not make sense,
// named by file, line and column so it can be fixed. The source index lists them; startup prints them.

/** What is wrong, and where (paths absolute or relative to the source folder, as the reader knows them). */
export interface DesignSourceProblem {
  file: string;
  line?: number;
  column?: number;
  message: string;
  severity: 'error' | 'warning';
}

/** The design sources cannot be used at all (no manifest, no such build, no entry file). */
export class DesignSourceError extends Error {
  readonly code = 'unreadable-sources';

  constructor(readonly problem: DesignSourceProblem) {
    super(problemText(problem));
    this.name = 'DesignSourceError';
  }
}

/** `file:line:column: message`, as every rr diagnostic reads. */
export function problemText(p: Pick<DesignSourceProblem, 'file' | 'line' | 'column' | 'message'>): string {
  return `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}: ${p.message}`;
}
