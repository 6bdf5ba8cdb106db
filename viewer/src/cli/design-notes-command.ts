// SPDX-License-Identifier: AGPL-3.0-or-later
// `rr notes report`: the design notes of a notes folder as markdown (the feed for the next design pass)
// or as the JSON export, the same text the viewer's export route gives.

import type { Command } from 'commander';
import { DESIGN_NOTE_STATUSES } from '../notes/design-note-actions.js';
import type { CliIo } from 'rules-rr/core/cli/cli-io.js';

/** Options of `rr notes report`. */
export interface DesignNotesReportOptions {
  dir: string;
  status?: string;
  json?: boolean;
  format?: string;
}

/** Adds `rr notes report` to the command tree. */
export function addDesignNotesCommand(rr: Command, io: CliIo, result: { code: number }): void {
  rr.command('notes')
    .description('design notes of the live viewer')
    .command('report')
    .description('print the design notes of a notes folder as markdown (or JSON)')
    .requiredOption('--dir <notes>', 'notes folder (the viewer default is <experiment>/notes)')
    .option(
      '--status <list>',
      `only notes with these statuses, comma-separated (${DESIGN_NOTE_STATUSES.join(', ')})`,
    )
    .option('--json', 'print the JSON export instead of markdown')
    .option('--format <format>', 'text (markdown) or json')
    .action(async (options: DesignNotesReportOptions) => {
      const { runDesignNotesReport } = await import('./design-notes-report-run.js');
      result.code = runDesignNotesReport(options, io);
    });
}
