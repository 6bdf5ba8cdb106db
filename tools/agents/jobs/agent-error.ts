// Requests the agents layer refuses, as a stable code and a message saying what to do; the editor turns
// the code into an HTTP status (docs/api.md "Agents"), `rr review` into exit code 2.

/** Every code an AgentError can carry, with the HTTP status the editor answers. */
export const AGENT_ERROR_STATUS = {
  'bad-request': 400,
  'unknown-workflow': 404,
  'unknown-entity': 404,
  'unknown-job': 404,
  'unknown-finding': 404,
  'llm-unavailable': 409,
  'protected-field': 409,
  'no-proposal': 409,
  'finding-closed': 409,
} as const;

/** What the agents layer refused. */
export type AgentErrorCode = keyof typeof AGENT_ERROR_STATUS;

/** A refused agents request; `details` are facts beside the code and message. */
export class AgentError extends Error {
  constructor(
    readonly code: AgentErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AgentError';
  }
}
