// SPDX-License-Identifier: AGPL-3.0-or-later
// The Ask agent of one viewer: each question is one run of the assistant CLI (assistant-cli-run.ts) with
// the turn's own MCP servers (notes, and web with --agent-web), its budget reserved on the process's
// ledger before it starts and settled when it ends, its stream turned into the chat's events, and the
// turn stored in its conversation. Turns may run side by side; the ledger keeps them within the cap.
import { randomBytes } from 'node:crypto';
import type { ViewerConfig } from '../config/resolve-viewer-config.js';
import type { DesignNotesStore } from '../notes/design-notes-store.js';
import { viewerAccount } from '../records/viewer-record-author.js';
import { statOrUndefined } from '../live/safe-stat.js';
import { askTurnArguments } from './agent-cli-arguments.js';
import type { AgentCliResolution } from './agent-cli-resolution.js';
import { AskConversationStore, type AskConversation, type AskTurn } from './ask-conversations.js';
import { designGraphFile } from '../netlist/design-graph-location.js';
import { askSystemPrompt, askTurnPrompt } from './ask-prompt.js';
import { runAssistantCli, type CliRun } from './assistant-cli-run.js';
import type { BudgetLedger, BudgetReservation } from './budget-ledger.js';
import type { AskEvent } from './ask-events.js';

export type { AskEvent } from './ask-events.js';
import { NOTES_SERVER, notesMcpServer, type AgentNoteEvent } from './notes-mcp-server.js';
import { READ_TOOLS } from './turn-permissions.js';
import { ReadScope } from './read-scope.js';
import { startTurnMcpListener } from './turn-mcp-listener.js';
import { TurnGate } from './turn-gate.js';
import { AskTurnRecorder } from './ask-turn-recorder.js';
import type { WebGuardOptions } from './web/guarded-fetch.js';
import { WEB_SERVER, webMcpServer } from './web/web-mcp-server.js';

/** A turn that may start: its budget is held. */
export interface ReservedTurn {
  reservation: BudgetReservation;
}

/** Why the Ask agent cannot answer at all, or undefined when it can. */
export type AskAvailability = { available: true; cli: string } | { available: false; reason: string };

/** What the agent needs besides the configuration. */
export interface AskAgentOptions {
  config: ViewerConfig;
  cli: AgentCliResolution;
  ledger: BudgetLedger;
  notes: DesignNotesStore;
  conversations: AskConversationStore;
  now: () => Date;
  /** A turn is killed after this long (default 10 minutes); it is then charged its whole budget. */
  turnTimeoutMs?: number;
  /** The web guard's resolver and connector (tests pass a stub resolver). */
  webGuard?: WebGuardOptions;
  /** Environment of the CLI (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Hears the CLI's version as a run's init reports it. */
  onCliVersion?: (version: string) => void;
}

/** A question from the page. */
export interface AskQuestion {
  question: string;
  /** Continue this conversation; a new one when absent. */
  conversation?: string;
  /** The asking client's address. */
  address: string;
}

/** The Ask agent. */
export class AskAgent {
  private readonly running = new Map<string, CliRun>();

  constructor(private readonly options: AskAgentOptions) {}

  /** Whether turns can run: the agent is on and the CLI was found. */
  availability(): AskAvailability {
    if (!this.options.config.agent)
      return { available: false, reason: 'the Ask agent is off; start the viewer with --agent on' };
    if (this.options.cli.status !== 'found') return { available: false, reason: this.options.cli.message };
    return { available: true, cli: this.options.cli.path };
  }

  /** Turns running now. */
  runningTurns(): string[] {
    return [...this.running.keys()];
  }

  /** Holds a turn's budget; undefined when the cap cannot cover it. Synchronous, so racing requests are ordered. */
  reserve(): ReservedTurn | undefined {
    const reservation = this.options.ledger.reserve('ask', this.options.config.agentBudgetUsd);
    return reservation ? { reservation } : undefined;
  }

  /** Why the cap refuses another turn. */
  capMessage(): string {
    const f = this.options.ledger.figures();
    return (
      `the budget cap cannot cover another Ask turn: $${f.spentUsd.toFixed(2)} of $${(f.capUsd ?? 0).toFixed(2)} spent and $${f.heldUsd.toFixed(2)} held by running calls, ` +
      `and a turn needs $${this.options.config.agentBudgetUsd.toFixed(2)} (--agent-budget-usd). The cap (--agent-total-usd) resets when the viewer restarts.`
    );
  }

  /** Kills every running turn (the server is closing). */
  cancelAll(): void {
    for (const turn of this.running.keys()) this.cancel(turn);
  }

  /** Kills a running turn; false when there is no such turn. */
  cancel(turn: string): boolean {
    const run = this.running.get(turn);
    if (!run) return false;
    run.cancel();
    return true;
  }

  /** The conversation a question continues (`not-found` when it names none), or a new one. */
  conversationFor(question: AskQuestion): AskConversation {
    const o = this.options;
    return question.conversation
      ? o.conversations.get(question.conversation)
      : o.conversations.start(
          question.question,
          { user: viewerAccount(), address: question.address },
          o.now(),
        );
  }

