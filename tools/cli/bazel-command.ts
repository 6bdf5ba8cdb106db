// `rr bazel model|set|publish`: the steps rules_rr's build actions run (docs/bazel.md). Users run rr_model and
// rr_verification_set targets, not these commands. Each step's module loads only when it runs.
import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import type { BazelModelOptions } from './bazel-model-step.js';
import type { BazelPublishOptions } from './bazel-publish-step.js';
import type { BazelSetOptions } from './bazel-set-step.js';
import type { BazelTestOptions } from './bazel-test-step.js';

/** Adds `rr bazel` and its steps to the command tree. */
export function registerBazelSteps(rr: Command, io: CliIo, result: { code: number }): void {
  const bazel = rr
    .command('bazel')
    .description('build-action steps of the rules_rr Bazel rules (see docs/bazel.md)')
    // Build actions write only their declared outputs: no compose cache in the user's home.
    .hook('preAction', () => {
      process.env.RR_CACHE_DIR = 'off';
    });
  bazel
    .command('model')
    .description("rr_model's action: compose and validate the model's sources")
    .requiredOption('--label <label>', 'the rr_model target')
    .requiredOption('--root <dir>', "the model's package directory")
    .requiredOption('--srcs-file <file>', 'model sources, one path per line')
    .requiredOption('--out-dir <dir>', 'where model.json, check.txt, test.xml and exit_code go')
    .action(async (options: BazelModelOptions) => {
      const { runBazelModel } = await import('./bazel-model-step.js');
      result.code = await runBazelModel(options, io);
    });
  bazel
    .command('set')
    .description("rr_verification_set's action: report, computed lock and the set's test")
    .requiredOption('--label <label>', 'the rr_verification_set target')
    .requiredOption('--model-json <file>', "rr_model's model.json")
    .option('--evidence <dir>', 'evidence directory laid out like bazel-testlogs')
    .option('--evidence-source <dir>', 'the evidence folder in the workspace, named in diagnostics')
    .option('--lock <file>', 'the checked-in lock')
    .option('--reviewed <file>', 'the review stamps (docs/change-control.md)')
    .option('--reviewed-path <path>', "the stamps' place in the workspace, for messages")
    .requiredOption('--lock-path <path>', "the lock's place in the workspace, for messages")
    .option('--sources-file <file>', 'source files to scan for annotations, one path per line')
    .requiredOption('--update-command <command>', 'the command that writes the lock into the workspace')
    .option('--allow-removals', 'drop lock entries whose cases no longer have an owner')
    .requiredOption('--out-dir <dir>', 'where the report, lock and test files go')
    .action(async (options: BazelSetOptions) => {
      const { runBazelSet } = await import('./bazel-set-step.js');
      result.code = await runBazelSet(options, io);
    });
  bazel
    .command('publish')
    .description("rr_publish's action: the audit pack of a verification set, as a folder and a zip")
    .requiredOption('--label <label>', 'the rr_publish target')
    .requiredOption('--model-json <file>', "rr_model's model.json")
    .option('--evidence <dir>', 'evidence directory laid out like bazel-testlogs')
    .option('--evidence-source <dir>', 'the evidence folder in the workspace, named in the pack')
    .option('--lock <file>', 'the checked-in lock')
    .requiredOption('--lock-path <path>', "the lock's place in the workspace")
    .requiredOption('--out-dir <dir>', 'the pack folder (a tree artifact)')
    .requiredOption('--zip <file>', 'the pack as one zip')
    .option('--status-file <file>', "Bazel's stable status file (a stamped build): the baseline it names")
    .action(async (options: BazelPublishOptions) => {
      const { runBazelPublish } = await import('./bazel-publish-step.js');
      result.code = await runBazelPublish(options, io);
    });
  bazel
    .command('test-results')
    .description("rr_verification_set's test action: run a test once and keep its test.xml")
    .requiredOption('--label <label>', 'the test target')
    .requiredOption('--exe <path>', 'the test executable; its runfiles tree is beside it')
    .requiredOption('--workspace <name>', 'the workspace name (the runfiles folder it starts in)')
    .requiredOption('--xml <file>', 'where the test.xml goes')
    .option('--timeout <seconds>', 'stop the test after this long', '300')
    .action(async (options: BazelTestOptions) => {
      const { runBazelTest } = await import('./bazel-test-step.js');
      result.code = await runBazelTest(options, io);
    });
}
