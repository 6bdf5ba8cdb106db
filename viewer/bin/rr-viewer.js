#!/usr/bin/env -S node --max-semi-space-size=32
// SPDX-License-Identifier: AGPL-3.0-or-later
// Entry point of the live viewer's own command line (`rr-viewer view …`); with rr installed beside it,
// `rr view …` runs the same commands.
import { main } from '../dist/src/cli/viewer-cli.js';

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

// Under `bazel run` the process starts in the runfiles tree; relative paths the user typed mean the
// directory they ran bazel from.
if (process.env.BUILD_WORKING_DIRECTORY) process.chdir(process.env.BUILD_WORKING_DIRECTORY);

process.exitCode = await main(process.argv, undefined, 'rr-viewer');
