// What a workflow is given and how it reports (docs/agents.md): the engine's analysis of the loaded
// model, the entity it runs on, a repository-confined file reader, the LLM caller when there is one, and
// a sink for findings. Workflows only read; nothing they do writes a file.
import type { Entity } from '../../model/entity.js';
import type { Model } from '../../model/model.js';
import type { RepositoryText } from '../../sources/repository-file.js';
import type { Analysis } from '../../verify/analyze.js';
import type { Finding } from '../findings/finding.js';
import type { CallObserver, StructuredCaller } from '../llm/structured-caller.js';
import type { WorkflowInfo } from './workflow-info.js';

/** A finding as a workflow reports it; the job gives it its id and state. */
export type FindingDraft = Omit<Finding, 'id' | 'job' | 'workflow' | 'state' | 'applied' | 'dismissed'>;

/** Reads a file by its path relative to the checkout, confined to it. */
export type RepositoryReader = (path: string) => Promise<RepositoryText>;

/** One run of a workflow. */
export interface WorkflowRun {
  model: Model;
  analysis: Analysis;
  /** the entity reviewed, or null for the whole model */
  entity: Entity | null;
  /** the assistant's change description */
  description: string | null;
  /** completeness: whether its LLM pass runs */
  llmPass: boolean;
  read: RepositoryReader;
  /** a file path as the API names it: relative to the checkout */
  repoPath(path: string): string;
  /** the folder source annotations and test files are found under (absolute) */
  sourcesRoot: string | undefined;
  /** an entity's version, quoted by update proposals */
  versionOf: (entity: Entity) => string;
  /** null when LLM workflows are unavailable */
  caller: StructuredCaller | null;
  /** progress text, token use, retries and refusals go to the job */
  observer: CallObserver;
  signal: AbortSignal;
  report(finding: FindingDraft): void;
}

/** What a workflow is, apart from whether it can run now. */
export type WorkflowDescription = Omit<WorkflowInfo, 'available' | 'reason'>;

/** A workflow. */
export interface Workflow {
  info: WorkflowDescription;
  run(run: WorkflowRun): Promise<void>;
}
