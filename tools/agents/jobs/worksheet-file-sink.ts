// The worksheet sink over files of the checkout: proposals are added to the `.rrplan` file through the
// worksheet writer (tools/agents/worksheet), which keeps a person's accepted marks and every other byte.
// The path is confined to the checkout as the readers' paths are: no `..`, no `.git`, and no symbolic
// link (of the file or a folder on the way) that leads out.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { repositoryWritePath } from '../../sources/repository-write-path.js';
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
      const where = await repositoryWritePath(root(), path);
      if (where.kind === 'refused')
        throw new AgentError('bad-request', `the worksheet cannot be written there: ${where.reason}`);
      const file = where.real;
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
