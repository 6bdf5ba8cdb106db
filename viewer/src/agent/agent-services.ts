// SPDX-License-Identifier: AGPL-3.0-or-later
// The assistant services of one viewer process: the budget ledger both kinds of calls share, the Ask
// agent and its stored conversations, and the AI net labeler. Built once per server (viewer-context.ts).
import { join } from 'node:path';
import type { ViewerConfig } from '../config/resolve-viewer-config.js';
import type { DesignNotesStore } from '../notes/design-notes-store.js';
import type { AgentCliResolution } from './agent-cli-resolution.js';
import { AgentCliVersion } from './agent-cli-version.js';
import { AskAgent } from './ask-agent.js';
import { AskConversationStore } from './ask-conversations.js';
import { BudgetLedger } from './budget-ledger.js';
import type { WebGuardOptions } from './web/guarded-fetch.js';
import { NetLabeler } from './net-labels/net-labeler.js';
import type { NetSourceContext } from './net-labels/net-dossier.js';

/** Test and machine seams of the assistant services. */
export interface AgentServiceOptions {
  cli: AgentCliResolution;
  turnTimeoutMs?: number;
  webGuard?: WebGuardOptions;
  env?: NodeJS.ProcessEnv;
  /** Net context from the design sources for the net-label dossier, when sources are joined. */
  netSourceContext?: () => ReadonlyMap<string, NetSourceContext> | undefined;
}

/** The folder of stored conversations in an experiment. */
export function conversationsDir(experimentDir: string): string {
  return join(experimentDir, 'conversations');
}

/** The services. */
export class AgentServices {
  readonly ledger: BudgetLedger;
  readonly conversations: AskConversationStore;
  readonly ask: AskAgent;
  readonly netLabels: NetLabeler;
  /** The CLI's version: asked at start, then as each run's init reports it. */
  readonly cliVersion = new AgentCliVersion();
  /** Settles once the CLI was asked for its version (at once when there is no CLI or the assistant is off). */
  readonly cliVersionAsked: Promise<void>;

  constructor(
    readonly config: ViewerConfig,
    notes: DesignNotesStore,
    now: () => Date,
    readonly options: AgentServiceOptions,
  ) {
    this.ledger = new BudgetLedger(config.agentTotalUsd);
    this.conversations = new AskConversationStore(conversationsDir(config.experimentDir));
    this.ask = new AskAgent({
      config,
      cli: options.cli,
      ledger: this.ledger,
      notes,
      conversations: this.conversations,
      now,
      ...(options.turnTimeoutMs !== undefined ? { turnTimeoutMs: options.turnTimeoutMs } : {}),
      ...(options.webGuard ? { webGuard: options.webGuard } : {}),
      ...(options.env ? { env: options.env } : {}),
      onCliVersion: (version) => this.cliVersion.set(version),
    });
    this.netLabels = new NetLabeler({
      config,
      cli: options.cli,
      ledger: this.ledger,
      ...(options.netSourceContext ? { sourceContext: options.netSourceContext } : {}),
      ...(options.env ? { env: options.env } : {}),
      onCliVersion: (version) => this.cliVersion.set(version),
    });
    this.cliVersionAsked =
      options.cli.status === 'found' && (config.agent || config.netSummaries)
        ? this.cliVersion.ask(options.cli.path, options.env).then(() => undefined)
        : Promise.resolve();
  }

  /** Stops what runs: Ask turns and a net-label call are killed. */
  async close(): Promise<void> {
    this.ask.cancelAll();
    await this.netLabels.close();
  }
}
