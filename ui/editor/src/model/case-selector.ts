// Case selectors as the model defines them (spec 1): a whole case path where `*` matches anything,
// `\*` is a literal star and `\\` a literal backslash. The server decides; the form uses this to
// count matches and tick the checklist while the user types.

/** Whether a selector has an unescaped star. */
export function isGlob(selector: string): boolean {
  for (let i = 0; i < selector.length; i++) {
    if (selector[i] === '\\') i++;
    else if (selector[i] === '*') return true;
  }
  return false;
}

/** The case path a selector without stars names (escapes removed). */
export function literalPath(selector: string): string {
  return selector.replace(/\\([*\\])/g, '$1');
}

/** A selector naming exactly one case path (stars and backslashes escaped). */
export function selectorFor(casePath: string): string {
  return casePath.replace(/[\\*]/g, (c) => `\\${c}`);
}

/** Whether a selector selects a case path. */
export function selectorMatches(selector: string, casePath: string): boolean {
  if (!isGlob(selector)) return literalPath(selector) === casePath;
  let pattern = '';
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '\\' && i + 1 < selector.length) {
      pattern += escapeRegExp(selector[++i]!);
    } else if (c === '*') {
      // Collapse runs of stars: `**` means the same and would backtrack needlessly.
      if (!pattern.endsWith('[\\s\\S]*')) pattern += '[\\s\\S]*';
    } else pattern += escapeRegExp(c);
  }
  return new RegExp(`^${pattern}$`, 'u').test(casePath);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Why a selector line cannot be used, or undefined. */
export function selectorProblem(text: string): string | undefined {
  if (text.trim() === '') return 'empty selector';
  if (text !== text.trim()) return 'leading or trailing spaces (case paths never have them)';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\') continue;
    const next = text[i + 1];
    if (next !== '*' && next !== '\\') return `backslash at column ${i + 1} escapes nothing`;
    i++;
  }
  return undefined;
}
