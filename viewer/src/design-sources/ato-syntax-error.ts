// SPDX-License-Identifier: AGPL-3.0-or-later
// A `.ato` file that cannot be read: the file, line and column (1-based) and what to fix there.

/** A syntax or indentation error in a `.ato` file. */
export class AtoSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = 'AtoSyntaxError';
  }
}
