// SPDX-License-Identifier: AGPL-3.0-or-later
// Every setting of the live viewer: its flag, where a config file may set it, and what kind of value it
// takes. The resolver and (later) `rr view` both read this table, so a setting is declared once.

/** How a setting's text is read. */
export type SettingKind = 'path' | 'paths' | 'string' | 'strings' | 'port' | 'switch' | 'usd';

export interface SettingSpec {
  /** The flag, e.g. `--hdl-root`; every setting has one. */
  flag: string;
  kind: SettingKind;
  /** Key path in the project config file (pnr-viewer-v1); absent when the file may not set it. */
  file?: readonly string[];
  /** Key path in the user machine config; only machine settings have one. */
  machine?: readonly string[];
  /** Environment variables, first set one wins (machine settings only). */
  env?: readonly string[];
  /** Why the project file may not set it (shown when it tries). */
  flagOnlyBecause?: string;
  help: string;
}

const network = 'who may reach the viewer is decided by whoever starts it, not by a file in the project';
const spending =
  'turning on the assistant or raising its budget spends money, which a checked-in file must not decide';

/** The viewer's settings by name (the names of the resolved config). */
export const VIEWER_SETTINGS = {
  root: { flag: '--root', kind: 'path', file: ['root'], help: 'live directory' },
  experimentDir: {
    flag: '--experiment-dir',
    kind: 'path',
    file: ['experiment_dir'],
    help: 'experiment folder (default: parent of the root)',
  },
  cacheDir: {
    flag: '--cache-dir',
    kind: 'path',
    file: ['cache_dir'],
    help: 'folder for the viewer caches (default: the root)',
  },
  port: { flag: '--port', kind: 'port', file: ['server', 'port'], help: 'listener port (default 8766)' },
  title: {
    flag: '--title',
    kind: 'string',
    file: ['server', 'title'],
    help: 'page title (default: experiment and root folder names)',
  },
  graph: { flag: '--graph', kind: 'path', file: ['design', 'graph'], help: 'netlist graph file' },
  constraints: {
    flag: '--constraints',
    kind: 'path',
    file: ['design', 'constraints'],
    help: 'constraints file',
  },
  parts: {
    flag: '--parts',
    kind: 'path',
    file: ['design', 'parts'],
    help: 'part symbols folder (default: <hdl src>/parts)',
  },
  notesDir: {
    flag: '--notes-dir',
    kind: 'path',
    file: ['design', 'notes'],
    help: 'design notes folder (default: <experiment>/notes)',
  },
  hdlRoot: {
    flag: '--hdl-root',
    kind: 'path',
    file: ['design', 'hdl', 'root'],
    help: "folder of the design project's manifest",
  },
  hdlBuild: {
    flag: '--hdl-build',
    kind: 'string',
    file: ['design', 'hdl', 'build'],
    help: 'build target whose entry module is the entry',
  },
  hdlSrc: {
    flag: '--hdl-src',
    kind: 'path',
    file: ['design', 'hdl', 'src'],
    help: "source folder (default: the entry module's folder)",
  },
  preferences: {
    flag: '--preferences',
    kind: 'path',
    help: 'control preferences file (default: <experiment>/viewer-preferences.json)',
  },
  listen: {
    flag: '--listen',
    kind: 'strings',
    flagOnlyBecause: network,
    help: 'listener address (repeatable; default 127.0.0.1)',
  },
  allowOrigin: {
    flag: '--allow-origin',
    kind: 'strings',
    flagOnlyBecause: network,
    help: 'an Origin allowed to write (repeatable)',
  },
  allowHost: {
    flag: '--allow-host',
    kind: 'strings',
    flagOnlyBecause: network,
    help: 'a Host name allowed (repeatable)',
  },
  engineRuntime: {
    flag: '--engine-runtime',
    kind: 'path',
    help: 'folder that contains a frozen engine package',
  },
  dist: { flag: '--dist', kind: 'path', help: 'assembled static files' },
  sourceUrl: { flag: '--source-url', kind: 'string', help: 'published changes of a modified viewer' },
  agent: {
    flag: '--agent',
    kind: 'switch',
    flagOnlyBecause: spending,
    help: 'Ask agent: on or off (default off)',
  },
  netSummaries: {
    flag: '--net-summaries',
    kind: 'switch',
    flagOnlyBecause: spending,
    help: 'AI net labels: on or off (default off)',
  },
  agentWeb: {
    flag: '--agent-web',
    kind: 'switch',
    flagOnlyBecause: spending,
    help: 'let the assistant search and fetch public web pages (default off)',
  },
  agentSearchUrl: {
    flag: '--agent-search-url',
    kind: 'string',
    flagOnlyBecause:
      "the assistant's search queries go to this endpoint, which a checked-in file must not choose",
    help: 'SearXNG-compatible JSON search endpoint for --agent-web (default: no search, fetch only)',
  },
  agentModel: {
    flag: '--agent-model',
    kind: 'string',
    flagOnlyBecause: spending,
    help: 'assistant model: opus (default), sonnet or haiku, or a full model name',
  },
  agentBudgetUsd: {
    flag: '--agent-budget-usd',
    kind: 'usd',
    flagOnlyBecause: spending,
    help: 'budget per Ask turn in USD, more than 0 (default 2)',
  },
  netSummaryBudgetUsd: {
    flag: '--net-summary-budget-usd',
    kind: 'usd',
    flagOnlyBecause: spending,
    help: 'budget per net-label call in USD, more than 0 (default 1)',
  },
  agentTotalUsd: {
    flag: '--agent-total-usd',
    kind: 'usd',
    flagOnlyBecause: spending,
    help: 'cap per server process in USD, 0 = no cap (default 20)',
  },
  agentCwd: {
    flag: '--agent-cwd',
    kind: 'path',
    help: "assistant's working directory (default: the experiment folder)",
  },
  agentReadDirs: {
    flag: '--agent-read-dir',
    kind: 'paths',
    help: 'folder the assistant may read (repeatable; default: design sources and the experiment folder)',
  },
  pcbCli: {
    flag: '--pcb-cli',
    kind: 'path',
    machine: ['pcb', 'cli'],
    env: ['VIEWER_PCB_CLI', 'ENGINE_PCB_CLI'],
    help: "PCB suite's CLI (machine setting)",
  },
  pcbPython: {
    flag: '--pcb-python',
    kind: 'path',
    machine: ['pcb', 'python'],
    env: ['VIEWER_PCB_PYTHON'],
    help: 'Python that imports the PCB library (machine setting)',
  },
  agentCli: {
    flag: '--agent-cli',
    kind: 'path',
    machine: ['agent', 'cli'],
    env: ['VIEWER_AGENT_CLI'],
    help: 'assistant CLI (machine setting)',
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof VIEWER_SETTINGS;

/** The setting names in declaration order. */
export const SETTING_NAMES = Object.keys(VIEWER_SETTINGS) as SettingName[];

/** The spec of a setting (widened for generic code). */
export function settingSpec(name: SettingName): SettingSpec {
  return VIEWER_SETTINGS[name];
}

/** Schema identifier of the project config file. */
export const VIEWER_CONFIG_SCHEMA = 'pnr-viewer-v1';

/** The default listener port. */
export const DEFAULT_PORT = 8766;
