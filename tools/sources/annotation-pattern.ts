/** One id as an annotation may write it: a letter first, a letter or digit last. */
export const ID_TOKEN = '[A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9]';

const PLACEHOLDER = '{id}';

// Between the ids of a list: a comma (with optional blanks around it) or blanks. Never a newline, so
// a match stays on one line.
const LIST_SEPARATOR = '(?:[ \\t]*,[ \\t]*|[ \\t]+)';

// A bound on the ids of one list keeps backtracking linear in the line's length when the text after
// {id} does not follow; no real annotation lists this many.
const MAX_LIST_IDS = 32;

/** An annotation pattern compiled for scanning. */
export interface AnnotationPattern {
  /** the pattern as configured, e.g. `@verifies {id}` */
  source: string;
  /** the word before `{id}`, without `@`, in lower case */
  verb: string;
  /** global, with match indices; group 1 is the id or list of ids */
  regex: RegExp;
  /** the longest literal every match contains: files and texts without it are not searched */
  anchor: string;
}

/** The usable patterns of a list, and what is wrong with the others. */
export interface CompiledPatterns {
  patterns: AnnotationPattern[];
  problems: string[];
}

const cache = new Map<string, AnnotationPattern | string>();

/** Compiles annotation patterns (cached by text); a pattern that cannot be used becomes a problem. */
export function compileAnnotationPatterns(sources: readonly string[]): CompiledPatterns {
  const patterns: AnnotationPattern[] = [];
  const problems: string[] = [];
  for (const source of sources) {
    let compiled = cache.get(source);
    if (compiled === undefined) {
      compiled = compileAnnotationPattern(source);
      cache.set(source, compiled);
    }
    if (typeof compiled === 'string') problems.push(compiled);
    else patterns.push(compiled);
  }
  return { patterns, problems };
}

/**
 * Compiles one pattern: literal text matches itself (a run of blanks matches one or more blanks or
 * tabs), `{id}` matches one id or a list of ids. Returns a problem message when it cannot be used.
 */
export function compileAnnotationPattern(source: string): AnnotationPattern | string {
  const parts = source.split(PLACEHOLDER);
  if (parts.length !== 2) {
    return parts.length === 1
      ? `annotation pattern "${source}" has no ${PLACEHOLDER} placeholder; write ${PLACEHOLDER} where the id goes, e.g. "@verifies ${PLACEHOLDER}"`
      : `annotation pattern "${source}" has ${parts.length - 1} ${PLACEHOLDER} placeholders; an annotation names one id, so write ${PLACEHOLDER} once`;
  }
  // Blanks at the ends of the whole pattern carry no meaning; those next to {id} do.
  const before = parts[0]!.trimStart();
  const after = parts[1]!.trimEnd();
  const anchor = longest([...before.split(/\s+/), ...after.split(/\s+/)]);
  if (anchor === '') {
    return `annotation pattern "${source}" has no text besides ${PLACEHOLDER}, so it would match every word; add a marker such as "@verifies ${PLACEHOLDER}"`;
  }
  // A pattern starting with a word character must start a word: `Verifies: {id}` skips `AutoVerifies: X`.
  // One starting with {id} must start at an id's first character, or every character of a long word
  // would be tried.
  let start = '';
  if (before === '') start = '(?<![A-Za-z0-9_.-])';
  else if (/^[A-Za-z0-9_]/.test(before)) start = '(?<![A-Za-z0-9_])';
  const list = `(${ID_TOKEN}(?:${LIST_SEPARATOR}${ID_TOKEN}){0,${MAX_LIST_IDS - 1}})`;
  const regex = new RegExp(`${start}${literal(before)}${list}${literal(after)}`, 'gd');
  return { source, verb: verbOf(before, after), regex, anchor };
}

function literal(text: string): string {
  return text
    .split(/\s+/)
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[ \\t]+');
}

function longest(pieces: string[]): string {
  return pieces.reduce((best, piece) => (piece.length > best.length ? piece : best), '');
}

/** The last word before `{id}` (`@verifies {id}` → verifies, `[req:{id}]` → req), else the first after. */
function verbOf(before: string, after: string): string {
  const word =
    /([A-Za-z][A-Za-z0-9_-]*)[^A-Za-z0-9_-]*$/.exec(before)?.[1] ?? /[A-Za-z][A-Za-z0-9_-]*/.exec(after)?.[0];
  return (word ?? 'annotates').toLowerCase();
}
