// The seven workflows and what GET /api/agents says of each (docs/api.md "Agents").
import type { LlmAvailability } from '../llm/llm-availability.js';
import { assignTestCases } from './assign-test-cases.js';
import { assistant } from './assistant.js';
import { completeness } from './completeness.js';
import { hazardDiscovery } from './hazard-discovery.js';
import { implementationReview } from './implementation-review.js';
import { mitigationAdequacy } from './mitigation-adequacy.js';
import { testAdequacy } from './test-adequacy.js';
import type { Workflow } from './workflow.js';
import type { WorkflowInfo } from './workflow-info.js';

/** Every workflow, in the order the API lists them. */
export const WORKFLOWS: readonly Workflow[] = [
  completeness,
  testAdequacy,
  implementationReview,
  mitigationAdequacy,
  hazardDiscovery,
  assistant,
  assignTestCases,
];

/** A workflow by id. */
export function workflowById(id: string): Workflow | undefined {
  return WORKFLOWS.find((w) => w.info.id === id);
}

/** Each workflow with whether it can run here. */
export function workflowInfos(llm: LlmAvailability): WorkflowInfo[] {
  return WORKFLOWS.map(({ info }) => ({
    ...info,
    available: !info.needs_llm || llm.available,
    reason: info.needs_llm && !llm.available ? llm.reason : null,
  }));
}
