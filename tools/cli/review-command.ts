// `rr review`: one agentic workflow without the editor, for pipelines (docs/agents.md, "In pipelines"):
// a nightly test adequacy review read as SARIF, for example. Exit 0 when no finding is at or above
// --fail-on, 1 when one is, 2 for a usage error, LLM workflows that are unavailable, or a job that failed.
import { relative, resolve, sep } from 'node:path';
import { AgentError } from '../agents/jobs/agent-error.js';
import { JobBoard } from '../agents/jobs/job-board.js';
import { checkRunRequest } from '../agents/jobs/run-request.js';
import { worksheetFileSink } from '../agents/jobs/worksheet-file-sink.js';
import { findingsAtOrAbove, findingsSarif, findingsText } from '../agents/findings/findings-report.js';
import type { FindingSeverity } from '../agents/findings/finding.js';
import { AgentSettingError } from '../agents/llm/agent-settings.js';
import { setUpLlm } from '../agents/llm/llm-availability.js';
import { WorksheetError } from '../agents/worksheet/worksheet-error.js';
import { entityVersion } from '../edit/entity-version.js';
import { packageVersion } from '../model/package-version.js';
import { writePrettyJson } from '../report/json-chunks.js';
import { readRepositoryText } from '../sources/repository-file.js';
import { analyze } from '../verify/analyze.js';
import { loadInputs } from '../verify/inputs.js';
import { EXIT, type CliIo } from './cli-io.js';
import { workspaceRoot } from '../sources/workspace-root.js';

/** Options of `rr review`. */
export interface ReviewOptions {
  model: string;
  evidence?: string;
  lock?: string;
  /** source tree to scan for annotations; false with --no-sources */
  sources?: string | boolean;
  workflow: string;
  entity?: string;
  description?: string;
  worksheet?: string;
  format: 'text' | 'json' | 'sarif';
  failOn: FindingSeverity;
  agentModel?: string;
  agentEffort?: string;
  /** false with --no-llm */
  llm: boolean;
}

/** Runs the review; resolves to the exit code. `env` is the process environment (tests pass their own). */
export async function runReview(
  options: ReviewOptions,
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
  signal?: AbortSignal,
): Promise<number> {
  const fail = (message: string) => {
    io.err(`rr review: ${message}\n`);
    return EXIT.usage;
  };
  let llm;
  try {
    llm = await setUpLlm({
      flags: { model: options.agentModel, effort: options.agentEffort },
      enabled: options.llm,
      env,
    });
  } catch (error) {
    if (error instanceof AgentSettingError) return fail(error.message);
    throw error;
  }
  const root = resolve(io.cwd, workspaceRoot(options.model, io.cwd));
  const sources =
    typeof options.sources === 'string'
      ? resolve(io.cwd, options.sources)
      : options.sources === false
        ? undefined
        : root;
  const inputs = await loadInputs({
    model: resolve(io.cwd, options.model),
    evidence: options.evidence === undefined ? undefined : resolve(io.cwd, options.evidence),
    lock: options.lock === undefined ? undefined : resolve(io.cwd, options.lock),
    sources,
  });
  if (inputs.unreadable) {
    io.err(`rr review: the model or evidence cannot be read; \`rr report\` names the problem\n`);
    return EXIT.usage;
  }
  const analysis = analyze(inputs);
  const repoPath = (path: string) => {
    const rel = relative(root, resolve(root, path));
    return rel.startsWith('..') ? path : rel.split(sep).join('/');
  };
  let request;
  try {
    request = checkRunRequest(
      {
        workflow: options.workflow,
        entity: options.entity,
        description: options.description,
        worksheet: options.worksheet,
        // A pipeline asks for the completeness check's LLM pass unless --no-llm (docs/agents.md).
        llm: true,
      },
      inputs.model,
      llm.availability,
    );
  } catch (error) {
    if (error instanceof AgentError) return fail(error.message);
    throw error;
  }
  const board = new JobBoard({
    llm,
    inputs: () => ({
      model: inputs.model,
      analysis,
      read: (path) => readRepositoryText(root, path),
      repoPath,
      sourcesRoot: sources,
      versionOf: entityVersion,
    }),
    // A worksheet named on the command line is the user's path, relative to where rr runs.
    worksheet: worksheetFileSink(() => io.cwd),
  });
  const started = board.start(request);
  const onStop = () => board.cancel(started.id);
  signal?.addEventListener('abort', onStop, { once: true });
  let job;
  try {
    job = await board.finished(started.id);
  } catch (error) {
    if (error instanceof WorksheetError) return fail(error.message);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onStop);
  }
  if (options.format === 'json') writePrettyJson(io.out, job);
  else if (options.format === 'sarif')
    io.out(
      JSON.stringify(findingsSarif(job, inputs.model, repoPath, packageVersion(), root), null, 2) + '\n',
    );
  else io.out(findingsText(job, inputs.model, repoPath));
  if (job.state !== 'done') {
    io.err(`rr review: the ${job.workflow} job ${job.state}${job.error ? `: ${job.error.message}` : ''}\n`);
    return EXIT.usage;
  }
  return findingsAtOrAbove(job.findings, options.failOn) ? EXIT.errors : EXIT.ok;
}
