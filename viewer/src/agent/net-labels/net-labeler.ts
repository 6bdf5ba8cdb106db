// SPDX-License-Identifier: AGPL-3.0-or-later
// AI net labels (`--net-summaries on`): the netlist dossier's chunks are labelled one tool-less call of
// the assistant CLI each, one call at a time, each call's budget (`--net-summary-budget-usd`) reserved on
// the process's ledger. Labels are cached under the cache folder by chunk content, so only a chunk whose
// nets changed is asked about again. When the cap cannot cover another call, labelling stops and the
// remaining labels stay missing until the viewer restarts (the ledger is per process). Labelling starts
// when the server starts and again when the graph file changes (watched by polling its stat, which works
// on every file system); reading the labels never starts a paid call. The graph is the one the schematic
// reads, in any format it reads (a netlist graph, or KiCad's netlist export): --graph, else the
// netlist-graph.json the experiment writes into the live directory. A call that fails for a reason every
// other call would meet as well (not signed in, no connection, billing, the model) stops labelling at
// once with the CLI's reason and what to do; a request the CLI retries shows as progress.
import { mkdirSync, readFileSync, statSync, unwatchFile, watchFile } from 'node:fs';
import { join } from 'node:path';
import type { ViewerConfig } from '../../config/resolve-viewer-config.js';
import { designGraphPath, type DesignGraphLocation } from '../../netlist/design-graph-location.js';
import { readDesignGraph } from '../../netlist/design-graph-file.js';
import { writeFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import { netLabelArguments } from '../agent-cli-arguments.js';
import type { AgentCliResolution } from '../agent-cli-resolution.js';
import { runAssistantCli } from '../assistant-cli-run.js';
import { retryProgress } from '../cli-failure.js';
import type { BudgetLedger } from '../budget-ledger.js';
import { netDossierChunks, type DossierChunk, type NetSourceContext } from './net-dossier.js';
import {
  NET_LABEL_PROMPT_VERSION,
  NET_LABEL_SYSTEM_PROMPT,
  netLabelsFromAnswer,
} from './net-label-answer.js';

/** Where labelling stands (GET /api/net-labels). */
export type NetLabelState = 'off' | 'unavailable' | 'waiting' | 'running' | 'done' | 'cap-reached' | 'failed';

/** One net's AI label. */
export interface NetLabel {
  label: string;
  /** The key of the dossier chunk it came from. */
  chunk: string;
}

/** The answer of GET /api/net-labels. */
export interface NetLabelStatus {
  state: NetLabelState;
  reason?: string;
  /** Always true: every label is AI output, and the page says so. */
  aiGenerated: true;
  model: string;
  chunks: number;
  /** Chunks labelled now (from the cache or a call). */
  labelledChunks: number;
  /** Calls of the CLI this process made for labels. */
  calls: number;
  labels: Record<string, NetLabel>;
  /** Nets without a label (cap reached, a failed call, or not labelled yet). */
  missing: number;
  problems: string[];
  /** What to do about the failure that stopped labelling (sign in, check the network, …). */
  fix?: string;
  /** The running call's progress when the CLI retries a request ("retrying 3/10 in 8 s: …"). */
  progress?: string;
}

/** What the labeler needs. */
export interface NetLabelerOptions {
  config: ViewerConfig;
  cli: AgentCliResolution;
  ledger: BudgetLedger;
  /** Net context from the design sources, when they are joined (read each time labelling starts). */
  sourceContext?: () => ReadonlyMap<string, NetSourceContext> | undefined;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** How often the graph file's stat is read for changes (default 2 s). */
  graphPollMs?: number;
  /** Hears the CLI's version as a call's init reports it. */
  onCliVersion?: (version: string) => void;
}

interface CachedLabels {
  schema: 'pnr-net-labels-v1';
  model: string;
  nets: string[];
  labels: Record<string, string>;
}

/** The net labeler of one viewer process. */
export class NetLabeler {
  private state: NetLabelState = 'waiting';
  private reason = '';
  private fix = '';
  private progress = '';
  private chunks: DossierChunk[] = [];
  private readonly done = new Map<string, Record<string, string>>();
  private calls = 0;
  private problems: string[] = [];
  private graphStamp = '';
  private running: Promise<void> | undefined;
  private current: { cancel(): void } | undefined;
  private closed = false;
  /** The graph changed while labelling ran: look again when it ends. */
  private again = false;
  private readonly onGraphChange = () => void this.refresh();
  private readonly graph: DesignGraphLocation;

  constructor(private readonly options: NetLabelerOptions) {
    const c = options.config;
    this.graph = designGraphPath(c);
    if (!c.netSummaries) this.stop('off', 'AI net labels are off; start the viewer with --net-summaries on');
    else if (options.cli.status !== 'found') this.stop('unavailable', options.cli.message);
    else
      watchFile(
        this.graph.file,
        { interval: options.graphPollMs ?? 2000, persistent: false },
        this.onGraphChange,
      );
  }

  private get cacheDir(): string {
    return join(this.options.config.cacheDir, 'net-labels');
  }

  /** Starts (or restarts, when the graph file changed) labelling in the background. */
  refresh(): Promise<void> {
    if (this.state === 'off' || this.state === 'unavailable') return Promise.resolve();
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const stamp = this.stamp();
    if (stamp === 'missing' && this.graph.origin === 'live directory') {
      // Nothing to label until the experiment writes its graph; the watcher starts labelling then.
      this.graphStamp = stamp;
      this.stop(
        'waiting',
        `waiting for the experiment's netlist graph ${this.graph.file} (or start the viewer with --graph)`,
      );
      return Promise.resolve();
    }
    if (stamp === this.graphStamp && this.state !== 'waiting' && this.state !== 'failed')
      return Promise.resolve();
    this.graphStamp = stamp;
    this.running = this.label().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.refresh();
      }
    });
    return this.running;
  }

  /** Stops labelling (the server is closing); a running call is killed. */
  async close(): Promise<void> {
    this.closed = true;
    unwatchFile(this.graph.file, this.onGraphChange);
    this.current?.cancel();
    await this.running;
  }

  /** The labels and where labelling stands. */
  status(): NetLabelStatus {
    const labels: Record<string, NetLabel> = {};
    let nets = 0;
    for (const chunk of this.chunks) {
      nets += chunk.nets.length;
      for (const [net, label] of Object.entries(this.done.get(chunk.key) ?? {}))
        labels[net] = { label, chunk: chunk.key };
    }
    return {
      state: this.state,
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.fix ? { fix: this.fix } : {}),
      ...(this.progress ? { progress: this.progress } : {}),
      aiGenerated: true,
      model: this.options.config.agentModel,
      chunks: this.chunks.length,
      labelledChunks: this.chunks.filter((c) => this.done.has(c.key)).length,
      calls: this.calls,
      labels,
      missing: nets - Object.keys(labels).length,
      problems: this.problems,
    };
  }

  private stop(state: NetLabelState, reason: string, fix = ''): void {
    this.state = state;
    this.reason = reason;
    this.fix = fix;
  }

  private stamp(): string {
    try {
      const s = statSync(this.graph.file);
      return `${s.size}:${s.mtimeMs}`;
    } catch {
      return 'missing';
    }
  }

  private async label(): Promise<void> {
    const o = this.options;
    const c = o.config;
    this.problems = [];
    try {
      const graph = readDesignGraph(this.graph.file);
      this.chunks = netDossierChunks(
        graph,
        o.sourceContext?.(),
        `${NET_LABEL_PROMPT_VERSION}\0${c.agentModel}`,
      );
    } catch (error) {
      this.chunks = [];
      this.stop('failed', `the netlist graph cannot be read: ${(error as Error).message}`);
      return;
    }
    const keys = new Set(this.chunks.map((k) => k.key));
    for (const key of this.done.keys()) if (!keys.has(key)) this.done.delete(key);
    this.stop('running', '');
    for (const [index, chunk] of this.chunks.entries()) {
      if (this.closed) return;
      if (this.done.has(chunk.key)) continue;
      const cached = this.readCache(chunk.key);
      if (cached) {
        this.done.set(chunk.key, cached);
        continue;
      }
      const reservation = o.ledger.reserve('net-label', c.netSummaryBudgetUsd);
      if (!reservation) {
        this.stop(
          'cap-reached',
          `the budget cap (--agent-total-usd) cannot cover another net-label call of $${c.netSummaryBudgetUsd}; the remaining labels stay missing until the viewer restarts`,
        );
        return;
      }
      this.calls++;
      mkdirSync(this.cacheDir, { recursive: true });
      let answer = '';
      const run = runAssistantCli({
        cli: (o.cli as { path: string }).path,
        args: netLabelArguments({
          model: c.agentModel,
          budgetUsd: c.netSummaryBudgetUsd,
          systemPrompt: NET_LABEL_SYSTEM_PROMPT,
        }),
        cwd: this.cacheDir,
        model: c.agentModel,
        prompt: chunk.text,
        permissions: { builtinTools: [], servers: [] },
        timeoutMs: o.timeoutMs ?? 10 * 60_000,
        ...(o.env ? { env: o.env } : {}),
        onMessage: (m) => {
          if (m.kind === 'text-delta') answer += m.text;
          else if (m.kind === 'assistant' && !m.synthetic && !m.subagent) answer = m.texts.join('');
          else if (m.kind === 'result' && m.text !== undefined && !m.isError) answer = m.text;
          else if (m.kind === 'api-retry')
            this.progress = `chunk ${index + 1} of ${this.chunks.length}: ${retryProgress(m)}`;
        },
      });
      this.current = run;
      const outcome = await run.done;
      this.current = undefined;
      this.progress = '';
      if (outcome.version) o.onCliVersion?.(outcome.version);
      reservation.settle(
        outcome.nothingGotThrough ? (outcome.result?.costUsd ?? 0) : outcome.result?.costUsd,
      );
      if (this.closed) return;
      if (outcome.status !== 'finished' || outcome.failure) {
        const why = outcome.failure?.message ?? outcome.reason ?? 'failed';
        this.problems.push(`chunk ${chunk.key.slice(0, 12)} (${chunk.nets.length} nets): ${why}`);
        // Every other chunk would meet the same: stop, and say why and what to do.
        const shared = outcome.failure ? outcome.failure.shared : outcome.status !== 'timed-out';
        if (shared) {
          const left = this.chunks.length - index - 1;
          this.stop(
            'failed',
            `labelling stopped after chunk ${index + 1} of ${this.chunks.length} failed: ${why}${left > 0 ? `; the ${left} chunks after it were not asked` : ''}`,
            outcome.failure?.fix ??
              'correct what the reason names, then refresh the labels or restart the viewer',
          );
          return;
        }
        continue;
      }
      const labels = Object.fromEntries(netLabelsFromAnswer(answer, chunk.nets));
      this.done.set(chunk.key, labels);
      this.writeCache(chunk, labels);
    }
    this.stop('done', '');
  }

  private readCache(key: string): Record<string, string> | undefined {
    try {
      const cached: unknown = JSON.parse(readFileSync(join(this.cacheDir, `${key}.json`), 'utf8'));
      return isCachedLabels(cached) ? cached.labels : undefined;
    } catch {
      return undefined;
    }
  }

  private writeCache(chunk: DossierChunk, labels: Record<string, string>): void {
    const value: CachedLabels = {
      schema: 'pnr-net-labels-v1',
      model: this.options.config.agentModel,
      nets: chunk.nets,
      labels,
    };
    try {
      mkdirSync(this.cacheDir, { recursive: true });
      writeFileAtomicSync(join(this.cacheDir, `${chunk.key}.json`), JSON.stringify(value, null, 2) + '\n', {
        fsync: false, // a cache: an entry lost in a crash is asked for again
      });
    } catch (error) {
      this.problems.push(`labels not cached: ${(error as Error).message}`);
    }
  }
}

/** Whether a cache file's content is labels rr wrote: the schema name and a map of strings. */
function isCachedLabels(value: unknown): value is CachedLabels {
  if (typeof value !== 'object' || value === null) return false;
  const { schema, labels } = value as { schema?: unknown; labels?: unknown };
  return (
    schema === 'pnr-net-labels-v1' &&
    typeof labels === 'object' &&
    labels !== null &&
    Object.values(labels).every((label) => typeof label === 'string')
  );
}
