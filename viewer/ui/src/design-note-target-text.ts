// SPDX-License-Identifier: AGPL-3.0-or-later
// How the viewer names a note's target in a short line: chips, lists and labels of the page.
import type { DesignNoteTarget } from './api-types.js';

/** A target as a short text ("U2", "net +3V3", "(12.5, 8) mm"). */
export function designNoteTargetText(t: DesignNoteTarget): string {
  switch (t.type) {
    case 'footprint':
      return t.ref;
    case 'pad':
      return `${t.ref} pad ${t.pad}`;
    case 'net':
      return `net ${t.net}`;
    case 'point':
      return `(${t.x}, ${t.y}) mm${t.layer ? ` on ${t.layer}` : ''}`;
    case 'lane':
      return `lane ${t.lane}`;
    case 'event':
      return `event ${t.seq}`;
    case 'source':
      return `${t.path}${t.line !== undefined ? `:${t.line}` : ''}`;
  }
}
