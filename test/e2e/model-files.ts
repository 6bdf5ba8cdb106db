// Byte-for-byte checks of the model files a browser test changes: the test keeps the text it expects
// for every file, and after each step every file of the model (evidence excluded) must match it.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Every file of the model directory except the evidence tree, by path relative to it. */
export async function readModelFiles(modelDir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'bazel-testlogs') await walk(path);
      } else files.set(relative(modelDir, path).split('\\').join('/'), await readFile(path, 'utf8'));
    }
  };
  await walk(modelDir);
  return files;
}

/** The expected text of a model's files, edited step by step as the test expects the editor to. */
export class ExpectedFiles {
  readonly files: Map<string, string>;

  constructor(files: Map<string, string>) {
    this.files = new Map(files);
  }

  /** The expected text of one file. */
  text(path: string): string {
    const text = this.files.get(path);
    if (text === undefined) throw new Error(`no file ${path} is expected`);
    return text;
  }

  /** Replaces one exact, unique passage of a file (the change the step expects). */
  replace(path: string, before: string, after: string): void {
    const text = this.text(path);
    const at = text.indexOf(before);
    if (at < 0) throw new Error(`${path} does not contain the passage to replace:\n${before}`);
    if (text.indexOf(before, at + 1) >= 0) throw new Error(`${path} contains the passage twice:\n${before}`);
    this.files.set(path, text.slice(0, at) + after + text.slice(at + before.length));
  }

  /** Replaces every occurrence of a word (a rename). */
  replaceAll(path: string, word: string, by: string): void {
    this.files.set(path, this.text(path).split(word).join(by));
  }

  /** The first difference between the files on disk and the expected ones, or undefined when all agree. */
  async difference(modelDir: string): Promise<string | undefined> {
    const actual = await readModelFiles(modelDir);
    for (const path of new Set([...actual.keys(), ...this.files.keys()])) {
      const a = actual.get(path);
      const e = this.files.get(path);
      if (a === e) continue;
      if (a === undefined) return `${path} is missing`;
      if (e === undefined) return `${path} appeared unexpectedly`;
      return `${path} differs:\n${firstDifferentLines(e, a)}`;
    }
    return undefined;
  }
}

/** The first differing lines of two texts with a little context, line endings shown. */
function firstDifferentLines(expected: string, actual: string): string {
  const e = expected.split('\n');
  const a = actual.split('\n');
  let i = 0;
  while (i < e.length && i < a.length && e[i] === a[i]) i++;
  const show = (lines: string[]) =>
    lines
      .slice(Math.max(0, i - 2), i + 4)
      .map((l) => JSON.stringify(l))
      .join('\n');
  return `at line ${i + 1}\nexpected:\n${show(e)}\nactual:\n${show(a)}`;
}
