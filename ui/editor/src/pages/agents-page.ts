import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { idSegment } from '../api/api-client.js';
import { errorText } from '../api/api-error.js';
import type { AgentJob, AgentsAnswer, Finding, JobSummary, WorkflowInfo } from '../api/api-types.js';
import { entityLink } from '../components/badges.js';
import { LightElement } from '../components/light-element.js';
import { worksheetPathField } from '../components/worksheet-path-field.js';
import { href } from '../routing/hash-route.js';
import { store, StoreController } from '../session/editor-store.js';
import { startWorkflow } from '../session/workflow-run.js';
import { defaultWorksheet } from '../model/default-worksheet.js';

const POLL_MS = 600;
const RUNNING = new Set(['queued', 'running']);

/**
 * The agentic workflows (`#/agents`, docs/agents.md): choose a workflow and what it reviews, run it,
 * watch the job's streamed progress, act on its findings. `?job=ID` shows one job; `?workflow=` and
 * `?entity=` pre-select the form.
 */
export class AgentsPage extends LightElement {
  static override properties = {
    query: { attribute: false },
    agents: { state: true },
    jobs: { state: true },
    job: { state: true },
    error: { state: true },
    starting: { state: true },
    workflow: { state: true },
  };
  declare query: URLSearchParams;
  declare agents: AgentsAnswer | null;
  declare jobs: JobSummary[];
  declare job: AgentJob | null;
  declare error: string;
  declare starting: boolean;
  /** the workflow chosen in the form */
  declare workflow: string;
  private readonly storeController = new StoreController(this);
  private pollTimer = 0;
  private shownJob = '';

  constructor() {
    super();
    this.query = new URLSearchParams();
    this.agents = null;
    this.jobs = [];
    this.job = null;
    this.error = '';
    this.starting = false;
    this.workflow = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadAgents();
  }

