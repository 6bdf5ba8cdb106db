// SPDX-License-Identifier: AGPL-3.0-or-later
// Ids of the viewer's records double as file names (`<id>.json`), so their alphabet keeps every id a
// single, visible file name: no slashes, no leading dot, nothing to percent-decode into a path.
import { randomBytes } from 'node:crypto';
import { ViewerRecordRequestError } from './viewer-record-request-error.js';

/** What a viewer record id (and a design note id) may be. */
export const VIEWER_RECORD_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A new id such as `pin-20250601T120000Z-3f9a2c1b`: sortable by time, unique by its random part. */
export function newViewerRecordId(prefix: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${prefix}-${stamp}-${randomBytes(4).toString('hex')}`;
}

/** The id when it is a valid record id; a `bad-id` error naming what is allowed otherwise. */
export function checkedViewerRecordId(id: string, what: string): string {
  if (!VIEWER_RECORD_ID.test(id) || id.endsWith('.json'))
    throw new ViewerRecordRequestError(
      'bad-id',
      `${JSON.stringify(id.slice(0, 80))} is not a ${what} id: ids are 1–128 letters, digits, ".", "_" and "-", starting with a letter or digit`,
    );
  return id;
}
