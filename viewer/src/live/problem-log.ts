// SPDX-License-Identifier: AGPL-3.0-or-later
// The problems a reader found and the ones that went away, each at the revision it happened, so a state
// after a cursor can say which problems are new and which were resolved.

import type { ReaderProblem } from './live-state.js';

/** Standing problems by id, and a log of resolved ones. */
export class ProblemLog {
  private readonly standing = new Map<string, ReaderProblem & { rev: number }>();
  private readonly resolvedLog: { id: string; rev: number }[] = [];

  /** `bump` raises the reader's revision and returns the new one. */
  constructor(private readonly bump: () => number) {}

  /** Raises (or restates) a problem; an unchanged one keeps its revision. */
  raise(id: string, problem: Omit<ReaderProblem, 'id'>): void {
    const old = this.standing.get(id);
    if (old && old.message === problem.message && old.kind === problem.kind) return;
    this.standing.set(id, { id, ...problem, rev: this.bump() });
  }

  /** Resolves a problem if it stands. */
  resolve(id: string): void {
    if (this.standing.size === 0 || !this.standing.delete(id)) return;
    this.resolvedLog.push({ id, rev: this.bump() });
  }

  /** Forgets every problem (the reader indexes its directory again, raising them anew). */
  clear(): void {
    this.standing.clear();
    this.resolvedLog.length = 0;
  }

  /** Standing problems raised after `rev` (all of them without one). */
  raisedAfter(rev = -1): ReaderProblem[] {
    return [...this.standing.values()].filter((p) => p.rev > rev).map(withoutRev);
  }

  /** Ids of problems resolved after `rev` that have not come back. */
  resolvedAfter(rev: number): string[] {
    return this.resolvedLog.filter((r) => r.rev > rev && !this.standing.has(r.id)).map((r) => r.id);
  }
}

function withoutRev(p: ReaderProblem & { rev: number }): ReaderProblem {
  const rest: ReaderProblem & { rev?: number } = { ...p };
  delete rest.rev;
  return rest;
}