  override disconnectedCallback(): void {
    window.clearTimeout(this.pollTimer);
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('query')) return;
    if (this.query.get('workflow')) this.workflow = this.query.get('workflow')!;
    const job = this.query.get('job') ?? '';
    if (job !== this.shownJob) {
      this.shownJob = job;
      this.job = null;
      window.clearTimeout(this.pollTimer);
      if (job) void this.poll();
    }
  }

  private async loadAgents(): Promise<void> {
    try {
      const [agents, jobs] = await Promise.all([
        store().api.get<AgentsAnswer>('agents'),
        store().api.get<{ jobs: JobSummary[] }>('agents/jobs'),
      ]);
      this.agents = agents;
      this.jobs = jobs.jobs;
      if (!this.workflow) this.workflow = agents.workflows.find((w) => w.available)?.id ?? '';
    } catch (error) {
      this.error = errorText(error);
    }
  }

  /** Reads the shown job, and again while it is queued or running. */
  private async poll(): Promise<void> {
    const id = this.shownJob;
    if (!id) return;
    try {
      const job = await store().api.get<AgentJob>(`agents/jobs/${idSegment(id)}`);
      if (id !== this.shownJob) return;
      this.job = job;
      this.error = '';
      if (RUNNING.has(job.state)) this.pollTimer = window.setTimeout(() => void this.poll(), POLL_MS);
      else void this.loadAgents();
    } catch (error) {
      if (id === this.shownJob) this.error = errorText(error);
    }
  }

  private async run(event: Event): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const value = (name: string) =>
      (form.querySelector(`[name=${name}]`) as HTMLInputElement | HTMLTextAreaElement | null)?.value.trim() ??
      '';
    const info = this.chosen();
    if (!info) return;
    const entity = value('entity');
    const description = value('description');
    const toWorksheet = (form.querySelector('[name=to-worksheet]') as HTMLInputElement | null)?.checked;
    const llmPass = (form.querySelector('[name=llm-pass]') as HTMLInputElement | null)?.checked === true;
    this.starting = true;
    this.error = '';
    try {
      await startWorkflow({
        workflow: info.id,
        ...(entity && info.scope !== 'model' ? { entity } : {}),
        ...(info.options.description === 'required' ? { description } : {}),
        ...(toWorksheet ? { worksheet: value('path') || defaultWorksheet() } : {}),
        ...(info.options.llm_pass ? { llm: llmPass } : {}),
      });
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.starting = false;
    }
  }

  private async cancel(): Promise<void> {
    if (!this.job) return;
    try {
      this.job = await store().api.post<AgentJob>(`agents/jobs/${idSegment(this.job.id)}/cancel`);
    } catch (error) {
      this.error = errorText(error);
    }
  }

  private chosen(): WorkflowInfo | undefined {
    return this.agents?.workflows.find((w) => w.id === this.workflow);
  }

  private findingChanged(event: CustomEvent<Finding>): void {
    if (!this.job) return;
    const next = event.detail;
    this.job = { ...this.job, findings: this.job.findings.map((f) => (f.id === next.id ? next : f)) };
  }

  protected override render(): TemplateResult {
    const agents = this.agents;
    return html`
      <h1 tabindex="-1">Agents</h1>
      <p>
        Workflows review the model and propose changes; nothing is written until you apply a finding. Proposed
        case owners go to the <a href=${href('worksheet')}>attribution worksheet</a>.
      </p>
      ${this.error ? html`<div class="banner error" role="alert"><p>${this.error}</p></div>` : nothing}
      ${
        agents && !agents.llm.available
          ? html`<div class="banner info" role="status" id="llm-unavailable">
              <p>
                LLM workflows are not available: ${agents.llm.reason} Only the deterministic completeness
                check runs.
              </p>
            </div>`
          : nothing
      }
      ${agents ? this.runForm(agents) : html`<p aria-live="polite">Loading…</p>`} ${this.jobView()}
      ${this.jobList()}
    `;
  }

  private runForm(agents: AgentsAnswer): TemplateResult {
    const info = this.chosen();
    const entityKinds = info?.entity_kinds ?? [];
    const entities = store().entities.filter((e) => entityKinds.length === 0 || entityKinds.includes(e.kind));
    return html`<form class="agent-run" @submit=${(e: Event) => void this.run(e)} aria-labelledby="run-title">
      <h2 id="run-title">Run a workflow</h2>
      <div class="field">
        <label for="agent-workflow">Workflow</label>
        <select
          id="agent-workflow"
          name="workflow"
          aria-describedby="agent-workflow-help"
          @change=${(e: Event) => (this.workflow = (e.target as HTMLSelectElement).value)}
        >
          ${agents.workflows.map(
            (w) =>
              html`<option value=${w.id} ?selected=${w.id === this.workflow} ?disabled=${!w.available}>
                ${w.title}${w.available ? '' : ' (unavailable)'}
              </option>`,
          )}
        </select>
        <p class="help" id="agent-workflow-help">
          ${info ? info.question : ''}${info?.reason ? html` — ${info.reason}` : nothing}
        </p>
      </div>
      ${
        info && info.scope !== 'model'
          ? html`<div class="field">
              <label for="agent-entity"
                >${info.scope === 'entity' ? 'Entity' : 'Entity (empty: the whole model)'}</label
              >
              <input
                id="agent-entity"
                name="entity"
                type="text"
                list="agent-entities"
                autocomplete="off"
                spellcheck="false"
                .value=${this.query.get('entity') ?? ''}
                ?required=${info.scope === 'entity'}
              />
              <datalist id="agent-entities">
                ${entities.map((e) => html`<option value=${e.id}>${e.title}</option>`)}
              </datalist>
            </div>`
          : nothing
      }
      ${
        info?.options.description === 'required'
          ? html`<div class="field wide">
              <label for="agent-description">What should change? (plain language)</label>
              <textarea id="agent-description" name="description" rows="4" required></textarea>
            </div>`
          : nothing
      }
      ${
        info?.options.worksheet
          ? html`<div class="field check">
                <input id="agent-to-worksheet" name="to-worksheet" type="checkbox" checked />
                <label for="agent-to-worksheet">Write the proposals to a worksheet</label>
              </div>
              <div class="field">${worksheetPathField('agent-worksheet')}</div>`
          : nothing
      }
      ${info?.options.llm_pass && this.agents?.llm.available ? this.llmPassChoice() : nothing}
      <div class="actions">
        <button type="submit" ?disabled=${this.starting || !info?.available}>Run</button>
      </div>
    </form>`;
  }

  /** The completeness check's paid LLM pass: off unless ticked, with what it would cost on the model. */
  private llmPassChoice(): TemplateResult {
    const estimate = this.agents?.completeness_llm_pass;
    const cost = !estimate
      ? ''
      : `about ${estimate.input_tokens.toLocaleString('en')} tokens in and up to ${estimate.output_tokens.toLocaleString('en')} out on ${estimate.model}` +
        (estimate.usd === null
          ? ' (rr does not know its price)'
          : `, about $${estimate.usd.toFixed(2)} for the whole model`);
    return html`<div class="field check">
        <input id="agent-llm-pass" name="llm-pass" type="checkbox" aria-describedby="agent-llm-pass-help" />
        <label for="agent-llm-pass">Also ask the model (LLM pass, paid)</label>
      </div>
      <p class="help" id="agent-llm-pass-help">
        Adds needs no requirement covers, requirements no test could decide and missing
        hazards${cost ? html`: ${cost}` : nothing}. Without it the check is rr's own analysis, free.
      </p>`;
  }

  private jobView(): TemplateResult | typeof nothing {
    const job = this.job;
    if (!this.shownJob) return nothing;
    if (!job) return html`<p aria-live="polite">Loading job ${this.shownJob}…</p>`;
    const running = RUNNING.has(job.state);
    const open = job.findings.filter((f) => f.state === 'open').length;
    return html`<section class="agent-job" aria-labelledby="job-title" id="agent-job">
      <h2 id="job-title">
        ${job.workflow}${job.entity ? html` on ${entityLink(job.entity)}` : ' on the whole model'}
        <span class="badge job-${job.state}" id="job-state">${job.state}</span>
      </h2>
      <p class="muted">
        ${job.model ? html`Model ${job.model} (effort ${job.effort}). ` : nothing}${job.usage.calls} call(s),
        ${job.usage.input_tokens} input and ${job.usage.output_tokens} output
        tokens${job.cost_usd !== null ? html`, about $${job.cost_usd.toFixed(4)}` : nothing}${job.retries ? html`, ${job.retries} retries` : nothing}.
      </p>
      ${
        job.refusals.length
          ? html`<ul class="banner warning plain-list" role="status" id="job-refusals">
              ${job.refusals.map(
                (r) =>
                  html`<li>
                    ${r.model}
                    declined${r.entity ? ` the request about ${r.entity}` : ''}${r.category ? ` (${r.category})` : ''};
                    ${
                      r.answered_by
                        ? `${r.answered_by} answered (${r.fallback === 'client' ? "rr's retry on the model the refusal recommended" : "the API's server-side fallback"}).`
                        : r.fallback
                          ? 'the fallback model declined too: the refusal stands.'
                          : 'no fallback model took it: the refusal stands.'
                    }
                  </li>`,
              )}
            </ul>`
          : nothing
      }
      ${
        job.error
          ? html`<div class="banner error" role="alert">
              <p><code>${job.error.code}</code>: ${job.error.message}</p>
            </div>`
          : nothing
      }
      ${
        job.worksheet_written
          ? html`<p class="banner success" role="status">
              ${job.worksheet_written.rows} proposal(s) written to
              <a href=${href('worksheet', { path: job.worksheet_written.path })}
                >${job.worksheet_written.path}</a
              >.
            </p>`
          : nothing
      }
      ${running ? html`<div class="actions"><button type="button" class="secondary" @click=${() => void this.cancel()}>Cancel the job</button></div>` : nothing}
      <details class="job-progress" ?open=${running}>
        <summary>Progress</summary>
        <pre aria-live="polite" id="job-progress">${job.progress_truncated ? '…\n' : ''}${job.progress}</pre>
      </details>
      <h3 id="findings-title">Findings <span class="muted">${job.findings.length} (${open} open)</span></h3>
      ${
        job.findings.length === 0
          ? html`<p class="muted">${running ? 'None yet.' : 'No findings.'}</p>`
          : html`<div class="finding-list" @finding-changed=${this.findingChanged}>
              ${repeat(
                job.findings,
                (f) => f.id,
                (f) => html`<rr-finding-card .finding=${f}></rr-finding-card>`,
              )}
            </div>`
      }
    </section>`;
  }

  private jobList(): TemplateResult | typeof nothing {
    if (this.jobs.length === 0) return nothing;
    return html`<section aria-labelledby="jobs-title">
      <h2 id="jobs-title">Recent jobs</h2>
      <ul class="plain-list">
        ${this.jobs.map(
          (j) =>
            html`<li>
              <a
                href=${href('agents', { job: j.id })}
                aria-current=${j.id === this.shownJob ? 'true' : 'false'}
                >${j.workflow}</a
              >
              ${j.entity ? html`on ${j.entity}` : nothing}
              <span class="badge job-${j.state}">${j.state}</span>
              <span class="muted">${j.finding_count} finding(s), ${j.created}</span>
            </li>`,
        )}
      </ul>
    </section>`;
  }
}
customElements.define('rr-agents-page', AgentsPage);
