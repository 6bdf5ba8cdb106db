// Test models as YAML text: written to a temp dir, loaded and validated the way `rr validate` does.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { Diagnostic } from '../../tools/model/diagnostic.js';
import { loadModel } from '../../tools/model/load-model.js';
import { validateModel } from '../../tools/validate/validate-model.js';

/** The file a single-text fixture is written to. */
export const MODEL_FILE = 'model.yaml';

/** A validated fixture model and ways to point into its files. */
export interface Fixture {
  dir: string;
  diagnostics: Diagnostic[];
  /** the absolute path of a fixture file, as diagnostics name it */
  path(name?: string): string;
  /** the diagnostics of one rule */
  of(rule: string): Diagnostic[];
  /** the rules that fired, sorted and without repeats */
  rules(): string[];
  /** file and 1-based line of the one line of a file that contains `marker` */
  at(marker: string, name?: string): { file: string; line: number };
}

/** Strips the indentation common to all non-blank lines and the first newline, so models can be indented in tests. */
export function dedent(text: string): string {
  const lines = text.replace(/^\n/, '').split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length);
  const cut = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.map((l) => l.slice(cut)).join('\n');
}

/**
 * Writes each file (relative path → YAML text, dedented) into a fresh temp dir, removed when the test
 * ends, and returns `validateModel(await loadModel(dir))` with helpers. A string is one `model.yaml`.
 */
export async function validateYaml(files: string | Record<string, string>): Promise<Fixture> {
  const texts = typeof files === 'string' ? { [MODEL_FILE]: files } : files;
  const dir = await mkdtemp(join(tmpdir(), 'rr-validate-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const written = new Map<string, string>();
  for (const [name, text] of Object.entries(texts)) {
    const body = dedent(text);
    written.set(name, body);
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), body);
  }
  const diagnostics = validateModel(await loadModel(dir));
  const path = (name = MODEL_FILE) => join(dir, name);
  return {
    dir,
    diagnostics,
    path,
    of: (rule) => diagnostics.filter((d) => d.rule === rule),
    rules: () => [...new Set(diagnostics.map((d) => d.rule))].sort(),
    at(marker, name = MODEL_FILE) {
      const lines = (written.get(name) ?? '').split('\n');
      const hits = lines.flatMap((l, i) => (l.includes(marker) ? [i + 1] : []));
      if (hits.length !== 1)
        throw new Error(`marker ${JSON.stringify(marker)} is on ${hits.length} lines of ${name}`);
      return { file: path(name), line: hits[0]! };
    },
  };
}
