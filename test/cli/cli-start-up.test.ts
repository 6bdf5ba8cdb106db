// What `rr` loads to run one command: the command tree declares every command and its options, and each
// action imports its implementation, so `rr validate` and `rr report` never load the editor's server
// (fastify), the viewer or the grammars of imports and design sources (ohm-js), and `rr --help` still
// lists every command with its options. The modules a run loads are logged by a Node module hook.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, rr } from './run-cli.js';

const run = promisify(execFile);

let dir: string;
let register: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-start-up-'));
  // The hooks run on their own thread; each module's URL is appended to the log file as it loads.
  await writeFile(
    join(dir, 'hooks.mjs'),
    [
      "import { appendFileSync } from 'node:fs';",
      'let log;',
      'export function initialize(data) { log = data.log; }',
      "export async function load(url, context, next) { appendFileSync(log, url + '\\n'); return next(url, context); }",
    ].join('\n'),
  );
  register = join(dir, 'register.mjs');
  await writeFile(
    register,
    [
      "import { register } from 'node:module';",
      `register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)}, { data: { log: process.env.RR_TEST_MODULE_LOG } });`,
    ].join('\n'),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs bin/rr.js with the module log on; its exit code and the repository paths of what it loaded. */
async function loadedBy(name: string, args: string[]): Promise<{ code: number; modules: string[] }> {
  const log = join(dir, `${name}.log`);
  await writeFile(log, '');
  let code = 0;
  try {
    await run(process.execPath, ['--import', pathToFileURL(register).href, 'bin/rr.js', ...args], {
      cwd: repoRoot,
      env: { ...process.env, RR_TEST_MODULE_LOG: log },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    code = (error as { code?: number }).code ?? -1;
  }
  const root = pathToFileURL(repoRoot).href;
  const modules = (await readFile(log, 'utf8'))
    .split('\n')
    .filter((url) => url.startsWith(root))
    .map((url) => url.slice(root.length).replace(/^\//, ''));
  return { code, modules };
}

/**
 * The loaded modules a model command must not pay for: servers, the viewer package, importers, LLM
 * clients and the grammars (ohm-js).
 */
const HEAVY = new RegExp(
  [
    '^node_modules/(fastify|@fastify|ohm-js|elkjs|@modelcontextprotocol|@anthropic-ai)/',
    '^dist/tools/(editor|http|import|agents/llm)/',
    '^viewer/',
    '^dist/tools/cli/(serve-command|review-command|import-run|export-reqif-run)\\.js$',
  ].join('|'),
);

/** What `rr view --help` may load of the viewer package: its command line and the tables its help is made of. */
const VIEWER_HELP = new RegExp(
  '^viewer/dist/src/(cli/(viewer-cli|view-command|design-notes-command|engine-service-command)|viewer-package|config/viewer-settings|notes/design-note-actions)\\.js$',
);
const heavy = (modules: string[]) => modules.filter((m) => HEAVY.test(m));

describe('rr start-up', () => {
  it('rr validate loads the model and validation code only: no server, viewer or grammar', async () => {
    const { code, modules } = await loadedBy('validate', ['validate', 'examples/infusion-pump']);
    expect(code).toBe(0);
    // The log works: the command's own module and the model loader (the incremental engine's) are in it.
    expect(modules).toContain('dist/tools/cli/validate-command.js');
    expect(modules).toContain('dist/tools/incremental/load-model-engine.js');
    expect(heavy(modules)).toEqual([]);
  });

  it('rr report loads no server, viewer or grammar either', async () => {
    const { code, modules } = await loadedBy('report', [
      'report',
      '--model',
      'examples/infusion-pump',
      '--evidence',
      'examples/infusion-pump/bazel-testlogs',
    ]);
    expect(code).toBe(1); // the example's deliberate multi-tag case
    expect(modules).toContain('dist/tools/cli/report-command.js');
    expect(modules).toContain('dist/tools/evidence/ingest-evidence.js');
    expect(heavy(modules)).toEqual([]);
  });

  it('rr view --help lists the viewer flags from the viewer package without loading the viewer', async () => {
    const { code, modules } = await loadedBy('view-help', ['view', '--help']);
    expect(code).toBe(0);
    expect(modules).toContain('viewer/dist/src/cli/view-command.js');
    expect(heavy(modules).filter((m) => !VIEWER_HELP.test(m))).toEqual([]);
  });

  it('rr --help lists every command, and each command its options', async () => {
    const help = await rr(['--help']);
    expect(help.code).toBe(0);
    for (const command of [
      'validate',
      'report',
      'lock',
      'cases',
      'review',
      'graph',
      'pnr-sim',
      'serve',
      'view',
      'notes',
      'import',
      'export',
      'schema',
      'bazel',
    ])
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    const options: Record<string, string[]> = {
      report: ['--model <path>', '--evidence <dir>', '--no-sources', '--format <format>'],
      serve: ['--demo', '--agent-model <name>', '--allow-host <name>'],
      view: ['--root <path>', '--geometry-extractor <kind>', '--demo'],
      'import reqif': ['--out <dir>', '--map <file>'],
      'export reqif': ['--timestamp <time>'],
      'bazel set': ['--model-json <file>', '--update-command <command>'],
    };
    for (const [command, flags] of Object.entries(options)) {
      const { code, stdout } = await rr([...command.split(' '), '--help']);
      expect(code, command).toBe(0);
      for (const flag of flags) expect(stdout, `${command} --help`).toContain(flag);
    }
  });

  it('rr schema prints the model schema, loaded on use', async () => {
    const { code, stdout } = await rr(['schema']);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { $schema: string }).$schema).toContain('2020-12');
  });
});
