// The agents' worksheet sink over worksheet files: assign-test-cases proposals (the worksheet option and
// the worksheet action of a finding) become rows of a worksheet inside the checkout (docs/worksheet.md).
import { isAbsolute, relative, resolve } from 'node:path';
import type { CaseOwnerProposal } from '../findings/finding.js';
import type { WorksheetSink } from '../jobs/worksheet-sink.js';
import { readWorksheet } from './read-worksheet.js';
import { WorksheetError } from './worksheet-error.js';
import { addWorksheetProposals } from './write-worksheet.js';

/** A sink writing worksheets below `root` (paths relative to it, never leaving it). */
export function worksheetFileSink(root: string): WorksheetSink {
  return {
    async write(path: string, proposals: readonly CaseOwnerProposal[]) {
      const file = resolve(root, path);
      const inside = relative(root, file);
      if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
        throw new WorksheetError(`${path}: a worksheet must be inside the checkout`, path);
      await addWorksheetProposals(
        file,
        proposals.map((p) => ({
          target: p.target,
          path: p.path,
          proposed: p.proposed,
          reason: p.reason,
          proposed_by: p.proposed_by,
        })),
      );
      return { rows: (await readWorksheet(file)).rows.length };
    },
  };
}
