// The part every LLM workflow shares: the system prompt's standing rules, one checked call of the model,
// and turning the answer's findings into the run's findings through the proposal policy.
import type { Entity } from '../../model/entity.js';
import type { FindingSeverity } from '../findings/finding.js';
import { checkProposal, type AnswerProposal, type ProposalScope } from '../findings/proposal-policy.js';
import { LlmCallError } from '../llm/llm-call-error.js';
import { answerSchema } from './answer-schema.js';
import { UNTRUSTED_RULE } from './untrusted-excerpt.js';
import type { WorkflowRun } from './workflow.js';

/** A finding as the answer schemas give it. */
export interface AnswerFinding {
  severity: FindingSeverity;
  category: string;
  entity: string | null;
  detail: string;
  proposal: AnswerProposal | null;
}

/** The system prompt: rr's standing rules, then the workflow's task. */
export function systemPrompt(task: string): string {
  return [
    'You review a requirements model kept as code with rr, for a product developed under IEC 62304 and ' +
      'ISO 14971. Entities are user needs (UN), requirements (REQ), risks (RISK), mitigations (MIT) and test ' +
      'methods; each test case verifies at most one entity, decided by rr from the model, never by you.',
    task,
    'Answer only with JSON matching the given schema. Name entities only by ids that appear in the prompt. ' +
      'Be specific and brief: each finding says what is wrong or missing and why, in one to three sentences. ' +
      'Propose nothing you are not asked to; never propose verified_by or validated_by.',
    UNTRUSTED_RULE,
  ].join('\n\n');
}

/** A titled part of a prompt. */
export function section(title: string, body: string): string {
  return `## ${title}\n${body.trim() === '' ? '(none)' : body}`;
}

/** Asks the model and checks the answer against the workflow's schema; left-out items become a finding. */
export async function askModel(
  run: WorkflowRun,
  workflow: string,
  entity: string | null,
  system: string,
  prompt: string,
): Promise<Record<string, unknown>> {
  if (!run.caller) throw new LlmCallError('llm-error', 'LLM workflows are not available here');
  const schema = answerSchema(workflow);
  run.observer.progress(
    `\nAsking ${run.caller.model} about ${entity ?? 'the model'} (${prompt.length} characters)…\n`,
  );
  const raw = await run.caller.call(
    { entity, system, prompt, schema: schema.vendor },
    run.observer,
    run.signal,
  );
  const checked = schema.check(raw);
  if (checked.left_out.length > 0)
    run.report({
      severity: 'warning',
      category: 'answer-checked',
      entity,
      detail: `${checked.left_out.length} item(s) of the model's answer did not match the schema and were left out: ${checked.left_out.join('; ')}`,
      proposal: null,
    });
  return checked.value;
}

/** Reports the answer's findings, each proposal checked against the run's scope. */
export function reportAnswerFindings(
  run: WorkflowRun,
  items: readonly AnswerFinding[],
  scope: ProposalScope,
  defaultEntity: Entity | null,
): void {
  for (const item of items) {
    let entity = item.entity;
    let detail = item.detail;
    if (entity !== null && !run.model.byId.has(entity)) {
      detail = `${detail} (the answer named ${entity}, which the model does not have)`;
      entity = defaultEntity?.id ?? null;
    }
    const outcome = checkProposal(item.proposal, scope, run.model, run.versionOf);
    run.report({
      severity: item.severity,
      category: item.category,
      entity,
      detail,
      ...('dropped' in outcome
        ? { proposal: null, dropped: outcome.dropped }
        : { proposal: outcome.proposal }),
    });
  }
}

/** Whether the run was cancelled; workflows check between calls. */
function throwIfCancelled(run: WorkflowRun): void {
  if (run.signal.aborted) throw new LlmCallError('cancelled', 'the job was cancelled');
}

/**
 * Reviews each entity in turn. In a run over several entities, a refusal that stands for one of them
 * becomes a `declined` finding on it and the run goes on; a single-entity run fails with the refusal.
 */
export async function reviewEach(
  run: WorkflowRun,
  entities: readonly Entity[],
  what: (entity: Entity) => string,
  review: (entity: Entity) => Promise<void>,
): Promise<void> {
  for (const [i, entity] of entities.entries()) {
    throwIfCancelled(run);
    run.observer.progress(`\n${what(entity)} (${i + 1} of ${entities.length})\n`);
    try {
      await review(entity);
    } catch (error) {
      if (!(error instanceof LlmCallError) || error.code !== 'refused' || entities.length === 1) throw error;
      run.report({
        severity: 'warning',
        category: 'declined',
        entity: entity.id,
        detail: `not reviewed: ${error.message}`,
        proposal: null,
      });
    }
  }
}

/** The first `limit` items, and how many more there were. */
export function firstOf<T>(items: readonly T[], limit: number): { items: T[]; more: number } {
  return { items: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/** The finding that says a model-wide run reviewed only the first entities. */
export function reportMore(run: WorkflowRun, more: number, limit: number, what: string): void {
  if (more > 0)
    run.report({
      severity: 'info',
      category: 'not-reviewed',
      entity: null,
      detail: `${more} more ${what} were not reviewed: one job reviews at most ${limit}; run the workflow on each entity for the rest`,
      proposal: null,
    });
}
