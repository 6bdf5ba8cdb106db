// What an agents job reads from the model session: the loaded model and its analysis, files through
// the repository-confined reader, and entity versions for update proposals.
import type { RunInputs } from '../agents/jobs/job-board.js';
import { entityVersion } from '../edit/entity-version.js';
import { readRepositoryText } from '../sources/repository-file.js';
import type { ModelSession } from './model-session.js';

/** The inputs of a job, as the session has them now. */
export function agentRunInputs(session: ModelSession): RunInputs {
  return {
    model: session.model,
    analysis: session.analysis(),
    read: (path) => readRepositoryText(session.root, path),
    repoPath: (path) => session.repoPath(path),
    sourcesRoot: session.options.sourcesRoot,
    versionOf: entityVersion,
  };
}
