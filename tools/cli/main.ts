// The rr command tree. Every command and its options are declared here or in a light *-command.ts
// module, so `rr --help` lists them all; a command's implementation is imported in its action, so a
// run loads only what it uses (docs/decisions/0201-a-cli-that-loads-what-it-runs.md).
import { Command, CommanderError, Option } from 'commander';
import { WORKFLOW_IDS } from '../agents/workflows/workflow-info.js';
import { EXIT, type CliIo } from './cli-io.js';
import { packageVersion } from '../model/package-version.js';
import { registerBazelSteps } from './bazel-command.js';
import type { CasesOptions } from './cases-command.js';
import { addExportCommand } from './export-command.js';
import type { GraphOptions } from './graph-command.js';
import { addImportCommand } from './import-command.js';
import { addPublishCommand } from './publish-command.js';
import type { VerificationLockOptions } from './lock-command.js';
import type { ReviewOptions } from './review-command.js';
import type { ReportOptions } from './report-command.js';
import type { ServeOptions } from './serve-command.js';
import type { SuspectClearOptions, SuspectOptions } from './suspect-command.js';
import type { ImpactOptions } from './impact-command.js';
import { untilStopped } from './stop-signal.js';
import { VIEWER_COMMANDS, runViewerCommand, viewerCommandOf } from './viewer-plugin.js';
import type { ValidateFormat } from './validate-command.js';

/** `--agent-model`, `--agent-effort` and `--no-llm`, as `rr serve` and `rr review` take them (docs/agents.md). */
function agentOptions(command: Command): Command {
  return command
    .option(
      '--agent-model <name>',
      'model of the LLM workflows (or EDITOR_AGENT_MODEL; default claude-opus-5-5)',
    )
    .option(
      '--agent-effort <level>',
      'effort of the LLM workflows: low, medium, high, xhigh or max (or EDITOR_AGENT_EFFORT; default high)',
    )
    .option('--no-llm', 'disable LLM workflows (only the deterministic completeness check runs)');
}

