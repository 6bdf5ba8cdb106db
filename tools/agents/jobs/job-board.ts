// The jobs of one server (or one `rr review` run): started at once, run one LLM job at a time (others
// wait as queued), each with its progress text, findings, token use, cost, retries and refusals, and
// cancellable. Findings are kept with their jobs until the job falls out of the last 100.
import type { Entity } from '../../model/entity.js';
import type { Model } from '../../model/model.js';
import type { Analysis } from '../../verify/analyze.js';
import type { Finding, FindingOutcome } from '../findings/finding.js';
import { LlmCallError } from '../llm/llm-call-error.js';
import type { LlmSetup } from '../llm/llm-availability.js';
import { tokenCost, type TokenCounts } from '../llm/model-catalog.js';
import type { CallObserver } from '../llm/structured-caller.js';
import { workflowById } from '../workflows/workflow-catalog.js';
import type { RepositoryReader } from '../workflows/workflow.js';
import { AgentError } from './agent-error.js';
import type { AgentJob, JobRequest, JobSummary } from './job.js';
import type { WorksheetSink } from './worksheet-sink.js';

/** What a run reads: the loaded model and its analysis, taken when the job starts. */
export interface RunInputs {
  model: Model;
  analysis: Analysis;
  read: RepositoryReader;
  repoPath(path: string): string;
  sourcesRoot: string | undefined;
  versionOf(entity: Entity): string;
}

/** How a board is set up. */
export interface JobBoardOptions {
  llm: LlmSetup;
  inputs: () => RunInputs;
  /** writes assign-test-cases proposals to a worksheet (the `worksheet` option) */
  worksheet?: WorksheetSink;
  /** jobs kept (default 100) */
  keep?: number;
}

/** The last characters of progress text a job keeps. */
export const PROGRESS_LIMIT = 64 * 1024;

interface JobEntry {
  job: AgentJob;
  abort: AbortController;
  usage: Map<string, TokenCounts>;
  done: Promise<void>;
}

