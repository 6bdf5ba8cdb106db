// `rr serve`: the model editor's server (docs/api.md). Settles an interrupted save (recoverJournal), loads
// the model and evidence, and serves the JSON API and the UI until interrupted.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentSettingError } from '../agents/llm/agent-settings.js';
import { setUpLlm, type LlmSetup } from '../agents/llm/llm-availability.js';
import { recoverJournal } from '../edit/journal.js';
import type { CommitStep } from '../edit/transaction.js';
import { parseAuthor } from '../git/author-text.js';
import { ModelSession } from '../app/model-session.js';
import { buildEditorServer } from '../editor/editor-server.js';
import { generateToken } from '../http/token-guard.js';
import { GitClient } from '../git/git-client.js';
import { isWildcard, machineAddresses, urlHostOf } from '../http/machine-addresses.js';
import { EXIT, type CliIo } from './cli-io.js';
import { createEditorDemo } from './editor-demo.js';
import { TargetGroupError, readTargetGroups } from './target-groups.js';
import { workspaceRoot } from '../sources/workspace-root.js';
import type { ScanProgress } from '../sources/scan-annotations.js';

/** Options of `rr serve`. */
export interface ServeOptions {
  /** required unless demo is set */
  model?: string;
  /** serve a copy of the bundled example in a fresh git repository */
  demo?: boolean;
  evidence?: string;
  author?: string;
  host: string;
  port: string;
  token?: string;
  allowHost: string[];
  /** `--lane-targets NAME=FILE`: the case ledger's target groups (commander names it after the flag) */
  laneTargets: string[];
  agentModel?: string;
  agentEffort?: string;
  /** false with --no-llm */
  llm: boolean;
  ui?: string;
}

/** The built UI beside the compiled CLI (dist/ui/editor). */
const DEFAULT_UI = fileURLToPath(new URL('../../ui/editor/', import.meta.url));

/** A test hook: stop the process at a commit step of a save (the server-level crash test). */
const STOP_AT = process.env.RR_EDITOR_TEST_STOP_AT as CommitStep | undefined;

