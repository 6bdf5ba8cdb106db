// A finding of an agentic workflow (docs/agents.md, docs/api.md "Agents"): what a workflow found, about
// one entity or the whole model, and optionally what it proposes. Findings only propose: nothing is
// written until a person applies one (tools/editor/routes/finding-routes.ts).
import type { EntityKind } from '../../model/entity.js';

/** How much a finding matters; `rr review --fail-on` compares against this order. */
export type FindingSeverity = 'error' | 'warning' | 'info';

/** Severities from the most to the least serious. */
export const FINDING_SEVERITIES: readonly FindingSeverity[] = ['error', 'warning', 'info'];

/** Where a finding stands: open until a person applies or dismisses it. */
export type FindingState = 'open' | 'applied' | 'dismissed';

/** A test adequacy judgement of one test case of a verification set. */
export type CaseJudgement = 'proves' | 'partially' | 'does-not-prove' | 'cannot-tell';

/** The kinds a proposal may create (a test method is never proposed). */
export type ProposedKind = Extract<EntityKind, 'user_need' | 'requirement' | 'risk' | 'mitigation'>;

/** A new entity, its fields as a form would send them (never `verified_by`/`validated_by`, never an id). */
export interface CreateProposal {
  type: 'create';
  kind: ProposedKind;
  data: Record<string, unknown>;
}

/**
 * Changed fields of an existing entity: a field set to null is removed. `version` is the entity's version
 * when the job read it, so applying over a change made meanwhile is a `stale-version` conflict.
 */
export interface UpdateProposal {
  type: 'update';
  entity: string;
  version: string;
  fields: Record<string, unknown>;
}

/** A note on an entity (the assistant's "add a note" proposals). */
export interface NoteProposal {
  type: 'note';
  entity: string;
  kind: 'gap' | 'todo' | 'question';
  text: string;
}

/**
 * The one entity a test case verifies, or none (null): recorded only in an attribution worksheet as
 * `proposed`, `reason` and `proposed_by`, never as the decided owner.
 */
export interface CaseOwnerProposal {
  type: 'case-owner';
  target: string;
  path: string;
  proposed: string | null;
  reason: string;
  /** "assign-test-cases (MODEL)" */
  proposed_by: string;
}

/** What a finding proposes. */
export type Proposal = CreateProposal | UpdateProposal | NoteProposal | CaseOwnerProposal;

/** A test case as the case ledger names it. */
export interface FindingCase {
  target: string;
  path: string;
}

/** A place in a file of the repository (path relative to the checkout, 1-based line). */
export interface FindingLocation {
  file: string;
  line: number | null;
}

/** What applying a finding did. */
export interface FindingOutcome {
  action: 'note' | 'create' | 'update' | 'worksheet';
  at: string;
  /** the entity written (the note's entity, the created or updated entity) */
  entity: string | null;
  /** the note's id, for a note */
  note: string | null;
  /** files written, relative to the checkout */
  files: string[];
}

/** One finding. */
export interface Finding {
  /** unique on this server (and within one `rr review` run): "f-<job>-<n>" */
  id: string;
  job: string;
  workflow: string;
  severity: FindingSeverity;
  /** what kind of finding, e.g. "gap:unverified", "test-adequacy", "missing-hazard" */
  category: string;
  /** the entity concerned, or null for the whole model */
  entity: string | null;
  /** a sentence or a few, plain text */
  detail: string;
  /** test adequacy: the case judged and the judgement */
  case?: FindingCase;
  judgement?: CaseJudgement;
  /** test adequacy: checks the requirement states that no test makes */
  missing_checks?: string[];
  /** implementation review: where the code is */
  locations?: FindingLocation[];
  proposal: Proposal | null;
  /**
   * why the answer's proposal was dropped (out of the workflow's scope, an entity not in the model, a
   * `verified_by`/`validated_by` field, …); the finding stays, without the proposal
   */
  dropped?: string;
  state: FindingState;
  /** set once applied */
  applied: FindingOutcome | null;
  /** set once dismissed: when, and the person's reason (null when none was given) */
  dismissed: FindingDismissal | null;
}

/** A dismissal of a finding. */
export interface FindingDismissal {
  at: string;
  reason: string | null;
}
