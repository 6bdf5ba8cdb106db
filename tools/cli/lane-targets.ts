// Lanes of the case ledger: `--lane-targets NAME=FILE`, where FILE lists one target label per line
// (`#` starts a comment). Shared by `rr cases` and `rr serve`.
import { readFile } from 'node:fs/promises';
import { normalizeLabel } from '../model/labels.js';

/** A lane definition that cannot be used; the message names the file and line. */
export class LaneError extends Error {
  /** whether the message starts with file:line (printed as is, like a diagnostic) */
  readonly located: boolean;

  constructor(message: string, located = false) {
    super(message);
    this.name = 'LaneError';
    this.located = located;
  }
}

/** Reads `NAME=FILE` lane definitions into lane name → normalized target labels. */
export async function readLaneTargets(
  specs: readonly string[],
  mainRepo: string | undefined,
): Promise<Map<string, Set<string>>> {
  const lanes = new Map<string, Set<string>>();
  for (const spec of specs) {
    const [name, file] = spec.split(/=(.*)/s);
    if (!name || !file) throw new LaneError(`--lane-targets takes NAME=FILE, got "${spec}"`);
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) throw new LaneError(`cannot read lane file ${file}`);
    const labels = new Set<string>();
    for (const [i, line] of text.split(/\r?\n/).entries()) {
      const trimmed = line.replace(/#.*/, '').trim();
      if (trimmed === '') continue;
      const label = normalizeLabel(trimmed, { mainRepo });
      if (!label) throw new LaneError(`${file}:${i + 1}: "${trimmed}" is not a target label`, true);
      labels.add(label);
    }
    lanes.set(name, labels);
  }
  return lanes;
}