/** Runs the editor until `stop` is aborted (SIGINT/SIGTERM); resolves to the exit code. */
export async function runServe(options: ServeOptions, io: CliIo, stop: AbortSignal): Promise<number> {
  const fail = (message: string) => {
    io.err(`rr serve: ${message}\n`);
    return EXIT.usage;
  };
  if (options.demo && (options.model !== undefined || options.evidence !== undefined))
    return fail('--demo serves its own copy of the example; leave out --model and --evidence');
  if (!options.demo && options.model === undefined) return fail('give --model PATH (or --demo to try rr)');
  // Flags are checked before a demo copy is made, so a typo leaves no folder behind.
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return fail('--port takes a port number');
  const author = options.author === undefined ? undefined : parseAuthor(options.author);
  if (options.author !== undefined && !author)
    return fail(
      '--author takes a name followed by an e-mail address in angle brackets: "Ada <ada@example.com>"',
    );
  let demoModel: string | undefined;
  let demoEvidence: string | undefined;
  if (options.demo) {
    const demo = await createEditorDemo();
    io.out(
      `rr serve: the example is copied into a new git repository at ${demo.repository}; saves, commits ` +
        'and tags go there (it stays after rr serve stops)\n',
    );
    demoModel = demo.model;
    demoEvidence = demo.evidence;
  }
  const modelArg = demoModel ?? options.model!;
  const modelPath = resolve(io.cwd, modelArg);
  if (!existsSync(modelPath)) return fail(`no model at ${modelArg}`);
  const evidenceDir = demoEvidence ?? (options.evidence ? resolve(io.cwd, options.evidence) : undefined);
  if (evidenceDir && !existsSync(evidenceDir)) return fail(`no evidence directory at ${options.evidence}`);
  let token = options.token;
  let generated = false;
  if (token !== undefined && token.length < 16) return fail('--token must be at least 16 characters');
  // Beyond loopback the API is reachable by others: a token is required, generated when not given.
  if (!isLoopback(options.host) && token === undefined) {
    token = generateToken();
    generated = true;
  }

  const git = await GitClient.open(modelPath);
  const sourcesRoot = resolve(io.cwd, workspaceRoot(modelArg, io.cwd));
  const root = git?.root ?? sourcesRoot;
  const recovery = await recoverJournal(root);
  if (recovery.outcome !== 'none') io.out(`rr serve: an interrupted save was settled: ${recovery.outcome}\n`);
  const targetGroups = new Map<string, Set<string>>();
  const session = await ModelSession.open({
    modelPath,
    evidenceDir,
    root,
    sourcesRoot,
    onSourcesProgress: scanProgressPrinter(sourcesRoot, io),
    targetGroups,
    onStep: STOP_AT ? stopAt(STOP_AT, io) : undefined,
  });
  try {
    for (const [name, labels] of await readTargetGroups(
      options.laneTargets,
      session.model.config.main_repo ?? undefined,
    ))
      targetGroups.set(name, labels);
  } catch (error) {
    if (error instanceof TargetGroupError) return fail(error.message);
    throw error;
  }
  let llm: LlmSetup;
  try {
    llm = await setUpLlm({
      flags: { model: options.agentModel, effort: options.agentEffort },
      enabled: options.llm,
      env: process.env,
    });
  } catch (error) {
    if (error instanceof AgentSettingError) return fail(error.message);
    throw error;
  }
  if (!llm.availability.available) io.out(`rr serve: ${llm.availability.reason}\n`);
  const app = buildEditorServer({
    session,
    git,
    host: options.host,
    allowHosts: options.allowHost,
    token,
    author,
    llm,
    uiDir: options.ui ? resolve(io.cwd, options.ui) : existsSync(DEFAULT_UI) ? DEFAULT_UI : undefined,
  });
  await app.listen({ host: options.host, port });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  for (const url of editorUrls(options.host, bound, token)) io.out(`rr editor: ${url}\n`);
  if (isWildcard(options.host))
    io.out('rr serve: other names reach it only when given with --allow-host NAME\n');
  if (generated)
    io.out(
      'rr serve: a token was generated for this run; it is part of the address above, shown only here\n',
    );
  await new Promise<void>((done) => {
    if (stop.aborted) done();
    stop.addEventListener('abort', () => done(), { once: true });
  });
  await app.close();
  return EXIT.ok;
}

/** The URLs that open the editor: one, or for a wildcard bind one per name and address of the machine. */
function editorUrls(host: string, port: number, token: string | undefined): string[] {
  const hosts = isWildcard(host) ? machineAddresses(host) : [host === '127.0.0.1' ? 'localhost' : host];
  return hosts.map((h) => `http://${urlHostOf(h)}:${port}/${token ? `#token=${token}` : ''}`);
}

/**
 * Prints how far the scan for annotations has got, on stderr, while a large tree keeps the server from
 * answering (a scan reports only every few thousand files, so a small workspace prints nothing).
 */
function scanProgressPrinter(root: string, io: CliIo): (progress: ScanProgress) => void {
  const started = Date.now();
  const count = (n: number) => n.toLocaleString('en-US');
  return (progress) => {
    if (progress.phase === 'listing')
      io.err(
        `rr serve: looking for source annotations under ${root}: ${count(progress.files)} files found…\n`,
      );
    else if (progress.phase === 'reading')
      io.err(`rr serve: reading sources: ${count(progress.files)} of ${count(progress.total ?? 0)} files…\n`);
    else {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      io.err(`rr serve: scanned ${count(progress.files)} files under ${root} in ${seconds} s\n`);
    }
  };
}

/** Whether an address is the local machine only. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Stops at a commit step and waits there to be killed (RR_EDITOR_TEST_STOP_AT). */
function stopAt(step: CommitStep, io: CliIo) {
  return async (now: CommitStep) => {
    if (now !== step) return;
    io.out(`stopped at ${step}\n`);
    await new Promise(() => setInterval(() => {}, 60_000));
  };
}
