// The HTTP statuses rr's servers answer errors with, and the shape of a table that gives each code of a
// union one of them: a table typed over a union is exhaustive, so a new code without a status does not
// type-check (docs/api.md and viewer/docs/viewer-api.md, "Errors").

/** A status an error answer may have. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 415 | 421 | 422 | 423 | 500 | 503;

/** The status of every code of a union. */
export type ErrorStatusTable<Code extends string> = Readonly<Record<Code, ErrorStatus>>;
