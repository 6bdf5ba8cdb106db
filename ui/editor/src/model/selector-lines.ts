// The selector lines of a claim row, read by the server's own selector code (tools/model/selectors.ts,
// bundled into the page), so the counts and ticks the form shows while the user types are the ones the
// server gives once the claim is saved: same problems, same matches, same linear-time matcher.
import {
  literalSelector,
  readSelector,
  writtenSelects,
  type WrittenSelector,
} from '../../../../tools/model/selectors.js';

/** One line of a row's selectors box, read as the server reads a selector of a claim. */
export interface SelectorLine extends WrittenSelector {
  text: string;
}

/** The lines of a selectors box, read. */
export function readSelectorLines(texts: readonly string[]): SelectorLine[] {
  return texts.map((text) => ({ text, ...readSelector(text) }));
}

/** Whether a line selects a case path (a line with a problem selects nothing). */
export function lineSelects(line: SelectorLine, path: string): boolean {
  return writtenSelects(line, path);
}

/** Whether a line names exactly this case path: a usable selector without a star. */
export function namesCase(line: SelectorLine, path: string): boolean {
  return !line.problem && !line.selector.glob && line.selector.literal === path;
}

/** The line texts with a case ticked (its literal selector added) or unticked (lines naming it dropped). */
export function withCase(texts: readonly string[], path: string, ticked: boolean): string[] {
  if (ticked) return [...texts, literalSelector(path)];
  return readSelectorLines(texts)
    .filter((line) => !namesCase(line, path))
    .map((line) => line.text);
}
