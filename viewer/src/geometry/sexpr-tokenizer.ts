// SPDX-License-Identifier: AGPL-3.0-or-later
// A streaming tokenizer for KiCad's S-expression files. Text arrives in chunks of any size; a token
// cut by a chunk boundary is carried over to the next chunk. Numbers are parsed here, from the
// characters, because a large board holds millions of them and a string per number would dominate
// both time and garbage.
//
// One repair follows KiCad's own parser, which accepts a keyword whose '(' is missing: an atom
// written straight after a ')' (no space between, which KiCad never writes) opens a list. Boards
// KiCad 9 ships contain `(curved_edges no)filter_ratio 0.9)`, and KiCad reads them.

/** Receives the tokens of an S-expression text in order. */
export interface SexprHandler {
  openList(line: number): void;
  closeList(line: number): void;
  /**
   * An atom: a number when the text is a plain decimal number, otherwise its (unescaped) text; with
   * `atoms: 'source'`, always the text as written.
   */
  atom(value: string | number, line: number): void;
  /**
   * True while the handler ignores atoms (inside an item it does not want): the tokenizer then skips
   * them without making their values, which for embedded files is megabytes of text.
   */
  readonly ignoresAtoms?: boolean;
}

/** A syntax error at a 1-based line of the text. */
export class SexprSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'SexprSyntaxError';
  }
}

/** The error for text that ends with lists still open, naming the item it ends inside. */
export function truncatedFileError(
  item: { head: string; line: number } | undefined,
  openLists: number,
  lastLine: number,
): SexprSyntaxError {
  const what = item === undefined || item.head === '' ? 'a list' : `(${item.head} …)`;
  const where = item === undefined ? '' : `, which opens at line ${item.line}`;
  return new SexprSyntaxError(
    `the file ends inside ${what}${where} (${openLists} list(s) still open): the file is truncated`,
    lastLine,
  );
}

const LF = 10;
const CR = 13;
const TAB = 9;
const SPACE = 32;
const QUOTE = 34;
const OPEN = 40;
const CLOSE = 41;
const BACKSLASH = 92;
const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

// Exact powers of ten: dividing an exact integer mantissa by one of these rounds correctly, so the
// result equals Number(text) for every decimal with at most 15 significant digits.
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);
const MAX_EXACT_DIGITS = 15;

function isDelimiter(c: number): boolean {
  return c === SPACE || c === LF || c === TAB || c === CR || c === OPEN || c === CLOSE || c === QUOTE;
}

/** How atoms reach the handler. */
export interface SexprTokenizerOptions {
  /**
   * `values` (default): numbers as numbers, quoted strings unescaped without their quotes. `source`:
   * every atom as written, quotes and escapes included, for readers that write the file back.
   */
  atoms?: 'values' | 'source';
}

/** Splits S-expression text pushed in chunks into tokens for a handler, counting lines. */
export class SexprTokenizer {
  /**
   * The text of a token the chunks so far ended inside, piece by piece (empty when none). The pieces are
   * joined, and the token scanned from its start, only once a chunk holds its end: a token across many
   * chunks (an unclosed quote runs to the end of the file) is then copied and scanned twice in all, not
   * once per chunk.
   */
  private carried: string[] = [];
  /** Whether the carried token is a quoted string (else a bare atom). */
  private carriedQuote = false;
  /** Whether the carried quoted string ends in a backslash, which escapes the next chunk's first character. */
  private carriedEscape = false;
  private line = 1;
  private afterClose = false;
  private readonly source: boolean;

  constructor(
    private readonly handler: SexprHandler,
    options: SexprTokenizerOptions = {},
  ) {
    this.source = options.atoms === 'source';
  }

  /** The line the tokenizer has reached (the start of any token still carried over). */
  get currentLine(): number {
    return this.line;
  }

  /** Tokenizes the next chunk of text. */
  push(chunk: string): void {
    let text = chunk;
    if (this.carried.length > 0) {
      this.carried.push(chunk);
      if (!this.endsCarriedToken(chunk)) return;
      text = this.carried.join('');
      this.carried = [];
    }
    const carriedFrom = this.scan(text, false);
    if (carriedFrom < text.length) {
      this.carried = [text.slice(carriedFrom)];
      this.carriedQuote = text.charCodeAt(carriedFrom) === QUOTE;
    }
  }

  /** Tokenizes what was carried over; the text ends here. */
  end(): void {
    const text = this.carried.join('');
    this.carried = [];
    this.scan(text, true);
  }

