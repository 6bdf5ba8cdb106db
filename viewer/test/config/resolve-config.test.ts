// SPDX-License-Identifier: AGPL-3.0-or-later
// Viewer settings: flag over file over default, paths relative to where they were written, the machine
// config and its locations, machine settings kept out of the project file, errors that name file and line.
import { describe, expect, it } from 'vitest';
import {
  resolveViewerConfig,
  type ConfigInputs,
  type ConfigResolution,
} from '../../src/config/resolve-viewer-config.js';
import { formatProblem } from '../../src/config/toml-file.js';

const HOME = '/home/ada';

/** Resolves with in-memory files (absolute path to text). */
function resolveWith(
  flags: ConfigInputs['flags'],
  files: Record<string, string> = {},
  env: Record<string, string | undefined> = {},
): ConfigResolution {
  return resolveViewerConfig({ flags, cwd: '/work', env, home: HOME, readText: (p) => files[p] });
}

function ok(r: ConfigResolution) {
  if (!r.ok) throw new Error(r.problems.map(formatProblem).join('\n'));
  return r;
}

function problems(r: ConfigResolution): string[] {
  if (r.ok) throw new Error('expected problems');
  return r.problems.map(formatProblem);
}

const PROJECT = '/proj/viewer/viewer.toml';

describe('viewer config resolution', () => {
  it('derives every default from the root', () => {
    const { config, origins } = ok(resolveWith({ root: 'exp/live' }));
    expect(config).toEqual({
      root: '/work/exp/live',
      experimentDir: '/work/exp',
      cacheDir: '/work/exp/live',
      port: 8766,
      title: 'exp/live',
      notesDir: '/work/exp/notes',
      preferences: '/work/exp/viewer-preferences.json',
      listen: ['127.0.0.1'],
      allowOrigin: [],
      allowHost: [],
      agent: false,
      netSummaries: false,
      agentWeb: false,
      agentModel: 'opus',
      agentBudgetUsd: 2,
      netSummaryBudgetUsd: 1,
      agentTotalUsd: 20,
      agentCwd: '/work/exp',
      agentReadDirs: ['/work/exp'],
    });
    expect(origins.root).toBe('flag');
    expect(origins.notesDir).toBe('default');
    expect(origins.pcbCli).toBe('unset');
  });

  it('takes a flag over the file and the file over the default; file paths are relative to the file', () => {
    const file = `schema = "pnr-viewer-v1"
root = "../runs/live"
[server]
port = 9000
title = "Board A"
[design]
graph = "graph.json"
[design.hdl]
root = "../hdl"
build = "main"
src = "../hdl/src"
`;
    const { config, origins, files } = ok(
      resolveWith({ config: PROJECT, port: '9100' }, { [PROJECT]: file }),
    );
    expect(files).toEqual({ project: PROJECT });
    expect(config.root).toBe('/proj/runs/live');
    expect(config.experimentDir).toBe('/proj/runs');
    expect(config.port).toBe(9100);
    expect(origins.port).toBe('flag');
    expect(config.title).toBe('Board A');
    expect(origins.title).toBe('file');
    expect(config.graph).toBe('/proj/viewer/graph.json');
    expect(config.hdlRoot).toBe('/proj/hdl');
    expect(config.hdlBuild).toBe('main');
    expect(config.parts).toBe('/proj/hdl/src/parts');
    expect(config.agentReadDirs).toEqual(['/proj/hdl/src', '/proj/runs']);

    const flagged = ok(
      resolveWith({ config: PROJECT, root: 'other/live', graph: 'g2.json' }, { [PROJECT]: file }),
    );
    expect(flagged.config.root).toBe('/work/other/live');
    expect(flagged.config.notesDir).toBe('/work/other/notes');
    expect(flagged.config.graph).toBe('/work/g2.json');
  });

  it('reads machine settings from flag, then environment, then the machine config', () => {
    const machine = `${HOME}/.config/viewer/config.toml`;
    const files = {
      [machine]:
        '[pcb]\ncli = "/opt/kicad/bin/kicad-cli"\npython = "bin/python3"\n[agent]\ncli = "~/bin/claude"\n',
    };
    const fromFile = ok(resolveWith({ root: 'live' }, files));
    expect(fromFile.files.machine).toBe(machine);
    expect(fromFile.config.pcbCli).toBe('/opt/kicad/bin/kicad-cli');
    expect(fromFile.config.pcbPython).toBe(`${HOME}/.config/viewer/bin/python3`);
    expect(fromFile.config.agentCli).toBe(`${HOME}/bin/claude`);
    expect(fromFile.origins.pcbCli).toBe('machine-config');

    const fromEnv = ok(resolveWith({ root: 'live' }, files, { ENGINE_PCB_CLI: '/usr/bin/kicad-cli' }));
    expect(fromEnv.config.pcbCli).toBe('/usr/bin/kicad-cli');
    expect(fromEnv.origins.pcbCli).toBe('env ENGINE_PCB_CLI');
    const both = ok(
      resolveWith({ root: 'live' }, files, { VIEWER_PCB_CLI: '/a/cli', ENGINE_PCB_CLI: '/b/cli' }),
    );
    expect(both.config.pcbCli).toBe('/a/cli');

    const fromFlag = ok(
      resolveWith({ root: 'live', pcbCli: 'tools/kicad-cli' }, files, { VIEWER_PCB_CLI: '/a/cli' }),
    );
    expect(fromFlag.config.pcbCli).toBe('/work/tools/kicad-cli');
    expect(fromFlag.origins.pcbCli).toBe('flag');
  });

  it('finds the machine config under XDG_CONFIG_HOME, at VIEWER_USER_CONFIG, and nowhere when that is empty', () => {
    const xdg = '/xdg/viewer/config.toml';
    const named = '/etc/rr/viewer.toml';
    const files = {
      [xdg]: '[pcb]\ncli = "/xdg/cli"\n',
      [named]: '[pcb]\ncli = "/named/cli"\n',
      [`${HOME}/.config/viewer/config.toml`]: '[pcb]\ncli = "/home/cli"\n',
    };
    expect(ok(resolveWith({ root: 'live' }, files)).config.pcbCli).toBe('/home/cli');
    expect(ok(resolveWith({ root: 'live' }, files, { XDG_CONFIG_HOME: '/xdg' })).config.pcbCli).toBe(
      '/xdg/cli',
    );
    expect(
      ok(resolveWith({ root: 'live' }, files, { XDG_CONFIG_HOME: '/xdg', VIEWER_USER_CONFIG: named })).config
        .pcbCli,
    ).toBe('/named/cli');
    const disabled = ok(resolveWith({ root: 'live' }, files, { VIEWER_USER_CONFIG: '' }));
    expect(disabled.config.pcbCli).toBeUndefined();
    expect(disabled.files.machine).toBeUndefined();
    expect(problems(resolveWith({ root: 'live' }, files, { VIEWER_USER_CONFIG: '/nope.toml' }))).toEqual([
      '/nope.toml: the machine config named by VIEWER_USER_CONFIG does not exist',
    ]);
  });

  it('refuses machine settings in the project file, naming the file, the line and where they belong', () => {
    const file =
      'schema = "pnr-viewer-v1"\nroot = "live"\n\n[pcb]\ncli = "/usr/bin/kicad-cli"\n\n[agent]\ncli = "claude"\n';
    expect(problems(resolveWith({ config: PROJECT }, { [PROJECT]: file }))).toEqual([
      `${PROJECT}:5: [pcb] cli is a machine setting and does not belong in the project config: set it in ${HOME}/.config/viewer/config.toml, with VIEWER_PCB_CLI or ENGINE_PCB_CLI, or with --pcb-cli`,
      `${PROJECT}:8: [agent] cli is a machine setting and does not belong in the project config: set it in ${HOME}/.config/viewer/config.toml, with VIEWER_AGENT_CLI, or with --agent-cli`,
    ]);
    const inline = 'schema = "pnr-viewer-v1"\npcb = { python = "/usr/bin/python3" }\n';
    expect(problems(resolveWith({ config: PROJECT, root: 'x' }, { [PROJECT]: inline }))[0]).toMatch(
      /^\/proj\/viewer\/viewer\.toml:2: \[pcb\] python is a machine setting/,
    );
  });

  it('refuses flag-only settings, unknown keys and project settings in the wrong file', () => {
    const file =
      'schema = "pnr-viewer-v1"\n[server]\nport = 8000\nlisten = "0.0.0.0"\ntitel = "x"\n[design]\ngarph = "g.json"\n';
    expect(problems(resolveWith({ config: PROJECT, root: 'live' }, { [PROJECT]: file }))).toEqual([
      `${PROJECT}:4: [server] listen: --listen is a flag only, because who may reach the viewer is decided by whoever starts it, not by a file in the project`,
      `${PROJECT}:5: unknown key [server] titel; did you mean "title"?`,
      `${PROJECT}:7: unknown key [design] garph; did you mean "graph"?`,
    ]);
    const machine = `${HOME}/.config/viewer/config.toml`;
    expect(problems(resolveWith({ root: 'live' }, { [machine]: '[server]\nport = 1\n' }))).toEqual([
      `${machine}:2: [server] port is a project setting; the machine config holds only [pcb] cli, [pcb] python and [agent] cli: put it in the project config (--config) or pass --port`,
    ]);
  });

  it('reports TOML syntax errors and bad values with file and line, and bad flags by flag', () => {
    expect(
      problems(
        resolveWith({ config: PROJECT }, { [PROJECT]: 'schema = "pnr-viewer-v1"\n[server]\nport = \n' }),
      ),
    ).toEqual([`${PROJECT}:3:8: TOML syntax error: invalid value; fix the file (see https://toml.io)`]);
    expect(problems(resolveWith({ config: PROJECT }, { [PROJECT]: 'root = "live"\n' }))).toEqual([
      `${PROJECT}:1: missing schema = "pnr-viewer-v1" at the top of the file (it says which format the file is in)`,
    ]);
    expect(
      problems(
        resolveWith(
          { config: PROJECT },
          { [PROJECT]: 'schema = "pnr-viewer-v1"\nroot = "live"\n[server]\nport = 70000\ntitle = 3\n' },
        ),
      ),
    ).toEqual([
      `${PROJECT}:4: [server] port must be from 0 to 65535; got 70000`,
      `${PROJECT}:5: [server] title must be a string; got 3`,
    ]);
    expect(
      problems(
        resolveWith({ root: 'live', port: 'http', agent: 'yes', agentSearchUrl: 'ftp://search.example' }),
      ),
    ).toEqual([
      '--port takes a whole number from 0 to 65535; got "http"',
      '--agent takes on or off; got "yes"',
      '--agent-search-url takes an http or https URL; got "ftp://search.example"',
    ]);
    // A call's budget is what it reserves; 0 would always fit under the cap. The cap itself may be 0 (off).
    expect(
      problems(
        resolveWith({ root: 'live', agentBudgetUsd: '0', netSummaryBudgetUsd: '0.0', agentTotalUsd: '0' }),
      ),
    ).toEqual([
      '--agent-budget-usd takes an amount in USD greater than 0; got "0"',
      '--net-summary-budget-usd takes an amount in USD greater than 0; got "0.0"',
    ]);
    expect(ok(resolveWith({ root: 'live', agentBudgetUsd: '0.05' })).config.agentBudgetUsd).toBe(0.05);
    expect(
      ok(resolveWith({ root: 'live', agentSearchUrl: 'https://s.example.org/?q={query}' })).config
        .agentSearchUrl,
    ).toBe('https://s.example.org/?q={query}');
    expect(problems(resolveWith({ config: 'missing.toml' }))).toEqual([
      '/work/missing.toml: the config file given with --config does not exist',
    ]);
    expect(problems(resolveWith({}))).toEqual([
      'no live directory: pass --root (or set root in a --config file)',
    ]);
  });

  it('reads the real file system by default', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'rr-config-'));
    try {
      writeFileSync(join(dir, 'viewer.toml'), 'schema = "pnr-viewer-v1"\nroot = "live"\n');
      const r = ok(
        resolveViewerConfig({
          flags: { config: 'viewer.toml' },
          cwd: dir,
          env: { VIEWER_USER_CONFIG: '' },
          home: dir,
        }),
      );
      expect(r.config.root).toBe(join(dir, 'live'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
