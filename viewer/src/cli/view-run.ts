// SPDX-License-Identifier: AGPL-3.0-or-later
// `rr view`: the live viewer. Every setting of the viewer's table is a flag (view-command.ts), read
// with the config resolver (flag, then --config file, then default). `--demo` runs `rr pnr-sim` in this
// process into a temporary live directory (or --root) and serves it. Prints the URL once listening and
// stops cleanly on SIGINT or SIGTERM.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveViewerConfig } from '../config/resolve-viewer-config.js';
import { SETTING_NAMES, type SettingName } from '../config/viewer-settings.js';
import { chooseGeometryExtractor } from '../geometry/geometry-extractor-choice.js';
import { resolvePcbToolsOnMachine } from '../geometry/pcb-tools-on-machine.js';
import { exampleBoardText } from '../pnr-sim/example-board.js';
import { runExperiment } from '../pnr-sim/experiment.js';
import { allowOriginProblem, isLoopbackHost, parseListenAddress } from '../server/listener-addresses.js';
import { createViewerServer, type ViewerServer } from '../server/viewer-server.js';
import { resolveAgentCli } from '../agent/agent-cli-resolution.js';
import { startupWarnings } from '../server/viewer-features.js';
import { searchUrlProblem } from '../agent/web/web-mcp-server.js';
import { statOrUndefined } from '../live/safe-stat.js';
import { viewerAccount } from '../records/viewer-record-author.js';
import { NETLIST_GRAPH_FILE } from '../netlist/netlist-graph.js';
import { isEventFileName } from '../telemetry/event-files.js';
import { EXIT, type CliIo } from 'rules-rr/core/cli/cli-io.js';
import { viewerPackageFields } from '../viewer-package.js';
import { SETTING_ATTRIBUTES, type ViewOptions } from './view-command.js';
import { viewerPackageRoot } from '../viewer-package.js';

