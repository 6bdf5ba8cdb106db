// SPDX-License-Identifier: AGPL-3.0-or-later
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePcbToolsOnMachine } from '../../src/geometry/pcb-tools-on-machine.js';
import { discoverPcbTool, isBackgroundOnlyBundle } from '../../src/geometry/pcb-tool-discovery.js';
import {
  resolvePcbTool,
  resolvePcbTools,
  type PcbTool,
  type PcbToolInputs,
} from '../../src/geometry/pcb-tool-resolution.js';
import { machineConfigPath, readMachineConfig } from '../../src/geometry/viewer-machine-config.js';

const discovered: Record<PcbTool, string> = { cli: '/usr/bin/kicad-cli', python: '/usr/bin/python3' };

function inputs(overrides: Partial<PcbToolInputs> = {}): PcbToolInputs {
  return {
    flags: {},
    env: {},
    cwd: '/work/exp',
    discover: (tool) => discovered[tool],
    isBackgroundOnlyBundle: () => false,
    ...overrides,
  };
}

const machineConfig = {
  file: '/home/u/.config/viewer/config.toml',
  pcb: { cli: '/opt/kicad/bin/kicad-cli', python: '/opt/kicad/bin/python3' },
};

describe('PCB tool resolution order', () => {
  it('takes the flag first, relative to the working directory', () => {
    const r = resolvePcbTool(
      'cli',
      inputs({
        flags: { pcbCli: 'tools/kicad-cli' },
        env: { VIEWER_PCB_CLI: '/env/kicad-cli' },
        machineConfig,
      }),
    );
    expect(r).toEqual({
      status: 'found',
      tool: 'cli',
      path: '/work/exp/tools/kicad-cli',
      source: '--pcb-cli',
    });
    const p = resolvePcbTool('python', inputs({ flags: { pcbPython: '/k/python3' }, machineConfig }));
    expect(p).toMatchObject({ status: 'found', path: '/k/python3', source: '--pcb-python' });
  });

  it('then the environment: VIEWER_PCB_CLI before its alias ENGINE_PCB_CLI, and VIEWER_PCB_PYTHON', () => {
    const both = inputs({
      env: { VIEWER_PCB_CLI: '/a/kicad-cli', ENGINE_PCB_CLI: '/b/kicad-cli' },
      machineConfig,
    });
    expect(resolvePcbTool('cli', both)).toMatchObject({
      path: '/a/kicad-cli',
      source: 'environment VIEWER_PCB_CLI',
    });
    const alias = inputs({ env: { ENGINE_PCB_CLI: '/b/kicad-cli' }, machineConfig });
    expect(resolvePcbTool('cli', alias)).toMatchObject({
      path: '/b/kicad-cli',
      source: 'environment ENGINE_PCB_CLI',
    });
    const python = inputs({ env: { VIEWER_PCB_PYTHON: '/c/python3' }, machineConfig });
    expect(resolvePcbTool('python', python)).toMatchObject({
      path: '/c/python3',
      source: 'environment VIEWER_PCB_PYTHON',
    });
  });

  it('ignores empty flags and variables', () => {
    const r = resolvePcbTool(
      'cli',
      inputs({ flags: { pcbCli: '' }, env: { VIEWER_PCB_CLI: ' ' }, machineConfig }),
    );
    expect(r).toMatchObject({ path: '/opt/kicad/bin/kicad-cli' });
  });

  it('then the machine config, naming the file as the source', () => {
    const r = resolvePcbTool('python', inputs({ machineConfig }));
    expect(r).toEqual({
      status: 'found',
      tool: 'python',
      path: '/opt/kicad/bin/python3',
      source: 'machine config /home/u/.config/viewer/config.toml [pcb] python',
    });
  });

  it('then discovery, which is not even asked when an earlier step names the tool', () => {
    const asked: PcbTool[] = [];
    const discover = (tool: PcbTool) => {
      asked.push(tool);
      return discovered[tool];
    };
    expect(resolvePcbTool('cli', inputs({ discover }))).toMatchObject({
      path: '/usr/bin/kicad-cli',
      source: 'discovery',
    });
    resolvePcbTool('python', inputs({ discover, flags: { pcbPython: '/x/python3' } }));
    expect(asked).toEqual(['cli']);
  });

  it('says how to configure a tool that nothing finds', () => {
    const r = resolvePcbTools(inputs({ discover: () => undefined }));
    expect(r.cli).toMatchObject({ status: 'missing' });
    expect(r.cli.status === 'missing' && r.cli.message).toContain('give --pcb-cli, set VIEWER_PCB_CLI');
    expect(r.python.status === 'missing' && r.python.message).toContain("import KiCad's pcbnew module");
  });
});

