// A run of one workflow (docs/api.md "Agents"): queued, then running with streamed progress, then done,
// failed or cancelled; with its findings, the tokens it used and what they cost.
import type { Finding } from '../findings/finding.js';
import type { Refusal } from '../llm/structured-caller.js';

/** Where a job stands. */
export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** Tokens used by the calls of a job, as the vendor counts them. */
export interface JobUsage {
  /** Messages API calls made, retries included (a server-side fallback is part of its call) */
  calls: number;
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** A request the vendor's safety classifier declined, and which model answered it (if any). */
export type JobRefusal = Refusal;

/** Why a job failed. */
export interface JobError {
  /** `llm-error`, `rate-limited`, `overloaded`, `refused`, `bad-answer`, `bad-worksheet`, `internal` */
  code: string;
  message: string;
}

/** What a job was asked to do (POST /api/agents/run's body, checked). */
export interface JobRequest {
  workflow: string;
  /** the entity reviewed; null: the whole model */
  entity: string | null;
  /** the assistant's change description */
  description: string | null;
  /** assign test cases: the worksheet the proposals go to when the job is done (relative to the checkout) */
  worksheet: string | null;
  /** completeness: whether the optional LLM pass runs (default: when LLM workflows are available) */
  llm: boolean;
}

/** A job, as GET /api/agents/jobs/{job} answers it. */
export interface AgentJob extends JobRequest {
  id: string;
  state: JobState;
  /** ISO times */
  created: string;
  started: string | null;
  finished: string | null;
  /** the streamed progress text so far (its last 64 KiB; `progress_truncated` says when more came) */
  progress: string;
  progress_truncated: boolean;
  findings: Finding[];
  /** the model and effort asked for; null for a deterministic job */
  model: string | null;
  effort: string | null;
  usage: JobUsage;
  /** US dollars at the vendor's list prices for the models used; null when a model's price is unknown */
  cost_usd: number | null;
  /** retries after HTTP 429 or 529 (rate limit, overload) */
  retries: number;
  /** requests the safety classifier declined: retried on a fallback model or not, and who answered */
  refusals: JobRefusal[];
  error: JobError | null;
  /** assign test cases with the worksheet option: the worksheet written and its row count */
  worksheet_written: { path: string; rows: number } | null;
}

/** A job in the list of GET /api/agents/jobs: without findings and progress, with the findings' count. */
export type JobSummary = Omit<AgentJob, 'findings' | 'progress'> & { finding_count: number };
