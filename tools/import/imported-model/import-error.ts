/** Input an importer cannot read: names the file, the line (when known) and what to do. */
export class ImportInputError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    const at =
      line === undefined ? file : column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
    super(`${at}: ${reason}`);
  }
}
