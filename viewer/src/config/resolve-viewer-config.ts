// SPDX-License-Identifier: AGPL-3.0-or-later
// Resolves the viewer's settings from flags, the project config file (--config), the environment and the
// user machine config. Precedence: flag, then file, then default, and every default derives from the
// root; machine settings go flag, environment, machine config, then discovery by the caller. The only
// I/O is reading the two files, through `readText`, so tests pass files in.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { checkMachineFile, checkProjectFile, keyName } from './config-file-check.js';
import { machineConfigLocation } from './machine-config.js';
import { parseTomlFile, valueAt, type ConfigProblem, type TomlDocument } from './toml-file.js';
import { DEFAULT_PORT, SETTING_NAMES, settingSpec, type SettingName } from './viewer-settings.js';

/** The resolved settings; paths are absolute. Machine settings left undefined are for discovery. */
export interface ViewerConfig {
  root: string;
  experimentDir: string;
  cacheDir: string;
  port: number;
  title: string;
  graph?: string;
  constraints?: string;
  parts?: string;
  notesDir: string;
  hdlRoot?: string;
  hdlBuild?: string;
  hdlSrc?: string;
  preferences: string;
  listen: string[];
  allowOrigin: string[];
  allowHost: string[];
  engineRuntime?: string;
  dist?: string;
  sourceUrl?: string;
  agent: boolean;
  netSummaries: boolean;
  agentWeb: boolean;
  agentSearchUrl?: string;
  agentModel: string;
  agentBudgetUsd: number;
  netSummaryBudgetUsd: number;
  agentTotalUsd: number;
  agentCwd: string;
  agentReadDirs: string[];
  pcbCli?: string;
  pcbPython?: string;
  agentCli?: string;
}

/** Where a resolved value came from. */
export type SettingOrigin = 'flag' | 'file' | 'machine-config' | `env ${string}` | 'default' | 'unset';

/** Everything resolution looks at. */
export interface ConfigInputs {
  /** Flag values as the command line gave them (text; repeatable flags as lists), plus `config`. */
  flags: Partial<Record<SettingName | 'config', string | string[]>>;
  /** Relative paths in flags and the environment are relative to this folder. */
  cwd: string;
  env: Record<string, string | undefined>;
  home: string;
  /** Reads a file; undefined when it does not exist (default: the file system). */
  readText?: (path: string) => string | undefined;
}

export type ConfigResolution =
  | {
      ok: true;
      config: ViewerConfig;
      origins: Record<SettingName, SettingOrigin>;
      files: { project?: string; machine?: string };
    }
  | { ok: false; problems: ConfigProblem[] };

/** Reads a file, or undefined when there is none (other failures throw). */
export function readTextIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

type Raw = {
  value: unknown;
  origin: SettingOrigin;
  base: string;
  file?: TomlDocument;
  path?: readonly string[];
};