describe('GUI applications are refused', () => {
  it('refuses a tool inside an application bundle that is not background-only', () => {
    const path = '/Applications/KiCad/KiCad.app/Contents/MacOS/kicad-cli';
    const r = resolvePcbTool('cli', inputs({ flags: { pcbCli: path } }));
    expect(r.status).toBe('refused');
    expect(r.status === 'refused' && r.message).toContain(
      `refused ${path} (from --pcb-cli): it lies inside the application bundle /Applications/KiCad/KiCad.app`,
    );
    expect(r.status === 'refused' && r.message).toContain('only headlessly');
  });

  it('accepts a background-only (headless) bundle, but not a GUI bundle nested in it', () => {
    const headless = (bundle: string) => bundle.endsWith('KiCad-headless.app');
    const cli = '/Users/u/Applications/KiCad-headless.app/Contents/MacOS/kicad-cli';
    expect(
      resolvePcbTool('cli', inputs({ flags: { pcbCli: cli }, isBackgroundOnlyBundle: headless })),
    ).toMatchObject({
      status: 'found',
    });
    const nested =
      '/Users/u/Applications/KiCad-headless.app/Contents/Applications/pcbnew.app/Contents/MacOS/python3';
    expect(
      resolvePcbTool(
        'python',
        inputs({ env: { VIEWER_PCB_PYTHON: nested }, isBackgroundOnlyBundle: headless }),
      ),
    ).toMatchObject({ status: 'refused' });
  });

  it("refuses KiCad's GUI programs from any step, discovery included", () => {
    expect(resolvePcbTool('cli', inputs({ flags: { pcbCli: '/usr/bin/pcbnew' } }))).toMatchObject({
      status: 'refused',
    });
    const fromConfig = inputs({
      machineConfig: { file: '/c.toml', pcb: { cli: 'C:\\KiCad\\bin\\kicad.exe' } },
    });
    expect(resolvePcbTool('cli', fromConfig)).toMatchObject({ status: 'refused' });
    expect(resolvePcbTool('cli', inputs({ discover: () => '/usr/bin/kicad' }))).toMatchObject({
      status: 'refused',
      source: 'discovery',
    });
  });
});