/** Runs the viewer until `stop` aborts; resolves to the exit code. */
export async function runView(options: ViewOptions, io: CliIo, stop: AbortSignal): Promise<number> {
  const fail = (message: string) => {
    io.err(`rr view: ${message}\n`);
    return EXIT.usage;
  };
  const flags: Partial<Record<SettingName | 'config', string | string[]>> = {};
  for (const name of SETTING_NAMES) {
    const value = options[SETTING_ATTRIBUTES.get(name)!];
    if (typeof value === 'string' || Array.isArray(value)) flags[name] = value;
  }
  if (options.config !== undefined) flags.config = options.config;

  let demoDir: string | undefined;
  if (options.demo && flags.root === undefined) {
    demoDir = mkdtempSync(join(tmpdir(), 'rr-view-demo-'));
    flags.root = join(demoDir, 'experiment', 'live');
  }
  if (options.demo) demoDesign(flags);
  const cleanUp = () => {
    if (demoDir) rmSync(demoDir, { recursive: true, force: true });
  };
  try {
    const resolved = resolveViewerConfig({ flags, cwd: io.cwd, env: process.env, home: homedir() });
    if (!resolved.ok) {
      for (const p of resolved.problems)
        io.err(
          `rr view: ${p.file ? `${p.file}:${p.line ? `${p.line}:${p.column ? `${p.column}:` : ''}` : ''} ` : ''}${p.message}\n`,
        );
      return EXIT.usage;
    }
    const config = resolved.config;
    for (const text of config.listen) {
      const parsed = parseListenAddress(text, config.port);
      if (typeof parsed === 'string') return fail(parsed);
    }
    for (const value of config.allowHost) {
      const parsed = parseListenAddress(value, -1);
      if (typeof parsed === 'string') return fail(parsed.replace('--listen', '--allow-host'));
    }
    const originProblem = config.allowOrigin.map(allowOriginProblem).find((p) => p !== undefined);
    if (originProblem) return fail(originProblem);
    if (options.demo && holdsEvents(config.root))
      return fail(`--demo: ${config.root} already holds events; give --demo a new or empty --root (or none)`);

    const raw = (name: 'pcbCli' | 'pcbPython') => (typeof flags[name] === 'string' ? flags[name] : undefined);
    const tools = await resolvePcbToolsOnMachine(
      {
        ...(raw('pcbCli') ? { pcbCli: raw('pcbCli') } : {}),
        ...(raw('pcbPython') ? { pcbPython: raw('pcbPython') } : {}),
      },
      { cwd: io.cwd },
    );
    let extractor;
    try {
      extractor = chooseGeometryExtractor(options.geometryExtractor ?? 'auto', tools.python);
    } catch (error) {
      return fail((error as Error).message);
    }

    const agentCliSource = resolved.origins.agentCli;
    const agentCli = resolveAgentCli(
      config.agentCli
        ? {
            path: config.agentCli,
            source:
              agentCliSource === 'flag'
                ? '--agent-cli'
                : agentCliSource === 'machine-config'
                  ? `machine config ${resolved.files.machine ?? ''} [agent] cli`
                  : agentCliSource.replace('env ', 'environment '),
          }
        : undefined,
      process.env,
    );
    let server: ViewerServer;
    try {
      server = await createViewerServer({
        agentCli,
        config,
        extract: extractor.extract,
        extractorId: extractor.id,
        geometryDescription: extractor.description,
        pcbCli: tools.cli,
        version: viewerPackageFields().version,
      });
    } catch (error) {
      return fail((error as Error).message);
    }
    try {
      await server.listen();
    } catch (error) {
      await server.close();
      const e = error as NodeJS.ErrnoException & { port?: number; address?: string };
      if (e.code === 'EADDRINUSE')
        return fail(
          `${e.address ?? ''}:${e.port ?? config.port} is in use (another viewer?); pass --port N or --listen HOST:PORT`,
        );
      return fail(`cannot listen: ${e.message}`);
    }
    for (const text of config.listen) {
      const address = parseListenAddress(text, config.port) as { host: string };
      if (!isLoopbackHost(address.host) && (config.agent || config.netSummaries))
        io.err(
          `rr view: warning: the assistant is on (--agent/--net-summaries) and the viewer listens on ${text}, which is not a loopback address: anyone who can reach it can ask questions that spend your assistant budget, read the stored conversations, and have the assistant write notes as ${viewerAccount()}. docs/viewer-agent.md explains the risk.\n`,
        );
      if (!isLoopbackHost(address.host))
        io.err(
          `rr view: warning: listening on ${text}, which is not a loopback address: anyone who can reach it can read the experiment and write notes as ${viewerAccount()}; there is no login. ` +
            'Browsers reach it only by names given with --allow-host, and write only from origins given with --allow-origin.\n',
        );
    }

    for (const line of startupWarnings(server.features)) io.err(`rr view: warning: ${line}\n`);
    await server.context.agent.cliVersionAsked;
    const cliVersion = server.context.agent.cliVersion.current();
    if (cliVersion.warning) io.err(`rr view: warning: ${cliVersion.warning}\n`);
    const searchProblem =
      config.agentWeb && config.agentSearchUrl ? searchUrlProblem(config.agentSearchUrl) : undefined;
    if (searchProblem)
      io.err(
        `rr view: warning: --agent-search-url ${config.agentSearchUrl}: ${searchProblem}; the web guard reaches public hosts only, so every web_search will be refused (docs/viewer-agent.md, "Web access")\n`,
      );
    if (config.dist && !statOrUndefined(join(config.dist, 'index.html'))?.isFile())
      io.err(
        `rr view: warning: --dist ${config.dist} holds no index.html; the page falls back to the bare files or a notice\n`,
      );
    let demo: Promise<void> | undefined;
    const simStop = new AbortController();
    if (options.demo) {
      io.out(`rr view: demo: rr pnr-sim writes a simulated experiment into ${config.root}\n`);
      demo = runExperiment({
        liveDir: config.root,
        board: { text: exampleBoardText(), name: 'example-sensor-node.kicad_pcb' },
        // About 470 events at 8 a second: a minute to watch, then it ends on its own.
        seed: 1,
        steps: 2000,
        candidates: 3,
        trials: 3,
        rounds: 2,
        rate: 8,
        toolVersion: viewerPackageFields().version,
        signal: simStop.signal,
      }).then(
        (summary) =>
          io.out(
            `rr view: demo: the simulated experiment ${summary.status} after ${summary.events} events\n`,
          ),
        (error: Error) => io.err(`rr view: demo: the simulation failed: ${error.message}\n`),
      );
    }
    io.out(`rr view: ${config.title} (live directory ${config.root})\n`);
    if (server.page.kind === 'bare')
      io.out(
        'rr view: serving the bare page (no assembled page in dist/ui of the viewer package: run npm run build, or give --dist); the 3D view and the schematic layout need the assembled page\n',
      );
    if (config.agent || config.netSummaries)
      io.out(
        agentCli.status === 'found'
          ? `rr view: assistant: ${agentCli.path} (from ${agentCli.source}${server.context.agent.cliVersion.current().version ? `, Claude Code ${server.context.agent.cliVersion.current().version}` : ''}), model ${config.agentModel}, $${config.agentBudgetUsd} a turn, $${config.netSummaryBudgetUsd} a net-label call, cap ${config.agentTotalUsd > 0 ? `$${config.agentTotalUsd} for this process` : 'off'}${config.agentWeb ? ', web access on' : ''}\n`
          : `rr view: assistant unavailable: ${agentCli.message}\n`,
      );
    for (const url of server.urls()) io.out(`rr view: serving at ${url}\n`);

    if (!stop.aborted)
      await new Promise<void>((done) => stop.addEventListener('abort', () => done(), { once: true }));
    simStop.abort();
    await demo;
    await server.close();
    io.out('rr view: stopped\n');
    return EXIT.ok;
  } finally {
    cleanUp();
  }
}

/**
 * The demo's design: the example design project of the simulated board (when rr ships it), unless flags
 * name another; and the graph the simulator writes into the live directory once it runs, named as the
 * graph so the schematic view starts before the file exists.
 */
function demoDesign(flags: Partial<Record<SettingName | 'config', string | string[]>>): void {
  if (typeof flags.root === 'string') flags.graph ??= join(flags.root, NETLIST_GRAPH_FILE);
  const design = join(viewerPackageRoot(), 'examples', 'design-sensor-node');
  if (flags.hdlRoot === undefined && statOrUndefined(join(design, 'ato.yaml'))?.isFile()) {
    flags.hdlRoot = design;
    flags.hdlBuild ??= 'default';
  }
}

function holdsEvents(root: string): boolean {
  try {
    return readdirSync(join(root, 'events')).some(isEventFileName);
  } catch {
    return false;
  }
}
