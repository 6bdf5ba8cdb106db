// SPDX-License-Identifier: AGPL-3.0-or-later
// Cursors of GET /api/state: `<reader epoch>-<revision>`. The epoch names one reader instance, so a cursor
// from before a viewer restart (or from another run's reader) is recognised and answered with a full state.

/** A cursor's text for a reader epoch and revision. */
export function formatCursor(epoch: string, rev: number): string {
  return `${epoch}-${rev}`;
}

/** The revision a cursor names for this epoch, or undefined when it belongs elsewhere or is not a cursor. */
export function cursorRevision(cursor: string, epoch: string, current: number): number | undefined {
  const match = /^([a-z0-9]+)-(\d+)$/.exec(cursor);
  if (!match || match[1] !== epoch) return undefined;
  const rev = Number(match[2]);
  return rev <= current ? rev : undefined;
}
