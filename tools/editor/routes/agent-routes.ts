// Agentic workflows (docs/api.md, "Agents"): until the LLM workflows exist, the one workflow is the
// deterministic completeness check (validation issues and traceability gaps), run as a job polled through the
// jobs endpoints. Findings only propose; nothing is written.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import type { EditorContext } from '../editor-context.js';
import { AGENT_RUN_BODY } from './body-schemas.js';

/** One finding of a workflow. */
export interface Finding {
  id: string;
  severity: 'error' | 'warning' | 'info';
  category: string;
  entity: string | null;
  detail: string;
}

/** A workflow run. */
export interface Job {
  id: string;
  workflow: string;
  state: 'running' | 'done' | 'failed';
  started: string;
  finished: string | null;
  findings: Finding[];
}

const WORKFLOWS = [
  {
    id: 'completeness',
    title: 'Completeness check',
    needs_llm: false,
    question: 'validation issues and traceability gaps',
  },
];

const MAX_JOBS = 100;

/** The agent routes. */
export function registerAgentRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const jobs = new Map<string, Job>();

  app.get('/api/agents', () => ({
    llm: ctx.llm,
    workflows: WORKFLOWS.map((w) => ({ ...w, available: true })),
  }));

  app.post<{ Body: { workflow: string } }>(
    '/api/agents/run',
    { schema: { body: AGENT_RUN_BODY } },
    async (request, reply) => {
      const { workflow } = request.body;
      if (!WORKFLOWS.some((w) => w.id === workflow))
        throw new ApiError(404, 'unknown-workflow', `no workflow "${workflow}"; GET /api/agents lists them`);
      const job: Job = {
        id: randomUUID(),
        workflow,
        state: 'running',
        started: new Date().toISOString(),
        finished: null,
        findings: [],
      };
      job.findings = completeness(ctx);
      job.state = 'done';
      job.finished = new Date().toISOString();
      jobs.set(job.id, job);
      for (const old of [...jobs.keys()].slice(0, Math.max(0, jobs.size - MAX_JOBS))) jobs.delete(old);
      return reply.code(201).send(job);
    },
  );

  app.get('/api/agents/jobs', () => ({
    jobs: [...jobs.values()].reverse().map(({ findings, ...job }) => ({ ...job, findings: findings.length })),
  }));

  app.get<{ Params: { job: string } }>('/api/agents/jobs/:job', (request) => {
    const job = jobs.get(request.params.job);
    if (!job) throw new ApiError(404, 'unknown-job', `no job ${request.params.job}`);
    return job;
  });
}

/** The deterministic completeness check: every validation issue and every gap of the work queue. */
function completeness(ctx: EditorContext): Finding[] {
  const analysis = ctx.session.analysis();
  const issues: Finding[] = analysis.diagnostics.map((d, i) => ({
    id: `issue-${i + 1}`,
    severity: d.severity,
    category: d.rule,
    entity: d.entity ?? null,
    detail: d.file ? `${ctx.session.repoPath(d.file)}:${d.line ?? 1}: ${d.message}` : d.message,
  }));
  const gaps: Finding[] = analysis.gaps.map((g, i) => ({
    id: `gap-${i + 1}`,
    severity: g.route === 'human-gate' ? 'warning' : 'info',
    category: `gap:${g.kind}`,
    entity: g.entity,
    detail: g.detail,
  }));
  return [...issues, ...gaps];
}