/** Builds the rr command tree; actions store their exit code in `result`. */
function program(io: CliIo, result: { code: number }): Command {
  const rr = new Command('rr')
    .description('requirements as code for Bazel monorepos')
    .version(packageVersion())
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError();

  rr.command('validate')
    .description('load a model file or directory and report every problem that needs no test evidence')
    .argument('<path>', 'model file or directory')
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'),
    )
    .action(async (path: string, options: { format: ValidateFormat }) => {
      const { runValidate } = await import('./validate-command.js');
      result.code = await runValidate(path, options.format, io);
    });

  rr.command('report')
    .description('verdicts, attribution, gaps and diagnostics of a model over its test evidence')
    .requiredOption('--model <path>', 'model file or directory')
    .option('--evidence <dir>', 'evidence directory laid out like bazel-testlogs')
    .option('--lock <file>', 'verification-set lock (default: config.sets_lock)')
    .option('--sources <dir>', 'source tree to scan for annotations (default: the workspace root)')
    .option('--no-sources', 'do not scan sources for annotations')
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'),
    )
    .action(async (options: ReportOptions) => {
      const { runReport } = await import('./report-command.js');
      result.code = await runReport(options, io);
    });

  const lock = rr.command('lock').description('the verification-set lock (config.sets_lock)');
  const verificationLockOptions = (command: Command) =>
    command
      .requiredOption('--model <path>', 'model file or directory')
      .requiredOption('--evidence <dir>', 'evidence directory laid out like bazel-testlogs')
      .option('--lock <file>', 'lock file (default: config.sets_lock)');
  verificationLockOptions(
    lock.command('update').description('record the owner attribution decided for each case'),
  )
    .option('--dry-run', 'print what would change, write nothing')
    .option('--allow-removals', 'drop entries whose cases no longer have an owner')
    .action(async (options: VerificationLockOptions) => {
      const { runVerificationLockUpdate } = await import('./lock-command.js');
      result.code = await runVerificationLockUpdate(options, io);
    });
  verificationLockOptions(lock.command('check').description('exit 1 when the lock is out of date')).action(
    async (options: VerificationLockOptions) => {
      const { runVerificationLockCheck } = await import('./lock-command.js');
      result.code = await runVerificationLockCheck(options, io);
    },
  );

  const suspect = rr
    .command('suspect')
    .description(
      'list the links whose parent changed since they were reviewed (docs/change-control.md); exit 1 when any',
    )
    .option('--model <path>', 'model file or directory', '.')
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'),
    )
    .action(async (options: SuspectOptions) => {
      const { runSuspect } = await import('./suspect-command.js');
      result.code = await runSuspect(options, io);
    });
  suspect
    .command('clear')
    .description('mark links reviewed against their parent as it is now (the first --all starts stamping)')
    .argument(
      '[ids...]',
      "CHILD [PARENT...]: the suspect links of a child (an id or a set's target), to the parents named or all",
    )
    .option('--model <path>', 'model file or directory', '.')
    .option('--all', 'every suspect link (every link of a model not stamped yet)')
    .option('--dry-run', 'say what would be cleared; write nothing')
    .option('--author <author>', 'the reviewer, "Name <mail>" (default: git user.name and user.email)')
    .action(async (ids: string[], options: SuspectClearOptions, command: Command) => {
      const { runSuspectClear } = await import('./suspect-command.js');
      // --model may be given before or after `clear`.
      const model = command.parent?.opts<{ model?: string }>().model;
      result.code = await runSuspectClear(
        ids,
        { ...options, model: options.model !== '.' ? options.model : (model ?? '.') },
        io,
      );
    });

  rr.command('impact')
    .description('what a change to an entity would make suspect: links, risks above it, cases of its sets')
    .argument('<id>', 'the entity')
    .option('--model <path>', 'model file or directory', '.')
    .option('--evidence <dir>', 'evidence directory (default: the cases of the lock)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (id: string, options: ImpactOptions) => {
      const { runImpact } = await import('./impact-command.js');
      result.code = await runImpact(id, options, io);
    });

  rr.command('cases')
    .description(
      'the case ledger: every case with its one owner (or none), how it got it, and its lock entry',
    )
    .requiredOption('--model <path>', 'model file or directory')
    .requiredOption('--evidence <dir>', 'evidence directory laid out like bazel-testlogs')
    .option('--lock <file>', 'verification-set lock (default: config.sets_lock)')
    .addOption(
      new Option('--filter <filter>', 'only these cases').choices([
        'owned',
        'unowned',
        'quarantined',
        'unlocked',
        'coarse',
      ]),
    )
    .option(
      '--lane-targets <NAME=FILE>',
      'a target group ("lane"): FILE lists one target label per line (repeatable)',
      collect,
      [],
    )
    .option('--lane <name>', 'only cases of the targets in this target group')
    .option('--worksheet <file>', 'show an attribution worksheet (.rrplan) beside the ledger')
    .option('--apply-accepted', "apply the worksheet's accepted rows as checked case moves")
    .option('--dry-run', 'with --apply-accepted: check the moves, write nothing')
    .option('--expand', 'with --apply-accepted: let a move rewrite glob and whole-target claims')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .action(async (options: CasesOptions) => {
      const { runCases } = await import('./cases-command.js');
      result.code = await runCases(options, io);
    });

  agentOptions(rr.command('review'))
    .description(
      'run an agentic workflow without the editor (docs/agents.md); exit 1 when a finding is at or above --fail-on',
    )
    .requiredOption('--model <path>', 'model file or directory')
    .addOption(
      new Option('--workflow <name>', 'the workflow').choices([...WORKFLOW_IDS]).makeOptionMandatory(),
    )
    .option('--entity <id>', 'the entity to review (default: the whole model)')
    .option('--description <text>', "the assistant's change, in plain language")
    .option('--worksheet <file>', 'assign-test-cases: write the proposals to this .rrplan worksheet')
    .option('--evidence <dir>', 'evidence directory laid out like bazel-testlogs')
    .option('--lock <file>', 'verification-set lock (default: config.sets_lock)')
    .option('--sources <dir>', 'source tree to scan for annotations (default: the workspace root)')
    .option('--no-sources', 'do not scan sources for annotations')
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'),
    )
    .addOption(
      new Option('--fail-on <severity>', 'exit 1 when a finding is at or above this severity')
        .choices(['error', 'warning', 'info'])
        .default('error'),
    )
    .action(async (options: ReviewOptions) => {
      const { runReview } = await import('./review-command.js');
      result.code = await untilStopped((stop) => runReview(options, io, process.env, stop));
    });

  rr.command('graph')
    .description('the trace graph of needs, requirements, mitigations and risks')
    .requiredOption('--model <path>', 'model file or directory')
    .option('--evidence <dir>', 'evidence directory, to colour nodes by verdict')
    .option('--focus <id>', 'show only the neighbourhood of this entity')
    .option('--depth <n>', 'hops from the focus', '2')
    .option('--kinds <list>', 'comma-separated kinds to show (user_need,requirement,mitigation,risk)')
    .addOption(
      new Option('--format <format>', 'output format').choices(['mermaid', 'json']).default('mermaid'),
    )
    .action(async (options: GraphOptions) => {
      const { runGraph } = await import('./graph-command.js');
      result.code = await runGraph(options, io);
    });

  agentOptions(rr.command('serve'))
    .description('the model editor: a local web UI and JSON API that change the model safely')
    .option('--model <path>', 'model file or directory')
    .option('--demo', 'serve a copy of the bundled example in a new temporary git repository')
    .option('--evidence <dir>', 'test evidence directory laid out like bazel-testlogs')
    .option('--author <text>', 'default author: a name followed by an e-mail address in angle brackets')
    .option('--host <address>', 'bind address; beyond loopback a token is required', '127.0.0.1')
    .option('--port <n>', 'port (0 picks a free one)', '8080')
    .option('--token <secret>', 'bearer token every API request must carry (generated beyond loopback)')
    .option('--allow-host <name>', 'an additional accepted Host name (repeatable)', collect, [])
    .option(
      '--lane-targets <NAME=FILE>',
      'a target group ("lane") of the case ledger: FILE lists one target label per line (repeatable)',
      collect,
      [],
    )
    .option('--ui <dir>', 'serve the UI from this folder (default: the built dist/ui/editor)')
    .action(async (options: ServeOptions) => {
      // Ctrl-C closes the server; a save under way finishes first.
      const { runServe } = await import('./serve-command.js');
      result.code = await untilStopped((stop) => runServe(options, io, stop));
    });

  // The viewer's commands, listed here; `main` hands them to the viewer package before parsing.
  for (const [name, description] of Object.entries(VIEWER_COMMANDS))
    rr.command(name, { hidden: description === '' })
      .description(description)
      .allowUnknownOption()
      .helpOption(false)
      .argument('[arguments...]');
  addImportCommand(rr, io, result);
  addExportCommand(rr, io, result);
  addPublishCommand(rr, io, result);

  rr.command('schema')
    .description('print the JSON Schema of model files (draft 2020-12)')
    .action(async () => {
      const { modelSchema } = await import('../model/schema-check.js');
      io.out(JSON.stringify(modelSchema(), null, 2) + '\n');
      result.code = EXIT.ok;
    });

  rr.command('lsp')
    .description('the language server for code editors, on stdin/stdout (docs/ide.md)')
    .option('--stdio', 'talk LSP over stdin/stdout (the only transport; editors pass it)')
    .action(async () => {
      const { runLsp } = await import('./lsp-command.js');
      await runLsp();
    });

  registerBazelSteps(rr, io, result);
  return rr;
}

