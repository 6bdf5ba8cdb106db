// SPDX-License-Identifier: AGPL-3.0-or-later
// A live directory whose one lane has one checkpoint: a given KiCad board, copied to
// boards/<sha256>.kicad_pcb. The viewer's page opens on that lane and draws that board, so the
// geometry benchmark and the layered-drawing browser test see exactly the board they name.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventFileName } from '../../src/telemetry/event-files.js';

/** Writes the live directory at `root` and returns the board's sha256. */
export function writeCheckpointLiveDir(root: string, board: string): string {
  const sha = createHash('sha256').update(readFileSync(board)).digest('hex');
  mkdirSync(join(root, 'boards'), { recursive: true });
  mkdirSync(join(root, 'events'), { recursive: true });
  copyFileSync(board, join(root, 'boards', `${sha}.kicad_pcb`));
  const events: [string, Record<string, unknown>][] = [
    ['experiment_start', { experiment: { name: 'one board', seed: 1 } }],
    ['lane_start', { lane: 'board', lane_kind: 'candidate', parent: null, label: 'the board' }],
    ['checkpoint', { lane: 'board', board: `boards/${sha}.kicad_pcb`, phase: 'input' }],
  ];
  events.forEach(([kind, fields], seq) => {
    const event = {
      schema: 'pnr-live-event-v1',
      seq,
      time: new Date(1_750_000_000_000 + seq * 1000).toISOString(),
      run: 'one-board',
      kind,
      ...fields,
    };
    writeFileSync(join(root, 'events', eventFileName(seq, kind)), `${JSON.stringify(event)}\n`);
  });
  return sha;
}
