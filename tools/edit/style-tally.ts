// A file's style tally (render-style.ts), remembered per file for the text it was taken of, and carried
// over an edit confined to one entity's lines: the counts of the entity's lines before are taken away
// and those after added, and a first example stays first when it lies before the edit's first change.
// The result is the tally a parse of the whole edited text gives (test/edit/entity-region.test.ts),
// without that parse.
import type { StyleExample, StyleTally } from './render-style.js';

/** The last tally worked out per file, with the text it is of. */
const known = new Map<string, { text: string; tally: StyleTally }>();

/** The tally remembered for a file's text, if any. */
export function knownTally(path: string, text: string): StyleTally | undefined {
  const remembered = known.get(path);
  return remembered?.text === text ? remembered.tally : undefined;
}

/** Remembers a file's tally for a text. */
export function rememberTally(path: string, text: string, tally: StyleTally): void {
  known.set(path, { text, tally });
}

/** Lines of a text that an edit rewrote: [start, end) before it, and the same lines' tallies before and after. */
export interface RetalliedLines {
  start: number;
  end: number;
  /** where the edit's first change starts: the text before it is the same after the edit */
  unchangedBefore: number;
  /** how much longer the lines are after the edit */
  delta: number;
  before: StyleTally;
  after: StyleTally;
}

/**
 * The tally of a whole text after an edit confined to some lines, from the tally before it; undefined
 * when a first example lay inside those lines and none is left there (the next one is unknown).
 */
export function tallyAfterEdit(whole: StyleTally, lines: RetalliedLines): StyleTally | undefined {
  const indent = exampleAfter(whole.indent, lines.after.indent, lines);
  const indentSeq = exampleAfter(whole.indentSeq, lines.after.indentSeq, lines);
  const flowPadding = exampleAfter(whole.flowPadding, lines.after.flowPadding, lines);
  if (indent === null || indentSeq === null || flowPadding === null) return undefined;
  const count = (k: 'single' | 'double' | 'quotedDates' | 'plainDates') =>
    whole[k] - lines.before[k] + lines.after[k];
  return {
    ...(indent ? { indent } : {}),
    ...(indentSeq ? { indentSeq } : {}),
    ...(flowPadding ? { flowPadding } : {}),
    single: count('single'),
    double: count('double'),
    quotedDates: count('quotedDates'),
    plainDates: count('plainDates'),
  };
}

/**
 * The first example of a habit after the edit: the one before the rewritten lines, else the first in
 * them, else the one after them (moved by the edit); null when it cannot be known without a parse.
 */
function exampleAfter<T>(
  first: StyleExample<T> | undefined,
  inLines: StyleExample<T> | undefined,
  lines: RetalliedLines,
): StyleExample<T> | undefined | null {
  if (!first) return inLines;
  // Nothing before it changed, so it is still there and still first.
  if (first.reach < lines.unchangedBefore) return first;
  if (first.at >= lines.end)
    return inLines ?? { ...first, at: first.at + lines.delta, reach: first.reach + lines.delta };
  // The first example was in the rewritten lines (or rests on them): only one still there can follow it.
  return first.at >= lines.start && first.reach < lines.end && inLines ? inLines : null;
}
