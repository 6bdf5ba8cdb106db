// What a server's layers refuse with, and what its error answers are made of. A refusal is a stable code
// from the union of the layer that throws it, a message that says what to do, and facts for the body;
// it never carries an HTTP status: each server's one table (tools/editor/editor-errors.ts,
// viewer/src/server/viewer-errors.ts) and the HTTP layer's (http-error.ts) give each code its status.

/** A refusal of any layer, as the server's error answer reads it. */
export interface Refusal<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
  /** More fields of the error body (the editor's `referrers`, the viewer's `target`, ...). */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * The refusal a route or guard throws, with a code of its layer's union: the HTTP layer's (HttpError),
 * the editor's routes' (EditorRouteError) or the viewer's (ViewerRouteError). Abstract, so every thrown
 * code is checked against a union that a status table covers.
 */
export abstract class ApiError<Code extends string = string> extends Error implements Refusal<Code> {
  readonly code: Code;
  readonly details: Record<string, unknown>;

  constructor(code: Code, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }
}