/** The jobs of one server. */
export class JobBoard {
  private readonly entries = new Map<string, JobEntry>();
  private readonly findings = new Map<string, { finding: Finding; job: string }>();
  private counter = 0;
  // LLM jobs run one after another: a second job waits as queued.
  private llmQueue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: JobBoardOptions) {}

  /** Starts a checked request; the job is answered at once (queued, running, or done for a quick one). */
  start(request: JobRequest): AgentJob {
    const id = `j${++this.counter}`;
    const job: AgentJob = {
      ...request,
      id,
      state: 'queued',
      created: new Date().toISOString(),
      started: null,
      finished: null,
      progress: '',
      progress_truncated: false,
      findings: [],
      model: request.llm ? (this.options.llm.caller ? this.options.llm.availability.model : null) : null,
      effort: request.llm ? (this.options.llm.caller ? this.options.llm.availability.effort : null) : null,
      usage: {
        calls: 0,
        input_tokens: 0,
        output_tokens: 0,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
      cost_usd: request.llm ? 0 : null,
      retries: 0,
      refusals: [],
      error: null,
      worksheet_written: null,
    };
    const entry: JobEntry = { job, abort: new AbortController(), usage: new Map(), done: Promise.resolve() };
    this.entries.set(id, entry);
    this.prune();
    if (request.llm) {
      entry.done = this.llmQueue.then(() => this.execute(entry));
      this.llmQueue = entry.done;
    } else {
      // A deterministic job runs now: its answer carries its findings.
      entry.done = this.execute(entry);
    }
    return job;
  }

  /** The jobs, newest first, without findings and progress. */
  list(): JobSummary[] {
    return [...this.entries.values()].reverse().map(({ job }) => {
      const summary: Partial<AgentJob> = { ...job };
      delete summary.findings;
      delete summary.progress;
      return { ...(summary as Omit<AgentJob, 'findings' | 'progress'>), finding_count: job.findings.length };
    });
  }

  /** A job; AgentError unknown-job. */
  get(id: string): AgentJob {
    const entry = this.entries.get(id);
    if (!entry) throw new AgentError('unknown-job', `no job ${id}; GET /api/agents/jobs lists them`);
    return entry.job;
  }

  /** Resolves when a job has finished (tests and `rr review` wait on it). */
  async finished(id: string): Promise<AgentJob> {
    const entry = this.entries.get(id);
    if (!entry) throw new AgentError('unknown-job', `no job ${id}`);
    await entry.done;
    return entry.job;
  }

  /** Cancels a queued or running job; a finished one is answered as it is. */
  cancel(id: string): AgentJob {
    const entry = this.entries.get(id);
    if (!entry) throw new AgentError('unknown-job', `no job ${id}; GET /api/agents/jobs lists them`);
    const { job } = entry;
    if (job.state === 'queued' || job.state === 'running') {
      entry.abort.abort();
      this.end(entry, 'cancelled', null);
    }
    return job;
  }

  /** A finding by id; AgentError unknown-finding. */
  finding(id: string): Finding {
    const hit = this.findings.get(id);
    if (!hit)
      throw new AgentError('unknown-finding', `no finding ${id}; it may belong to a job no longer kept`);
    return hit.finding;
  }

  /** A finding that is still open; AgentError finding-closed otherwise. */
  openFinding(id: string): Finding {
    const finding = this.finding(id);
    if (finding.state !== 'open')
      throw new AgentError('finding-closed', `finding ${id} was ${finding.state} already`, {
        state: finding.state,
      });
    return finding;
  }

  /** Marks a finding applied. */
  applied(id: string, outcome: Omit<FindingOutcome, 'at'>): Finding {
    const finding = this.openFinding(id);
    finding.state = 'applied';
    finding.applied = { ...outcome, at: new Date().toISOString() };
    return finding;
  }

  /** Marks a finding dismissed, keeping the reason given (blank: none). */
  dismissed(id: string, reason?: string): Finding {
    const finding = this.openFinding(id);
    finding.state = 'dismissed';
    finding.dismissed = { at: new Date().toISOString(), reason: reason?.trim() || null };
    return finding;
  }

  private async execute(entry: JobEntry): Promise<void> {
    const { job } = entry;
    if (job.state !== 'queued') return;
    const workflow = workflowById(job.workflow)!;
    job.state = 'running';
    job.started = new Date().toISOString();
    const inputs = this.options.inputs();
    const caller = job.llm ? (this.options.llm.caller?.() ?? null) : null;
    let findingNumber = 0;
    try {
      await workflow.run({
        ...inputs,
        entity: job.entity ? (inputs.model.byId.get(job.entity) ?? null) : null,
        description: job.description,
        llmPass: job.llm,
        caller,
        observer: this.observer(entry),
        signal: entry.abort.signal,
        report: (draft) => {
          if (job.state !== 'running') return;
          const finding: Finding = {
            id: `f-${job.id}-${++findingNumber}`,
            job: job.id,
            workflow: job.workflow,
            ...draft,
            state: 'open',
            applied: null,
            dismissed: null,
          };
          job.findings.push(finding);
          this.findings.set(finding.id, { finding, job: job.id });
        },
      });
      if (job.worksheet && this.options.worksheet && job.state === 'running') {
        try {
          await this.writeWorksheet(entry, job.worksheet);
        } catch (error) {
          this.end(entry, 'failed', {
            code: 'bad-worksheet',
            message: `the findings stand, but the worksheet was not written: ${(error as Error).message}`,
          });
          return;
        }
      }
      this.end(entry, 'done', null);
    } catch (error) {
      if (error instanceof LlmCallError && error.code === 'cancelled') this.end(entry, 'cancelled', null);
      else if (error instanceof LlmCallError)
        this.end(entry, 'failed', { code: error.code, message: error.message });
      else
        this.end(entry, 'failed', { code: 'internal', message: (error as Error).message ?? String(error) });
    }
  }

  private async writeWorksheet(entry: JobEntry, path: string): Promise<void> {
    const proposals = entry.job.findings.flatMap((f) =>
      f.proposal?.type === 'case-owner' ? [f.proposal] : [],
    );
    if (proposals.length === 0) return;
    const written = await this.options.worksheet!.write(path, proposals);
    entry.job.worksheet_written = { path, rows: written.rows };
    this.progress(entry, `\nWrote ${proposals.length} proposal(s) to the worksheet ${path}\n`);
  }

  private end(entry: JobEntry, state: 'done' | 'failed' | 'cancelled', error: AgentJob['error']): void {
    const { job } = entry;
    if (job.state !== 'queued' && job.state !== 'running') return;
    job.state = state;
    job.error = error;
    job.finished = new Date().toISOString();
    if (error) this.progress(entry, `\n${state}: ${error.message}\n`);
    if (state === 'cancelled') this.progress(entry, '\ncancelled\n');
  }

  private observer(entry: JobEntry): CallObserver {
    const { job } = entry;
    return {
      progress: (text) => this.progress(entry, text),
      usage: (parts) => {
        job.usage.calls++;
        for (const { model, tokens } of parts) {
          job.usage.input_tokens += tokens.input_tokens;
          job.usage.output_tokens += tokens.output_tokens;
          job.usage.cache_creation_input_tokens += tokens.cache_creation_input_tokens;
          job.usage.cache_read_input_tokens += tokens.cache_read_input_tokens;
          const sum = entry.usage.get(model) ?? {
            input_tokens: 0,
            output_tokens: 0,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
          };
          for (const key of Object.keys(sum) as (keyof TokenCounts)[]) sum[key] += tokens[key];
          entry.usage.set(model, sum);
        }
        let cost: number | null = 0;
        for (const [m, counts] of entry.usage) {
          const c = tokenCost(m, counts);
          cost = c === null || cost === null ? null : cost + c;
        }
        job.cost_usd = cost === null ? null : Math.round(cost * 1e6) / 1e6;
      },
      retried: () => job.retries++,
      refused: (refusal) => job.refusals.push(refusal),
    };
  }

  private progress(entry: JobEntry, text: string): void {
    const { job } = entry;
    job.progress += text;
    if (job.progress.length > PROGRESS_LIMIT) {
      job.progress = job.progress.slice(job.progress.length - PROGRESS_LIMIT);
      job.progress_truncated = true;
    }
  }

  private prune(): void {
    const keep = this.options.keep ?? 100;
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= keep) break;
      if (entry.job.state === 'queued' || entry.job.state === 'running') continue;
      for (const f of entry.job.findings) this.findings.delete(f.id);
      this.entries.delete(id);
    }
  }
}
