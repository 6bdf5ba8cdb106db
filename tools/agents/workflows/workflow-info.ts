// What GET /api/agents lists for each workflow (docs/api.md "Agents").
import type { EntityKind } from '../../model/entity.js';
import type { LlmAvailability } from '../llm/llm-availability.js';

/** The seven workflows. */
export const WORKFLOW_IDS = [
  'completeness',
  'test-adequacy',
  'implementation-review',
  'mitigation-adequacy',
  'hazard-discovery',
  'assistant',
  'assign-test-cases',
] as const;

/** A workflow's id. */
export type WorkflowId = (typeof WORKFLOW_IDS)[number];

/** One workflow as GET /api/agents lists it. */
export interface WorkflowInfo {
  id: WorkflowId;
  title: string;
  /** the question it answers */
  question: string;
  /** whether it needs an LLM (completeness does not; its LLM pass is optional) */
  needs_llm: boolean;
  /** completeness: an optional LLM pass adds findings when LLM workflows are available */
  llm_pass: boolean;
  /** whether it can run on this server now */
  available: boolean;
  /** why not, when unavailable */
  reason: string | null;
  /** what it runs on: the whole model, one entity, or either (entity optional) */
  scope: 'model' | 'entity' | 'either';
  /** the kinds `entity` may name (empty: any kind) */
  entity_kinds: EntityKind[];
  /** `description`: required for the assistant; `worksheet`: assign test cases takes one */
  options: { description: 'required' | 'none'; worksheet: boolean; llm_pass: boolean };
}

/** GET /api/agents. */
export interface AgentsAnswer {
  llm: LlmAvailability;
  workflows: WorkflowInfo[];
  /** the completeness check's optional LLM pass on the whole model, estimated; null without an LLM */
  completeness_llm_pass: LlmPassEstimate | null;
}

/** What an optional LLM pass would send and cost, estimated before it runs. */
export interface LlmPassEstimate {
  model: string;
  input_tokens: number;
  output_tokens: number;
  /** US dollars at the model's list price; null when rr does not know it */
  usd: number | null;
}
