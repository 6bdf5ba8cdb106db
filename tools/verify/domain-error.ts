// Requests the engine's rules refuse, as a stable code and a message saying what to do. Front ends turn
// the code into their own answer: the editor into an HTTP status (docs/api.md, "Errors").

/** Every code a DomainError can carry. */
export const DOMAIN_ERROR_CODES = [
  'bad-request',
  'unknown-entity',
  'unknown-case',
  'unknown-note',
  'needs-expand',
  'one-owner',
] as const;

/** What the rules refused, as a stable code. */
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** A refused request; `details` are facts for the client beside the code and message. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: DomainErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}
