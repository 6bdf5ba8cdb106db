// SPDX-License-Identifier: AGPL-3.0-or-later
// The error of a netlist graph (or a netlist export) that cannot be read: names the file, the line and the
// place in the file, and says what to do.

/** A netlist file that cannot be read; the message starts with `file:line:`. */
export class NetlistGraphError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line: number | undefined,
  ) {
    super(message);
    this.name = 'NetlistGraphError';
  }
}
