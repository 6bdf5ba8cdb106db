// Case selectors (docs/decisions/0018-escapes-in-selectors.md): whole case paths where `*` matches
// anything and `\*` is a literal star. `\\` is a literal backslash; any other backslash is ambiguous
// and so a bad selector. The editor's page bundles this module to count matches as the user types, so
// it imports nothing and runs in a browser as it does in Node.

const STAR = -1;

/** A selector: a glob split into code points (unescaped stars as STAR), or the literal path it names. */
export interface Selector {
  text: string;
  /** a glob's code points and stars; empty for a literal, which is matched by `literal` alone */
  tokens: number[];
  glob: boolean;
  /** the literal case path when the selector has no wildcard */
  literal?: string;
}

/** Why a selector cannot be used, or undefined when it is fine. */
export function selectorProblem(text: string): string | undefined {
  if (text.trim() === '') return 'selector is empty';
  if (text !== text.trim()) return 'selector has leading or trailing whitespace (case paths never do)';
  // Unicode Cc (C0, DEL and C1), the same control characters labels reject.
  if (/\p{Cc}/u.test(text)) return 'selector contains a control character';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\\') continue;
    const next = text[i + 1];
    if (next !== '*' && next !== '\\') {
      return `backslash at column ${i + 1} escapes nothing; write \\* for a literal star or \\\\ for a backslash`;
    }
    i++;
  }
  return undefined;
}

/** A selector as written: parsed, with its problem when it has one (then it selects nothing). */
export interface WrittenSelector {
  selector: Selector;
  problem?: string;
}

/** Reads a selector as written in a claim: its problem, if any, and the parsed selector. */
export function readSelector(text: string): WrittenSelector {
  const problem = selectorProblem(text);
  const selector = parseSelector(text);
  return problem ? { selector, problem } : { selector };
}

/** Whether a selector as written selects a case path: never when it has a problem. */
export function writtenSelects(written: WrittenSelector, casePath: string): boolean {
  return !written.problem && selects(written.selector, casePath);
}

/** The selector that names exactly one case path: its stars and backslashes escaped. */
export function literalSelector(casePath: string): string {
  return casePath.replace(/[\\*]/g, (ch) => `\\${ch}`);
}

// Only globs are matched token by token; a literal selector keeps this shared empty list.
const NO_TOKENS: number[] = [];

/** Parses a selector (assumed free of problems) into tokens. */
export function parseSelector(text: string): Selector {
  // Most selectors name one case outright: nothing to unescape or tokenize.
  if (!text.includes('*') && !text.includes('\\'))
    return { text, tokens: NO_TOKENS, glob: false, literal: text };
  const tokens: number[] = [];
  let glob = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.codePointAt(i)!;
    if (ch > 0xffff) i++;
    if (text[i] === '\\' && (text[i + 1] === '*' || text[i + 1] === '\\')) {
      tokens.push(text.codePointAt(i + 1)!);
      i++;
    } else if (text[i] === '*') {
      tokens.push(STAR);
      glob = true;
    } else {
      tokens.push(ch);
    }
  }
  if (!glob) return { text, tokens: NO_TOKENS, glob, literal: String.fromCodePoint(...tokens) };
  return { text, tokens, glob };
}

/**
 * The text a glob's matches all start with: its code points before the first star (a literal's whole
 * text). Indexes use it so a case path is tested only against globs that can select it.
 */
export function globPrefix(selector: Selector): string {
  if (!selector.glob) return selector.literal ?? selector.text;
  const star = selector.tokens.indexOf(STAR);
  return String.fromCodePoint(...selector.tokens.slice(0, star));
}

/**
 * The text a glob's matches all end with: its code points after the last star (a literal's whole
 * text). Two globs can select one path only if one's prefix starts the other's, and likewise for suffixes.
 */
export function globSuffix(selector: Selector): string {
  if (!selector.glob) return selector.literal ?? selector.text;
  const star = selector.tokens.lastIndexOf(STAR);
  return String.fromCodePoint(...selector.tokens.slice(star + 1));
}

/** Whether a selector selects a case path. */
export function selects(selector: Selector, casePath: string): boolean {
  if (!selector.glob) return selector.literal === casePath;
  return globMatches(selector.tokens, casePath);
}

/**
 * Star matching that backtracks only to the last star: O(selector × path) at worst. A RegExp of
 * `[\s\S]*` parts backtracks combinatorially: `*a*a*a*a*a*a*a*a*b` against 40 a's took 5 s.
 */
function globMatches(tokens: number[], path: string): boolean {
  let t = 0;
  let p = 0;
  let star = -1; // index of the last star seen
  let mark = 0; // where the path stood when that star began to absorb
  while (p < path.length) {
    const ch = path.codePointAt(p)!;
    if (tokens[t] === STAR) {
      star = t++;
      mark = p;
    } else if (tokens[t] === ch) {
      t++;
      p += ch > 0xffff ? 2 : 1;
    } else if (star >= 0) {
      // Let the last star absorb one more code point and retry the tokens after it.
      mark += path.codePointAt(mark)! > 0xffff ? 2 : 1;
      t = star + 1;
      p = mark;
    } else return false;
  }
  while (tokens[t] === STAR) t++;
  return t === tokens.length;
}

/** Whether some case path exists that both selectors select (decided without evidence). */
export function selectorsOverlap(a: Selector, b: Selector): boolean {
  if (!a.glob && !b.glob) return a.literal === b.literal;
  if (!a.glob) return selects(b, a.literal!);
  if (!b.glob) return selects(a, b.literal!);
  return globsIntersect(a.tokens, b.tokens);
}

/**
 * Intersection of two star patterns: reach(i, j) says a common string can complete a[i..] and b[j..].
 * A star may absorb the other side's next token (char or star) or end; two chars must be equal.
 */
function globsIntersect(a: number[], b: number[]): boolean {
  const n = a.length;
  const m = b.length;
  // Iterative search over (i, j) states so very long selectors cannot overflow the call stack.
  const stack: [number, number][] = [[0, 0]];
  const seen = new Uint8Array((n + 1) * (m + 1));
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    const k = i * (m + 1) + j;
    if (seen[k]) continue;
    seen[k] = 1;
    if (i === n && j === m) return true;
    const ai = i < n ? a[i]! : undefined;
    const bj = j < m ? b[j]! : undefined;
    if (ai === STAR) {
      stack.push([i + 1, j]);
      if (bj !== undefined) stack.push([i, j + 1]);
    }
    if (bj === STAR) {
      stack.push([i, j + 1]);
      if (ai !== undefined) stack.push([i + 1, j]);
    }
    if (ai !== undefined && bj !== undefined && ai !== STAR && bj !== STAR && ai === bj)
      stack.push([i + 1, j + 1]);
  }
  return false;
}