  /**
   * Whether a chunk holds the end of the carried token (looking at the chunk only); otherwise notes
   * whether the carried quoted string now ends in an escaping backslash.
   */
  private endsCarriedToken(chunk: string): boolean {
    const n = chunk.length;
    if (!this.carriedQuote) {
      for (let i = 0; i < n; i++) if (isDelimiter(chunk.charCodeAt(i))) return true;
      return false;
    }
    let i = this.carriedEscape ? 1 : 0;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c === QUOTE) return true;
      if (c === BACKSLASH) i++;
    }
    this.carriedEscape = i > n;
    return false;
  }

  /** Scans text; returns the offset of a token the chunk ended inside (text.length when none). */
  private scan(text: string, final: boolean): number {
    const handler = this.handler;
    const n = text.length;
    let line = this.line;
    let afterClose = this.afterClose;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === SPACE || c === TAB || c === CR) {
        afterClose = false;
        i++;
      } else if (c === LF) {
        afterClose = false;
        line++;
        i++;
      } else if (c === OPEN) {
        afterClose = false;
        handler.openList(line);
        i++;
      } else if (c === CLOSE) {
        afterClose = true;
        handler.closeList(line);
        i++;
      } else if (c === QUOTE) {
        afterClose = false;
        const start = i;
        let escaped = false;
        let newlines = 0;
        let j = i + 1;
        for (; j < n; j++) {
          const d = text.charCodeAt(j);
          if (d === QUOTE) break;
          if (d === BACKSLASH) {
            escaped = true;
            j++;
          } else if (d === LF) newlines++;
        }
        if (j >= n) {
          if (!final) {
            this.line = line;
            this.afterClose = false;
            // j passed n when the text ends in a backslash: the next chunk's first character is escaped.
            this.carriedEscape = j > n;
            return start;
          }
          throw new SexprSyntaxError('a quoted string is not closed before the end of the file', line);
        }
        if (handler.ignoresAtoms !== true) {
          const raw = text.slice(start + 1, j);
          handler.atom(this.source ? text.slice(start, j + 1) : escaped ? unescapeString(raw) : raw, line);
        }
        line += newlines;
        i = j + 1;
      } else {
        const start = i;
        let j = i;
        while (j < n && !isDelimiter(text.charCodeAt(j))) j++;
        if (j >= n && !final) {
          this.line = line;
          this.afterClose = afterClose;
          return start;
        }
        if (afterClose) {
          handler.openList(line);
          afterClose = false;
        }
        if (handler.ignoresAtoms !== true)
          handler.atom(this.source ? text.slice(start, j) : atomValue(text, start, j), line);
        i = j;
      }
    }
    this.line = line;
    this.afterClose = afterClose;
    return n;
  }
}

/**
 * The value of the unquoted atom text[start, end): a number when the text is a decimal number
 * that converts back to the same text shape (so "01" or "1e3" stay strings and pad names survive).
 */
function atomValue(text: string, start: number, end: number): string | number {
  let i = start;
  let c = text.charCodeAt(i);
  const negative = c === MINUS;
  if (negative || c === PLUS) {
    if (c === PLUS) return text.slice(start, end);
    i++;
  }
  const intStart = i;
  let mantissa = 0;
  let digits = 0;
  for (; i < end; i++) {
    c = text.charCodeAt(i);
    if (c < ZERO || c > NINE) break;
    mantissa = mantissa * 10 + (c - ZERO);
    digits++;
  }
  const intDigits = i - intStart;
  // A leading zero followed by more integer digits ("007") is a name, not a number.
  if (intDigits > 1 && text.charCodeAt(intStart) === ZERO) return text.slice(start, end);
  let fraction = 0;
  if (i < end && c === DOT) {
    i++;
    for (; i < end; i++) {
      c = text.charCodeAt(i);
      if (c < ZERO || c > NINE) break;
      mantissa = mantissa * 10 + (c - ZERO);
      digits++;
      fraction++;
    }
    if (fraction === 0) return text.slice(start, end);
  }
  if (i !== end || intDigits === 0) return text.slice(start, end);
  if (digits > MAX_EXACT_DIGITS) return Number(text.slice(start, end));
  const value = fraction === 0 ? mantissa : mantissa / POWERS_OF_TEN[fraction]!;
  return negative ? -value : value;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

function unescapeString(raw: string): string {
  return raw.replace(/\\(.)/gs, (_, ch: string) => ESCAPES[ch] ?? ch);
}
