// Why an LLM call gave no usable answer; the job records the code and message (docs/api.md "Agents").

/** The codes a failed call reports. */
export type LlmFailure = 'llm-error' | 'rate-limited' | 'overloaded' | 'refused' | 'bad-answer' | 'cancelled';

/** A call that failed; the message says what happened and what to do. */
export class LlmCallError extends Error {
  constructor(
    readonly code: LlmFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LlmCallError';
  }
}
