// SPDX-License-Identifier: AGPL-3.0-or-later
// Types of claude-flags.mjs, for the tests that check rr's command lines against the real CLI's flags.

/** The command line as the real CLI would read it, or why it would refuse it. */
export type ClaudeArguments =
  | { options: Map<string, string[]>; prompt: string; error?: undefined }
  | { error: string; options?: undefined };

/** Parses the command line as the real CLI would. */
export function parseClaudeArguments(argv: readonly string[]): ClaudeArguments;
