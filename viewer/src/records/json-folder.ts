// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads every record file (`*.json`, not dot-named) of one folder, parsing each file once per version
// (size, time, inode), so listing a folder of records on every request stays cheap.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A file of the folder that could not be read as a record. */
export interface FolderProblem {
  file: string;
  message: string;
}

/** Checks a parsed file; returns the record, or a message saying what is wrong with it. */
export type ViewerRecordCheck<T> = (value: unknown, name: string) => T | string;

/** The records of one folder, re-read only where files changed. */
export class JsonFolder<T> {
  private readonly seen = new Map<string, { stamp: string; result: T | string }>();

  constructor(
    readonly dir: string,
    private readonly check: ViewerRecordCheck<T>,
    /** How the folder is named in problems (e.g. `notes/`). */
    private readonly label: string,
  ) {}

  /** Every record, in file-name order, and the files that are not valid records. */
  read(): { records: T[]; problems: FolderProblem[] } {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], problems: [] };
      throw error;
    }
    names.sort();
    const records: T[] = [];
    const problems: FolderProblem[] = [];
    const present = new Set(names);
    for (const name of this.seen.keys()) if (!present.has(name)) this.seen.delete(name);
    for (const name of names) {
      const result = this.readOne(name);
      if (result === undefined) continue;
      if (typeof result === 'string') problems.push({ file: `${this.label}${name}`, message: result });
      else records.push(result);
    }
    return { records, problems };
  }

  /** One record by file name; undefined when there is no such file, a message when it is not valid. */
  readOne(name: string): T | string | undefined {
    const path = join(this.dir, name);
    let stamp: string;
    try {
      const st = statSync(path);
      if (!st.isFile()) return undefined;
      stamp = `${st.size}:${st.mtimeMs}:${st.ino}`;
    } catch {
      return undefined;
    }
    const known = this.seen.get(name);
    if (known?.stamp === stamp) return known.result;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined; // removed since the listing
      return `cannot be read (${code ?? (error as Error).message}); check its permissions`;
    }
    let result: T | string;
    try {
      result = this.check(JSON.parse(text), name);
    } catch (error) {
      result = `not valid JSON (${(error as Error).message}); fix or remove the file`;
    }
    this.seen.set(name, { stamp, result });
    return result;
  }
}
