// Starting a workflow (POST /api/agents/run) from any page: the job starts on the server and the
// Agents page shows it (`#/agents?job=ID`), polling until it ends.
import type { AgentJob } from '../api/api-types.js';
import { href } from '../routing/hash-route.js';
import { store } from './editor-store.js';

/** What to run. */
export interface WorkflowRequest {
  workflow: string;
  entity?: string;
  description?: string;
  worksheet?: string;
  llm?: boolean;
}

/** Starts a job and opens it on the Agents page; resolves to the job as started. */
export async function startWorkflow(request: WorkflowRequest): Promise<AgentJob> {
  const job = await store().api.post<AgentJob>('agents/run', request);
  window.location.hash = href('agents', { job: job.id });
  return job;
}
