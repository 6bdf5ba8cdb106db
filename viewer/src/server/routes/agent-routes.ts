// SPDX-License-Identifier: AGPL-3.0-or-later
// The Ask agent's routes (docs/viewer-api.md, "Ask agent"): status, the chat as a server-sent event
// stream, cancel, the stored conversations and the AI net labels. Chat, cancel and a net-label refresh
// need the viewer's own Origin (the Origin guard refuses a missing one on /api/agent/ and /api/net-labels). A chat's budget is reserved before the stream starts, so
// a question the cap cannot cover is refused with 402 and a message the page shows.

import type { FastifyInstance } from 'fastify';
import { ViewerRouteError } from '../viewer-route-error.js';
import type { AskEvent } from '../../agent/ask-agent.js';
import type { BudgetFigures } from '../../agent/budget-ledger.js';
import { FieldReader } from '../../records/json-shape-check.js';
import { VIEWER_RECORD_ID } from '../../records/viewer-record-id.js';
import type { ViewerContext } from '../viewer-context.js';
import type { Feature } from '../viewer-features.js';

/** The answer of GET /api/agent/status when the agent is available. */
export interface AgentStatus {
  available: true;
  model: string;
  turnBudgetUsd: number;
  netLabelBudgetUsd: number;
  budget: BudgetFigures;
  web: boolean;
  search: boolean;
  /** The CLI, with its version (`--version` at start, then each run's init) and a warning when untested. */
  cli: { path: string; source: string; version: string | null; versionWarning?: string } | null;
  running: string[];
  /** Whether the cap covers another turn; `capMessage` says why not. */
  canAsk: boolean;
  capMessage?: string;
}

/** Registers the agent routes; chat and cancel only when the agent is available. */
export function agentRoutes(app: FastifyInstance, context: ViewerContext, features: Feature[]): void {
  const services = context.agent;
  const agent = services.ask;
  const config = context.config;
  const available = features.find((f) => f.id === 'agent')?.available === true;

  app.get('/api/agent/conversations', () => {
    const { conversations, problems } = services.conversations.list();
    return { conversations, dir: services.conversations.dir, problems };
  });
  app.get<{ Params: { id: string } }>('/api/agent/conversations/:id', (request) =>
    services.conversations.get(request.params.id),
  );
  // Reading the labels starts nothing: labelling runs from startup and when the graph file changes. A
  // page may ask for a new look (a POST, so the Origin guard applies: another site cannot make it spend).
  app.get('/api/net-labels', () => services.netLabels.status());
  app.post('/api/net-labels/refresh', () => {
    void services.netLabels.refresh();
    return services.netLabels.status();
  });
  if (!available) return;

  app.get('/api/agent/status', (): AgentStatus => ({
    available: true,
    model: config.agentModel,
    turnBudgetUsd: config.agentBudgetUsd,
    netLabelBudgetUsd: config.netSummaryBudgetUsd,
    budget: services.ledger.figures(),
    web: config.agentWeb,
    search: config.agentWeb && !!config.agentSearchUrl,
    cli:
      services.options.cli.status === 'found'
        ? {
            path: services.options.cli.path,
            source: services.options.cli.source,
            version: services.cliVersion.current().version,
            ...(services.cliVersion.current().warning
              ? { versionWarning: services.cliVersion.current().warning }
              : {}),
          }
        : null,
    running: agent.runningTurns(),
    canAsk: services.ledger.covers(config.agentBudgetUsd),
    ...(services.ledger.covers(config.agentBudgetUsd) ? {} : { capMessage: agent.capMessage() }),
  }));

  app.post('/api/agent/chat', async (request, reply) => {
    const body = FieldReader.of(request.body, 'body', ['question', 'conversation']);
    const question = body.string('question', { required: true, min: 1, max: 20_000 })!;
    const id = body.string('conversation', {
      max: 128,
      pattern: VIEWER_RECORD_ID,
      hint: 'must be a conversation id',
    });
    const asked = { question, address: request.ip, ...(id ? { conversation: id } : {}) };
    const conversation = agent.conversationFor(asked);
    const reserved = agent.reserve();
    if (!reserved)
      throw new ViewerRouteError('budget-exhausted', agent.capMessage(), {
        budget: services.ledger.figures(),
      });

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    const send = (event: AskEvent) => {
      if (!raw.writableEnded && !raw.destroyed)
        raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    // A page that goes away does not stop the turn: it runs to its end (within its budget) and is stored.
    await agent.ask(asked, conversation, reserved, send);
    if (!raw.writableEnded) raw.end();
  });

  app.post('/api/agent/cancel', (request) => {
    const body = FieldReader.of(request.body ?? {}, 'body', ['turn']);
    const turn = body.string('turn', { required: true, min: 1, max: 100 })!;
    if (!agent.cancel(turn))
      throw new ViewerRouteError(
        'no-turn',
        `no running turn ${JSON.stringify(turn)}; it may have ended already`,
      );
    return { cancelled: turn };
  });
}
