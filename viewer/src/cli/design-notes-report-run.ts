// SPDX-License-Identifier: AGPL-3.0-or-later
// `rr notes report`'s work: the notes folder read and printed as markdown or JSON. Loaded only when the
// command runs (design-notes-command.ts).
import { resolve } from 'node:path';
import { DESIGN_NOTE_STATUSES, type DesignNoteStatus } from '../notes/design-note.js';
import { designNotesJson, designNotesMarkdown } from '../notes/design-notes-report.js';
import { DesignNotesStore } from '../notes/design-notes-store.js';
import { statOrUndefined } from '../live/safe-stat.js';
import { EXIT, type CliIo } from 'rules-rr/core/cli/cli-io.js';
import type { DesignNotesReportOptions } from './design-notes-command.js';

/** Prints the report; exit 1 when some files were not valid notes, 2 for usage and unreadable folders. */
export function runDesignNotesReport(options: DesignNotesReportOptions, io: CliIo): number {
  const format = options.json ? 'json' : (options.format ?? 'text');
  if (format !== 'text' && format !== 'json') {
    io.err(`rr notes report: --format takes text or json; got "${format}"\n`);
    return EXIT.usage;
  }
  let status: DesignNoteStatus[] | undefined;
  if (options.status !== undefined) {
    const words = options.status.split(',').map((w) => w.trim());
    const wrong = words.filter((w) => !(DESIGN_NOTE_STATUSES as readonly string[]).includes(w));
    if (wrong.length > 0) {
      io.err(
        `rr notes report: --status takes ${DESIGN_NOTE_STATUSES.join(', ')} (comma-separated); got "${wrong.join(',')}"\n`,
      );
      return EXIT.usage;
    }
    status = words as DesignNoteStatus[];
  }
  const dir = resolve(io.cwd, options.dir);
  if (!statOrUndefined(dir)?.isDirectory()) {
    io.err(
      `rr notes report: ${options.dir} is not a folder; give the notes folder (the viewer's default is <experiment>/notes)\n`,
    );
    return EXIT.usage;
  }
  let listed;
  try {
    listed = new DesignNotesStore(dir).list(status ? { status } : {});
  } catch (error) {
    io.err(`rr notes report: cannot read ${options.dir}: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  for (const problem of listed.problems) io.err(`rr notes report: ${problem.file}: ${problem.message}\n`);
  io.out(
    format === 'json'
      ? JSON.stringify(designNotesJson(listed.notes, dir, new Date()), null, 2) + '\n'
      : designNotesMarkdown(listed.notes, dir, status),
  );
  return listed.problems.length > 0 ? EXIT.errors : EXIT.ok;
}