  /** Runs one turn with its reserved budget, reporting events; resolves once it is stored. */
  async ask(
    question: AskQuestion,
    conversation: AskConversation,
    reserved: ReservedTurn,
    emit: (event: AskEvent) => void,
  ): Promise<void> {
    const o = this.options;
    const c = o.config;
    const started = o.now();
    const turnId = `turn-${randomBytes(6).toString('hex')}`;
    const record: AskTurn = {
      question: question.question,
      answer: '',
      started: started.toISOString(),
      ended: '',
      model: c.agentModel,
      status: 'failed',
      costUsd: null,
      chargedUsd: 0,
      budgetUsd: c.agentBudgetUsd,
      tools: [],
      notes: [],
    };
    emit({
      type: 'turn',
      turn: turnId,
      conversation: conversation.id,
      model: c.agentModel,
      budgetUsd: c.agentBudgetUsd,
    });

    const gate = new TurnGate();
    const onNote = (event: AgentNoteEvent) => {
      record.notes.push(event);
      emit({ type: 'note', ...event });
    };
    const factories: Record<string, () => ReturnType<typeof notesMcpServer>> = {
      [NOTES_SERVER]: () =>
        notesMcpServer({
          store: o.notes,
          address: question.address,
          agent: { model: c.agentModel, conversation: conversation.id },
          now: o.now,
          onNote,
          gate: () => gate.pass(),
        }),
    };
    if (c.agentWeb)
      factories[WEB_SERVER] = () =>
        webMcpServer({
          ...(c.agentSearchUrl ? { searchUrl: c.agentSearchUrl } : {}),
          guard: o.webGuard ?? {},
          onRequest: (event) => emit({ type: 'web', ...event }),
          gate: () => gate.pass(),
        });

    let reported: number | undefined;
    let ran = false;
    let nothingGotThrough = false;
    let listener: Awaited<ReturnType<typeof startTurnMcpListener>> | undefined;
    try {
      const availability = this.availability();
      if (!availability.available) throw new Error(availability.reason);
      // The CLI refuses a folder that does not exist; say which, before anything is spent.
      const missing = [c.agentCwd, ...c.agentReadDirs].find((dir) => !statOrUndefined(dir)?.isDirectory());
      if (missing)
        throw new Error(
          `the folder ${missing} (${missing === c.agentCwd ? '--agent-cwd' : '--agent-read-dir'}) does not exist; the turn was not started`,
        );
      const readScope = ReadScope.of(c.agentCwd, c.agentReadDirs);
      // The graph the schematic reads: --graph, else the one the experiment wrote into the live directory.
      const graph = designGraphFile(c);
      listener = await startTurnMcpListener(factories);
      const recorder = new AskTurnRecorder(record, emit);
      const run = runAssistantCli({
        cli: availability.cli,
        cwd: c.agentCwd,
        model: c.agentModel,
        args: askTurnArguments({
          model: c.agentModel,
          budgetUsd: c.agentBudgetUsd,
          mcpConfigFile: listener.configFile,
          servers: listener.servers,
          cwd: c.agentCwd,
          readDirs: c.agentReadDirs,
          systemPrompt: askSystemPrompt({
            experimentDir: c.experimentDir,
            readDirs: readScope.folders,
            notesDir: c.notesDir,
            web: c.agentWeb,
            search: !!c.agentSearchUrl,
            ...(graph ? { graph: graph.file } : {}),
          }),
        }),
        prompt: askTurnPrompt(conversation, question.question),
        permissions: {
          builtinTools: READ_TOOLS,
          servers: listener.servers,
          readScope,
          requiredTools: READ_TOOLS,
        },
        timeoutMs: o.turnTimeoutMs ?? 10 * 60_000,
        ...(o.env ? { env: o.env } : {}),
        onInitPassed: () => gate.open(),
        onStop: (reason) => gate.shut(`the turn was stopped (${reason}); its tools no longer act`),
        onMessage: (message) => recorder.take(message),
      });
      ran = true;
      this.running.set(turnId, run);
      const outcome = await run.done;
      reported = outcome.result?.costUsd;
      nothingGotThrough = outcome.nothingGotThrough;
      if (outcome.version) o.onCliVersion?.(outcome.version);
      recorder.finish(outcome);
    } catch (error) {
      record.status = 'failed';
      record.reason = (error as Error).message;
    } finally {
      gate.shut('the turn has ended; its tools no longer act');
      this.running.delete(turnId);
      await listener?.close();
      // A turn whose CLI never started cost nothing, nor one whose every request failed before the API
      // answered (no connection, refused credentials); one that ran without a cost report costs its budget.
      record.chargedUsd = reserved.reservation.settle(ran && !nothingGotThrough ? reported : (reported ?? 0));
      record.ended = o.now().toISOString();
      try {
        o.conversations.appendTurn(conversation, record);
      } catch (error) {
        record.reason = `${record.reason ? `${record.reason}; ` : ''}the conversation could not be stored: ${(error as Error).message}`;
      }
      emit({
        type: 'end',
        status: record.status,
        ...(record.reason ? { reason: record.reason } : {}),
        ...(record.fix ? { fix: record.fix } : {}),
        costUsd: record.costUsd,
        chargedUsd: record.chargedUsd,
        conversation: conversation.id,
        budget: o.ledger.figures(),
      });
    }
  }
}