/** Collects a repeatable option's values. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * Commands that have written all they will once main resolves (every write awaited, the PDF printer's
 * browser closed) and hold nothing open (no server, no watcher).
 */
const ENDS_WHEN_DONE = new Set(['validate', 'report', 'publish']);

/**
 * Whether the process may end as soon as main resolves for these arguments: bin/rr.js then exits at
 * once instead of waiting for worker threads to stop and a large heap to be freed
 * (docs/decisions/0386-one-shot-commands-end-at-once.md).
 */
export function endsWhenDone(argv: readonly string[]): boolean {
  return ENDS_WHEN_DONE.has(argv[2] ?? '');
}

/** Runs the rr command line with the given argv and resolves to the process exit code. */
export async function main(argv: string[], io?: Partial<CliIo>): Promise<number> {
  const fullIo: CliIo = {
    out: io?.out ?? ((t) => process.stdout.write(t)),
    err: io?.err ?? ((t) => process.stderr.write(t)),
    cwd: io?.cwd ?? process.cwd(),
  };
  const result = { code: EXIT.ok as number };
  try {
    const viewerCommand = viewerCommandOf(argv);
    if (viewerCommand !== undefined) return await runViewerCommand(viewerCommand, argv, fullIo);
    await program(fullIo, result).parseAsync(argv);
    return result.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through exitOverride with code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    fullIo.err(`rr: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT.usage;
  }
}
