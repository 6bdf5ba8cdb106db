// The bodies of POST /api/findings/{id}/apply and /dismiss and what they answer (docs/api.md "Agents").
import type { Finding, ProposedKind } from './finding.js';

/** Add the finding as a note: on its entity, or on a chosen one (required for a whole-model finding). */
export interface ApplyNoteBody {
  action: 'note';
  entity?: string;
  /** default "gap" */
  kind?: 'gap' | 'todo' | 'question';
  /** default: the finding's detail (a note proposal's text when it has one) */
  text?: string;
  /** the entity's version (default: the loaded one) */
  version?: string;
}

/**
 * Create the proposed entity. Without `data` nothing is written: the answer is the pre-filled form. With
 * `data` (the form as the person confirmed it) the entity is created through the checked save.
 */
export interface ApplyCreateBody {
  action: 'create';
  data?: Record<string, unknown>;
  /** an id for the new entity (default: the next free one) */
  id?: string;
  /** the model file it goes to, relative to the checkout (default: the form's `file`, rr's choice) */
  file?: string;
}

/**
 * Apply the proposed update through the checked save. `fields` replaces the proposal's changed fields
 * (a person may amend them); `version` defaults to the proposal's.
 */
export interface ApplyUpdateBody {
  action: 'update';
  fields?: Record<string, unknown>;
  version?: string;
}

/** Write the proposed case owner to an attribution worksheet (default path: `<model folder>/cases.rrplan`). */
export interface ApplyWorksheetBody {
  action: 'worksheet';
  path?: string;
}

/** POST /api/findings/{id}/apply. */
export type ApplyBody = ApplyNoteBody | ApplyCreateBody | ApplyUpdateBody | ApplyWorksheetBody;

/** The pre-filled form of a create proposal (nothing written). */
export interface CreateForm {
  action: 'create';
  written: false;
  finding: Finding;
  form: {
    kind: ProposedKind;
    /** the id a create would take now, and the file it would go to */
    id: string;
    file: string;
    data: Record<string, unknown>;
  };
}

/** A worksheet written by the worksheet action. */
export interface WorksheetAnswer {
  action: 'worksheet';
  written: true;
  finding: Finding;
  path: string;
  rows: number;
}
