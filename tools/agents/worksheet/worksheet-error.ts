/** A worksheet that cannot be read or written; the message names the file, line and what to do. */
export class WorksheetError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'WorksheetError';
  }
}