/** Resolves every viewer setting; problems name the flag or the file and line to fix. */
export function resolveViewerConfig(inputs: ConfigInputs): ConfigResolution {
  const readText = inputs.readText ?? readTextIfExists;
  const problems: ConfigProblem[] = [];
  const load = (path: string, what: string, mustExist: boolean): TomlDocument | undefined => {
    let text: string | undefined;
    try {
      text = readText(path);
    } catch (error) {
      problems.push({
        file: path,
        message: `cannot read the ${what}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      });
      return undefined;
    }
    if (text === undefined) {
      if (mustExist) problems.push({ file: path, message: `the ${what} does not exist` });
      return undefined;
    }
    const doc = parseTomlFile(text, path);
    if ('value' in doc) return doc;
    problems.push(doc);
    return undefined;
  };

  const configFlag = single(inputs.flags.config);
  const project =
    configFlag === undefined
      ? undefined
      : load(resolve(inputs.cwd, configFlag), 'config file given with --config', true);
  const location = machineConfigLocation(inputs.env, inputs.home);
  const machinePath = location ? resolve(inputs.cwd, location.path) : undefined;
  const machine = machinePath
    ? load(
        machinePath,
        location!.named ? 'machine config named by VIEWER_USER_CONFIG' : 'machine config',
        location!.named,
      )
    : undefined;
  const machineHint = machinePath ?? '~/.config/viewer/config.toml';
  if (project) problems.push(...checkProjectFile(project, machineHint));
  if (machine) problems.push(...checkMachineFile(machine));
  if (problems.length > 0) return { ok: false, problems };

  const raws = new Map<SettingName, Raw>();
  for (const name of SETTING_NAMES) {
    const spec = settingSpec(name);
    const flag = inputs.flags[name];
    if (flag !== undefined && !(Array.isArray(flag) && flag.length === 0)) {
      raws.set(name, { value: flag, origin: 'flag', base: inputs.cwd });
      continue;
    }
    const envName = spec.env?.find((e) => inputs.env[e] !== undefined && inputs.env[e] !== '');
    if (envName) {
      raws.set(name, { value: inputs.env[envName], origin: `env ${envName}`, base: inputs.cwd });
      continue;
    }
    for (const [doc, path, origin] of [
      [project, spec.file, 'file'],
      [machine, spec.machine, 'machine-config'],
    ] as const) {
      if (!doc || !path) continue;
      const v = valueAt(doc.value, path);
      if (v !== undefined) {
        raws.set(name, { value: v, origin, base: dirname(doc.file), file: doc, path });
        break;
      }
    }
  }

  const origins = {} as Record<SettingName, SettingOrigin>;
  const read = <T>(name: SettingName, parse: (raw: Raw) => Parsed<T>): T | undefined => {
    const raw = raws.get(name);
    origins[name] = raw?.origin ?? 'unset';
    if (!raw) return undefined;
    const out = parse(raw);
    if ('value' in out) return out.value;
    const where = raw.origin === 'flag' ? settingSpec(name).flag : raw.origin.replace('env ', '');
    problems.push(
      raw.file
        ? {
            file: raw.file.file,
            line: raw.file.lineOf(raw.path!),
            message: `${keyName(raw.path!)} ${out.error}`,
          }
        : { message: `${where} ${out.error}` },
    );
    return undefined;
  };
  const path = (name: SettingName) => read(name, (r) => asPath(single(r.value), r.base, inputs.home));
  const paths = (name: SettingName) =>
    read(name, (r) => all(list(r.value).map((v) => asPath(v, r.base, inputs.home))));
  const text = (name: SettingName) => read(name, (r): Parsed<string> => ({ value: String(single(r.value)) }));
  const texts = (name: SettingName) => read(name, (r): Parsed<string[]> => ({ value: list(r.value) }));
  const number = (name: SettingName, check: (n: number) => boolean, rule: string) =>
    read(name, (r): Parsed<number> => {
      const n =
        typeof r.value === 'number'
          ? r.value
          : /^\s*\d+(\.\d+)?\s*$/.test(String(r.value))
            ? Number(r.value)
            : NaN;
      return Number.isFinite(n) && check(n)
        ? { value: n }
        : { error: `takes ${rule}; got ${JSON.stringify(r.value)}` };
    });
  const onOff = (name: SettingName) =>
    read(name, (r): Parsed<boolean> =>
      r.value === 'on'
        ? { value: true }
        : r.value === 'off'
          ? { value: false }
          : { error: `takes on or off; got ${JSON.stringify(r.value)}` },
    );

  const root = path('root');
  if (root === undefined && !problems.length)
    problems.push({
      message: `no live directory: pass --root${project ? ` or set root in ${project.file}` : ' (or set root in a --config file)'}`,
    });
  const experimentDir = path('experimentDir');
  const port = number(
    'port',
    (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
    'a whole number from 0 to 65535',
  );
  const hdlSrc = path('hdlSrc');
  const hdlRoot = path('hdlRoot');
  const values = {
    cacheDir: path('cacheDir'),
    title: text('title'),
    graph: path('graph'),
    constraints: path('constraints'),
    parts: path('parts'),
    notesDir: path('notesDir'),
    hdlBuild: text('hdlBuild'),
    preferences: path('preferences'),
    listen: texts('listen'),
    allowOrigin: texts('allowOrigin'),
    allowHost: texts('allowHost'),
    engineRuntime: path('engineRuntime'),
    dist: path('dist'),
    sourceUrl: text('sourceUrl'),
    agent: onOff('agent'),
    netSummaries: onOff('netSummaries'),
    agentWeb: onOff('agentWeb'),
    agentSearchUrl: read('agentSearchUrl', (r): Parsed<string> => {
      const value = String(single(r.value));
      try {
        const url = new URL(value.replace('{query}', 'q'));
        if (url.protocol === 'https:' || url.protocol === 'http:') return { value };
      } catch {
        // reported below
      }
      return { error: `takes an http or https URL; got ${JSON.stringify(value)}` };
    }),
    agentModel: text('agentModel'),
    // A call's budget is its reservation on the ledger: 0 would always fit, so calls would start with the
    // cap used up and a killed call would be charged nothing.
    agentBudgetUsd: number('agentBudgetUsd', (n) => n > 0, 'an amount in USD greater than 0'),
    netSummaryBudgetUsd: number('netSummaryBudgetUsd', (n) => n > 0, 'an amount in USD greater than 0'),
    agentTotalUsd: number('agentTotalUsd', (n) => n >= 0, 'an amount in USD (0 or more, 0 = no cap)'),
    agentCwd: path('agentCwd'),
    agentReadDirs: paths('agentReadDirs'),
    pcbCli: path('pcbCli'),
    pcbPython: path('pcbPython'),
    agentCli: path('agentCli'),
  };
  if (problems.length > 0 || root === undefined) return { ok: false, problems };

  // Defaults, all derived from the root (and from settings derived from it).
  const experiment = experimentDir ?? dirname(root);
  const fill = <T>(name: SettingName, value: T | undefined, fallback: T | undefined): T | undefined => {
    if (value !== undefined) return value;
    if (fallback !== undefined) origins[name] = 'default';
    return fallback;
  };
  const designSources = hdlSrc ?? hdlRoot;
  const config: ViewerConfig = {
    root,
    experimentDir: fill('experimentDir', experimentDir, experiment)!,
    cacheDir: fill('cacheDir', values.cacheDir, root)!,
    port: fill('port', port, DEFAULT_PORT)!,
    title: fill('title', values.title, `${basename(experiment)}/${basename(root)}`)!,
    notesDir: fill('notesDir', values.notesDir, join(experiment, 'notes'))!,
    preferences: fill('preferences', values.preferences, join(experiment, 'viewer-preferences.json'))!,
    listen: fill('listen', values.listen, ['127.0.0.1'])!,
    allowOrigin: fill('allowOrigin', values.allowOrigin, [])!,
    allowHost: fill('allowHost', values.allowHost, [])!,
    agent: fill('agent', values.agent, false)!,
    netSummaries: fill('netSummaries', values.netSummaries, false)!,
    agentWeb: fill('agentWeb', values.agentWeb, false)!,
    agentModel: fill('agentModel', values.agentModel, 'opus')!,
    agentBudgetUsd: fill('agentBudgetUsd', values.agentBudgetUsd, 2)!,
    netSummaryBudgetUsd: fill('netSummaryBudgetUsd', values.netSummaryBudgetUsd, 1)!,
    agentTotalUsd: fill('agentTotalUsd', values.agentTotalUsd, 20)!,
    agentCwd: fill('agentCwd', values.agentCwd, experiment)!,
    agentReadDirs: fill(
      'agentReadDirs',
      values.agentReadDirs,
      designSources ? [designSources, experiment] : [experiment],
    )!,
  };
  const optional = {
    graph: values.graph,
    constraints: values.constraints,
    parts: fill('parts', values.parts, hdlSrc ? join(hdlSrc, 'parts') : undefined),
    hdlRoot,
    hdlBuild: values.hdlBuild,
    hdlSrc,
    engineRuntime: values.engineRuntime,
    dist: values.dist,
    sourceUrl: values.sourceUrl,
    agentSearchUrl: values.agentSearchUrl,
    pcbCli: values.pcbCli,
    pcbPython: values.pcbPython,
    agentCli: values.agentCli,
  };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) (config as unknown as Record<string, unknown>)[key] = value;
  return {
    ok: true,
    config,
    origins,
    files: { ...(project ? { project: project.file } : {}), ...(machine ? { machine: machine.file } : {}) },
  };
}

type Parsed<T> = { value: T } | { error: string };

/** A path setting's value: absolute, relative to where it was given; `~/` is the home folder. */
function asPath(value: unknown, base: string, home: string): Parsed<string> {
  const text = String(value);
  if (text === '') return { error: 'must not be empty' };
  const expanded = text === '~' ? home : text.startsWith('~/') ? join(home, text.slice(2)) : text;
  return { value: resolve(base, expanded) };
}

/** All values, or the first error. */
function all<T>(parsed: Parsed<T>[]): Parsed<T[]> {
  const out: T[] = [];
  for (const p of parsed) {
    if ('error' in p) return p;
    out.push(p.value);
  }
  return { value: out };
}

/** The last of a repeated flag's values (a later flag wins). */
function single<T>(value: T | T[]): T | undefined {
  return Array.isArray(value) ? value.at(-1) : value;
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [String(value)];
}
