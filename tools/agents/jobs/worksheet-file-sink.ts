// The worksheet sink over files of the checkout: proposals are added to the `.rrplan` file through the
// worksheet writer (tools/agents/worksheet), which keeps a person's accepted marks and every other byte.
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readWorksheet } from '../worksheet/read-worksheet.js';
import { addWorksheetProposals } from '../worksheet/write-worksheet.js';
import { AgentError } from './agent-error.js';
import { checkWorksheetPath } from './run-request.js';
import type { WorksheetSink } from './worksheet-sink.js';

/** A sink writing worksheets under a checkout (its root read when a worksheet is written). */
export function worksheetFileSink(root: () => string): WorksheetSink {
  return {
    async write(path, proposals) {
      checkWorksheetPath(path);
      if (proposals.length === 0) throw new AgentError('bad-request', 'there is no proposal to write');
      const file = join(root(), path);
      await mkdir(dirname(file), { recursive: true });
      await addWorksheetProposals(
        file,
        proposals.map(({ target, path: casePath, proposed, reason, proposed_by }) => ({
          target,
          path: casePath,
          proposed,
          reason,
          proposed_by,
        })),
      );
      return { rows: (await readWorksheet(file)).rows.length };
    },
  };
}
