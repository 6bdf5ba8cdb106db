// A save the one-owner checks refuse (docs/api.md, "One-owner conflicts").
import type { Model } from '../model/model.js';
import type { Analysis } from './analyze.js';
import { DomainError } from './domain-error.js';
import type { Conflict } from './owner-checks.js';

/** A save refused with the conflicts it would introduce (and the notices it raised). */
export class OwnerConflictError extends DomainError {
  /** the model and analysis the refused save would have left (a precheck shows them) */
  after?: { model: Model; analysis: Analysis };
  /** the id of the entity the refused save was about (a create's would-be id) */
  entity?: string;

  constructor(conflicts: Conflict[], notices: Conflict[]) {
    super(
      'one-owner',
      `the save would introduce ${conflicts.length} problem(s) of the one-owner checks: ${conflicts.map((c) => c.message).join('; ')}`,
      { conflicts, notices },
    );
  }
}
