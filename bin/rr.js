#!/usr/bin/env -S node --max-semi-space-size=64
// Entry point for `npx rr`: runs the compiled CLI (built by `npm ci` through the prepare script).
import { endsWhenDone, main } from '../dist/tools/cli/main.js';

// `rr validate … | head` closes the pipe early; that is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

// Under `bazel run` the process starts in the runfiles tree; relative paths the user typed mean the
// directory they ran bazel from.
if (process.env.BUILD_WORKING_DIRECTORY) process.chdir(process.env.BUILD_WORKING_DIRECTORY);

process.exitCode = await main(process.argv);
// rr validate, rr report and rr publish have written all they will: the process ends once its output is flushed,
// without waiting for worker threads to stop and the heap to be freed (a tenth of a second on a large
// model; docs/decisions/0386-one-shot-commands-end-at-once.md).
if (endsWhenDone(process.argv))
  process.stdout.write('', () => process.stderr.write('', () => process.exit()));
