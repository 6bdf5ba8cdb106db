// SPDX-License-Identifier: AGPL-3.0-or-later
// A request about viewer records (pins, drafts, snapshots, notes, controls) that cannot be served, with
// a stable code; the viewer's one table (server/viewer-errors.ts) gives each code its HTTP status.

/** Every code a viewer record request can fail with (docs/viewer-api.md, "Errors"). */
export const VIEWER_RECORD_ERROR_CODES = [
  'bad-body',
  'bad-id',
  'bad-query',
  'not-found',
  'exists',
  'stale-revision',
  'bad-transition',
  'unsupported-control',
  'busy',
] as const;

/** What a viewer record request failed with. */
export type ViewerRecordErrorCode = (typeof VIEWER_RECORD_ERROR_CODES)[number];

/** A refused viewer record request; `extra` goes into the error body. */
export class ViewerRecordRequestError extends Error {
  constructor(
    readonly code: ViewerRecordErrorCode,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ViewerRecordRequestError';
  }
}
