// An instrumented runtime for the linear-scan tests: while metering, every string search, slice,
// split and JSON parse, every regex match, and every array search and walk adds to one counter what
// it examined (characters of strings, elements of arrays). Scanners are then run over inputs of
// growing size: a search or slice whose cost grows with the rest of the input (not the current token
// or line) shows as a count per input character that grows with the input, without timing anything.
// Nothing in rr is changed for it: it patches the built-ins of this test worker only, and counts only
// inside `meter(fn)`. Index access (`text[i]`) is not seen; rr's scanners read with charCodeAt.

let on = false;
let count = 0;

type Fn = (this: unknown, ...args: unknown[]) => unknown;
type Cost = (self: never, args: never, result: never) => number;

const restore: (() => void)[] = [];

/** Replaces `owner[name]` with a wrapper that adds `cost(this, args, result)` to the count. */
function wrap(owner: object, name: string, cost: Cost): void {
  const original = (owner as Record<string, Fn>)[name]!;
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    if (!on) return original.apply(this, args);
    const result = original.apply(this, args);
    count += Math.max(0, cost(this as never, args as never, result as never));
    return result;
  };
  define(owner, name, wrapped);
  restore.push(() => define(owner, name, original));
}

/** Replaces an array method that takes a callback: what it examined is how often it called it. */
function wrapWalk(name: string): void {
  const owner = Array.prototype as unknown as Record<string, Fn>;
  const original = owner[name]!;
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    const fn = args[0];
    if (!on || typeof fn !== 'function') return original.apply(this, args);
    args[0] = function (this: unknown, ...inner: unknown[]) {
      count++;
      return (fn as Fn).apply(this, inner);
    };
    return original.apply(this, args);
  };
  define(owner, name, wrapped);
  restore.push(() => define(owner, name, original));
}

function define(owner: object, name: string, value: unknown): void {
  Object.defineProperty(owner, name, { value, writable: true, configurable: true });
}

const stringIndexOf = String.prototype.indexOf;

/** V8's SlicedString::kMinLength: shorter substrings are copied, longer ones share their parent. */
const SLICED_STRING_MIN = 13;
const arrayIndexOf = Array.prototype.indexOf;

const lengthOf = (s: unknown) => (typeof s === 'string' || Array.isArray(s) ? s.length : 0);
/** A start position as the built-ins clamp it. */
const startAt = (start: unknown, length: number) => {
  const n = Math.trunc(Number(start ?? 0)) || 0;
  return n < 0 ? Math.max(0, length + n) : Math.min(n, length);
};
/** A forward search from `start`: what it passed until the end of the match, or to the end. */
const forward = (length: number, needle: unknown, start: unknown, found: number) =>
  (found < 0 ? length : found + (typeof needle === 'string' ? needle.length : 1)) - startAt(start, length);

function install(): void {
  const S = String.prototype;
  wrap(S, 'indexOf', (s: string, [n, i]: [string, number], r: number) => forward(s.length, n, i, r));
  wrap(S, 'includes', (s: string, [n, i]: [string, number]) =>
    forward(s.length, n, i, stringIndexOf.call(s, n, i)),
  );
  wrap(
    S,
    'lastIndexOf',
    (s: string, [, i]: [string, number], r: number) =>
      (i === undefined ? s.length : startAt(i, s.length)) - Math.max(r, 0),
  );
  wrap(S, 'startsWith', (_s: string, [n]: [string]) => lengthOf(n));
  wrap(S, 'endsWith', (_s: string, [n]: [string]) => lengthOf(n));
  // V8 makes a slice of 13 or more characters a view of its parent (a SlicedString): constant cost,
  // whatever its length; shorter ones are copied. What is then done with a long slice is counted.
  for (const name of ['slice', 'substring', 'substr'])
    wrap(S, name, (_s: string, _a: never, r: string) => (r.length < SLICED_STRING_MIN ? r.length : 1));
  for (const name of ['toLowerCase', 'toUpperCase', 'normalize', 'padStart', 'padEnd', 'repeat'])
    wrap(S, name, (_s: string, _a: never, r: string) => lengthOf(r));
  for (const name of ['trim', 'trimStart', 'trimEnd'])
    wrap(S, name, (s: string, _a: never, r: string) => s.length - r.length + 1);
  for (const name of ['charCodeAt', 'charAt', 'codePointAt', 'at']) wrap(S, name, () => 1);
  // With a regex these go through RegExp.prototype.exec, counted there; with a string, the whole text.
  for (const name of ['split', 'replace', 'replaceAll', 'match', 'matchAll', 'search'])
    wrap(S, name, (s: string, [pattern]: [unknown]) => (pattern instanceof RegExp ? 0 : s.length));

  // A global or sticky regex runs from lastIndex, any other from the start; a match examined the text up
  // to its end, a failed search the rest of the text (backtracking within a match is not seen).
  const exec = RegExp.prototype.exec;
  define(RegExp.prototype, 'exec', function (this: RegExp, text: string): RegExpExecArray | null {
    if (!on) return exec.call(this, text);
    const continues = this.global || this.sticky;
    const start = continues ? this.lastIndex : 0;
    const result = exec.call(this, text);
    if (result) count += Math.max(1, result.index + result[0].length - start);
    // A sticky regex tries its one position only; any other search passes the rest of the text.
    else count += this.sticky ? 1 : Math.max(1, String(text).length - start);
    return result;
  });
  restore.push(() => define(RegExp.prototype, 'exec', exec));
  wrap(JSON, 'parse', (_j: unknown, [text]: [string]) => lengthOf(text));

  const A = Array.prototype;
  wrap(A, 'indexOf', (a: unknown[], [n, i]: [unknown, number], r: number) => forward(a.length, n, i, r));
  wrap(A, 'includes', (a: unknown[], [n, i]: [unknown, number]) =>
    forward(a.length, n, i, arrayIndexOf.call(a, n, i)),
  );
  wrap(
    A,
    'lastIndexOf',
    (a: unknown[], [, i]: [unknown, number], r: number) =>
      (i === undefined ? a.length : startAt(i, a.length)) - Math.max(r, 0),
  );
  for (const name of ['slice', 'splice', 'concat', 'join', 'sort', 'reverse', 'flat', 'fill', 'toSorted'])
    wrap(A, name, (a: unknown[], _x: never, r: unknown) => Math.max(a.length, lengthOf(r)));
  for (const name of [
    'find',
    'findIndex',
    'findLast',
    'findLastIndex',
    'some',
    'every',
    'filter',
    'map',
    'flatMap',
    'forEach',
    'reduce',
  ])
    wrapWalk(name);
}

let installed = false;

/** Runs `fn` with metering on; returns its result and what it examined. */
export function meter<T>(fn: () => T): { result: T; examined: number } {
  if (!installed) {
    install();
    installed = true;
  }
  count = 0;
  on = true;
  try {
    const result = fn();
    return { result, examined: count };
  } finally {
    on = false;
  }
}

/** Runs an async `fn` with metering on until it settles; nothing else of the test may run meanwhile. */
export async function meterAsync<T>(fn: () => Promise<T>): Promise<{ result: T; examined: number }> {
  if (!installed) {
    install();
    installed = true;
  }
  count = 0;
  on = true;
  try {
    const result = await fn();
    return { result, examined: count };
  } finally {
    on = false;
  }
}

/** Puts the built-ins back (for afterAll). */
export function uninstallMeter(): void {
  while (restore.length > 0) restore.pop()!();
  installed = false;
}
