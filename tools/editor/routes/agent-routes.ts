// Agentic workflows (docs/api.md "Agents", docs/agents.md): the workflows and whether each can run here,
// jobs started at once and polled, and cancelled on request. The jobs and their findings live in the
// agents layer (tools/agents); these routes only check requests and answer.
import type { FastifyInstance } from 'fastify';
import { checkRunRequest } from '../../agents/jobs/run-request.js';
import { completenessPassEstimate } from '../../agents/workflows/completeness.js';
import { workflowInfos } from '../../agents/workflows/workflow-catalog.js';
import type { AgentsAnswer } from '../../agents/workflows/workflow-info.js';
import type { EditorContext } from '../editor-context.js';
import { bodyObject } from '../request-input.js';
import { AGENT_RUN_BODY } from './body-schemas.js';

type JobParams = { Params: { job: string } };

/** The agent routes. */
export function registerAgentRoutes(app: FastifyInstance, ctx: EditorContext): void {
  const { board, llm } = ctx.agents;

  app.get('/api/agents', (): AgentsAnswer => ({
    llm: llm.availability,
    workflows: workflowInfos(llm.availability),
    completeness_llm_pass: llm.availability.available
      ? completenessPassEstimate(
          { model: ctx.session.model, analysis: ctx.session.analysis() },
          llm.availability.model,
        )
      : null,
  }));

  app.post('/api/agents/run', { schema: { body: AGENT_RUN_BODY } }, async (request, reply) => {
    const checked = checkRunRequest(bodyObject(request.body), ctx.session.model, llm.availability);
    const job = board.start(checked);
    // A deterministic job takes milliseconds: its answer carries its findings.
    if (!checked.llm) await board.finished(job.id);
    return reply.code(202).send(job);
  });

  app.get('/api/agents/jobs', () => ({ jobs: board.list() }));

  app.get<JobParams>('/api/agents/jobs/:job', (request) => board.get(request.params.job));

  app.post<JobParams>('/api/agents/jobs/:job/cancel', (request) => board.cancel(request.params.job));
}
