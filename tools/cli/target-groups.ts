// Target groups of the case ledger (docs/glossary.md, "target group"): `--lane-targets NAME=FILE`, where
// FILE lists one target label per line (`#` starts a comment); the flag's word "lane" means a target
// group. Shared by `rr cases` and `rr serve`.
import { readFile } from 'node:fs/promises';
import { normalizeLabel } from '../model/labels.js';

/** A target group definition that cannot be used; the message names the file and line. */
export class TargetGroupError extends Error {
  /** whether the message starts with file:line (printed as is, like a diagnostic) */
  readonly located: boolean;

  constructor(message: string, located = false) {
    super(message);
    this.name = 'TargetGroupError';
    this.located = located;
  }
}

/** Reads `NAME=FILE` target group definitions into group name → normalized target labels. */
export async function readTargetGroups(
  specs: readonly string[],
  mainRepo: string | undefined,
): Promise<Map<string, Set<string>>> {
  const groups = new Map<string, Set<string>>();
  for (const spec of specs) {
    const [name, file] = spec.split(/=(.*)/s);
    if (!name || !file) throw new TargetGroupError(`--lane-targets takes NAME=FILE, got "${spec}"`);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) throw new TargetGroupError(`cannot read target group file ${file}`);
    const labels = new Set<string>();
    for (const [i, line] of text.split(/\r?\n/).entries()) {
      const trimmed = line.replace(/#.*/, '').trim();
      if (trimmed === '') continue;
      const label = normalizeLabel(trimmed, { mainRepo });
      if (!label) throw new TargetGroupError(`${file}:${i + 1}: "${trimmed}" is not a target label`, true);
      labels.add(label);
    }
    groups.set(name, labels);
  }
  return groups;
}
