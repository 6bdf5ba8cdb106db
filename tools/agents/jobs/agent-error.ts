// Requests the agents layer refuses, as a stable code and a message saying what to do; the editor's
// table gives each code its HTTP status (tools/editor/editor-errors.ts, docs/api.md "Errors"),
// `rr review` answers exit code 2.

/** Every code an AgentError can carry. */
export const AGENT_ERROR_CODES = [
  'bad-request',
  'unknown-workflow',
  'unknown-entity',
  'unknown-job',
  'unknown-finding',
  'llm-unavailable',
  'protected-field',
  'no-proposal',
  'finding-closed',
] as const;

/** What the agents layer refused. */
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

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