describe('machine config and discovery', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rr-pcb-tools-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the machine config under XDG_CONFIG_HOME or ~/.config; VIEWER_USER_CONFIG overrides or disables it', () => {
    expect(machineConfigPath({}, '/home/u')).toBe('/home/u/.config/viewer/config.toml');
    expect(machineConfigPath({ XDG_CONFIG_HOME: '/xdg' }, '/home/u')).toBe('/xdg/viewer/config.toml');
    expect(machineConfigPath({ VIEWER_USER_CONFIG: '/etc/v.toml', XDG_CONFIG_HOME: '/xdg' }, '/h')).toBe(
      '/etc/v.toml',
    );
    expect(machineConfigPath({ VIEWER_USER_CONFIG: '' }, '/home/u')).toBeUndefined();
  });

  it('reads [pcb] paths relative to the config file', async () => {
    const file = join(dir, 'config.toml');
    await writeFile(
      file,
      '[pcb]\ncli = "bin/kicad-cli"\npython = "/opt/kicad/python3"\n[agent]\ncli = "claude"\n',
    );
    const config = await readMachineConfig({ VIEWER_USER_CONFIG: file }, '/nowhere');
    expect(config).toEqual({
      file,
      pcb: { cli: join(dir, 'bin/kicad-cli'), python: '/opt/kicad/python3' },
      agent: { cli: join(dir, 'claude') },
    });
    expect(await readMachineConfig({}, join(dir, 'no-home'))).toBeUndefined();
  });

  it('names file, line and column of a config that is not TOML', async () => {
    const file = join(dir, 'broken.toml');
    await writeFile(file, '[pcb]\ncli = "unclosed\n');
    await expect(readMachineConfig({ VIEWER_USER_CONFIG: file }, '/h')).rejects.toThrow(
      new RegExp(`${file.replace(/[.]/g, '\\.')}:2:\\d+: the viewer machine config is not valid TOML`),
    );
  });

  it('discovers kicad-cli on PATH and the first python3 that imports pcbnew (Linux)', async () => {
    const bin = join(dir, 'bin');
    await mkdir(bin, { recursive: true });
    for (const name of ['kicad-cli', 'python3']) {
      await writeFile(join(bin, name), '#!/bin/sh\n');
      await chmod(join(bin, name), 0o755);
    }
    const context = { platform: 'linux' as const, env: { PATH: `/nonexistent:${bin}` }, home: dir };
    expect(discoverPcbTool('cli', context)).toBe(join(bin, 'kicad-cli'));
    expect(
      discoverPcbTool('python', { ...context, canImportPcbnew: (p) => p === join(bin, 'python3') }),
    ).toBe(join(bin, 'python3'));
    expect(discoverPcbTool('python', { ...context, canImportPcbnew: () => false })).toBeUndefined();
  });

  it("discovers only a background-only bundle in the user's Applications folder (macOS)", async () => {
    const apps = join(dir, 'Applications');
    const make = async (name: string, backgroundOnly: boolean) => {
      const macos = join(apps, name, 'Contents', 'MacOS');
      await mkdir(macos, { recursive: true });
      await writeFile(join(macos, 'kicad-cli'), '#!/bin/sh\n');
      await chmod(join(macos, 'kicad-cli'), 0o755);
      const flag = backgroundOnly ? '<key>LSBackgroundOnly</key>\n<true/>' : '';
      await writeFile(join(apps, name, 'Contents', 'Info.plist'), `<plist><dict>${flag}</dict></plist>`);
    };
    await make('A-KiCad.app', false);
    expect(discoverPcbTool('cli', { platform: 'darwin', env: {}, home: dir })).toBeUndefined();
    await make('B-KiCad-headless.app', true);
    expect(isBackgroundOnlyBundle(join(apps, 'B-KiCad-headless.app'))).toBe(true);
    expect(discoverPcbTool('cli', { platform: 'darwin', env: {}, home: dir })).toBe(
      join(apps, 'B-KiCad-headless.app', 'Contents', 'MacOS', 'kicad-cli'),
    );
  });
});

describe('PCB tools on this machine', () => {
  it('reads the machine config named by VIEWER_USER_CONFIG, and a flag still wins over it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rr-machine-'));
    try {
      const file = join(dir, 'viewer.toml');
      await writeFile(file, '[pcb]\npython = "kicad/bin/python3"\ncli = "/opt/kicad/kicad-cli"\n');
      const env = { VIEWER_USER_CONFIG: file, PATH: '' };
      const tools = await resolvePcbToolsOnMachine(
        { pcbCli: 'bin/kicad-cli' },
        { env, cwd: '/w', home: dir },
      );
      expect(tools.python).toMatchObject({ status: 'found', path: join(dir, 'kicad/bin/python3') });
      expect(tools.cli).toMatchObject({ status: 'found', path: '/w/bin/kicad-cli', source: '--pcb-cli' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
