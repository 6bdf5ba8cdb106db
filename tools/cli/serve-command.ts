// `rr serve`: the model editor's server (docs/api.md). Settles an interrupted save (recoverJournal), loads
// the model and evidence, and serves the JSON API and the UI until interrupted.
import { isIP } from 'node:net';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recoverJournal } from '../edit/journal.js';
import type { CommitStep } from '../edit/transaction.js';
import { parseAuthor } from '../editor/editor-context.js';
import { EditorSession } from '../editor/editor-session.js';
import { buildEditorServer } from '../editor/editor-server.js';
import { generateToken } from '../http/token-guard.js';
import { GitClient } from '../git/git-client.js';
import { EXIT, type CliIo } from './cli-io.js';
import { TargetGroupError, readTargetGroups } from './target-groups.js';
import { workspaceRoot } from './workspace-root.js';

/** Options of `rr serve`. */
export interface ServeOptions {
  model: string;
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
  const modelPath = resolve(io.cwd, options.model);
  if (!existsSync(modelPath)) return fail(`no model at ${options.model}`);
  const evidenceDir = options.evidence ? resolve(io.cwd, options.evidence) : undefined;
  if (evidenceDir && !existsSync(evidenceDir)) return fail(`no evidence directory at ${options.evidence}`);
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return fail('--port takes a port number');
  const author = options.author === undefined ? undefined : parseAuthor(options.author);
  if (options.author !== undefined && !author)
    return fail(
      '--author takes a name followed by an e-mail address in angle brackets: "Ada <ada@example.com>"',
    );
  let token = options.token;
  let generated = false;
  if (token !== undefined && token.length < 16) return fail('--token must be at least 16 characters');
  // Beyond loopback the API is reachable by others: a token is required, generated when not given.
  if (!isLoopback(options.host) && token === undefined) {
    token = generateToken();
    generated = true;
  }

  const git = await GitClient.open(modelPath);
  const root = git?.root ?? resolve(io.cwd, workspaceRoot(options.model, io.cwd));
  const recovery = await recoverJournal(root);
  if (recovery.outcome !== 'none') io.out(`rr serve: an interrupted save was settled: ${recovery.outcome}\n`);
  const targetGroups = new Map<string, Set<string>>();
  const session = await EditorSession.open({
    modelPath,
    evidenceDir,
    root,
    sourcesRoot: resolve(io.cwd, workspaceRoot(options.model, io.cwd)),
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
  const agentModel = options.agentModel ?? process.env.EDITOR_AGENT_MODEL;
  const agentEffort = options.agentEffort ?? process.env.EDITOR_AGENT_EFFORT;
  const app = buildEditorServer({
    session,
    git,
    host: options.host,
    allowHosts: options.allowHost,
    token,
    author,
    llm: {
      available: false,
      reason: options.llm ? 'the LLM workflows are not part of this rr yet' : 'disabled with --no-llm',
      ...(agentModel ? { model: agentModel } : {}),
      ...(agentEffort ? { effort: agentEffort } : {}),
    },
    uiDir: options.ui ? resolve(io.cwd, options.ui) : existsSync(DEFAULT_UI) ? DEFAULT_UI : undefined,
  });
  await app.listen({ host: options.host, port });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shown =
    options.host === '127.0.0.1'
      ? 'localhost'
      : isIP(options.host) === 6
        ? `[${options.host}]`
        : options.host;
  const url = `http://${shown}:${bound}/${token ? `#token=${token}` : ''}`;
  io.out(`rr editor: ${url}\n`);
  if (generated) io.out('rr serve: a token was generated for this run (shown once, in the URL above)\n');
  await new Promise<void>((done) => {
    if (stop.aborted) done();
    stop.addEventListener('abort', () => done(), { once: true });
  });
  await app.close();
  return EXIT.ok;
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
