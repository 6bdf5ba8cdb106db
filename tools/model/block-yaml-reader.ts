// A reader for the plain block YAML that model files are written in (block mappings and sequences,
// plain, quoted and block scalars, one-line flow lists, comments, `---`), several times faster than the
// yaml package because it builds no syntax tree of tokens. It reads a file only when it is sure to agree
// with the yaml package node for node and offset for offset, and declines (returns undefined) anything
// else: anchors, tags, merge keys, tabs, CR line ends, multi-line plain or quoted scalars, duplicate
// keys, anything the yaml package would call an error. A declined file is parsed by the yaml package.
// test/model/block-yaml-reader.test.ts compares the two over every model file in the repository.

/** A node of a read document: where it starts (the offset the yaml package's node range starts at). */
export type ReadNode = ReadMap | ReadSeq | ReadScalar;

/** A block or empty flow mapping; its pairs in file order. */
export interface ReadMap {
  kind: 'map';
  start: number;
  pairs: ReadPair[];
}

/** One key of a mapping, where the key starts, and its value. */
export interface ReadPair {
  key: string;
  keyStart: number;
  value: ReadNode;
}

/** A block or one-line flow sequence. */
export interface ReadSeq {
  kind: 'seq';
  start: number;
  items: ReadNode[];
}

/** A scalar with its value as the yaml package's core schema resolves it. */
export interface ReadScalar {
  kind: 'scalar';
  start: number;
  value: unknown;
}

/** One non-empty document: its root node and its plain value (what yaml's toJS gives). */
export interface ReadDocument {
  root: ReadNode;
  value: unknown;
}

/** A file read by the block reader: its documents and the offsets where its lines start. */
export interface BlockYamlFile {
  documents: ReadDocument[];
  lineStarts: number[];
}

/** Thrown inside the reader when the text leaves the subset; caught by readBlockYaml. */
class Decline extends Error {}
const DECLINE = new Decline('outside the block subset');

/** Characters the reader never reads: tabs, CR, other controls, NEL, line/paragraph separators, BOM. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const OUTSIDE_SUBSET = /[\x00-\x09\x0b-\x1f\x7f\x85\u2028\u2029\ufeff]/;

/** Reads a whole file, or returns undefined when the yaml package must read it. */
export function readBlockYaml(text: string): BlockYamlFile | undefined {
  if (OUTSIDE_SUBSET.test(text)) return undefined;
  try {
    return new BlockReader(text).file();
  } catch (error) {
    if (error instanceof Decline) return undefined;
    throw error;
  }
}

const SPACE = 32;
const HASH = 35;
const DASH = 45;
const COLON = 58;

/** The line arrays readers share (see BlockReader's constructor). */
let shared = {
  starts: new Int32Array(1024),
  ends: new Int32Array(1024),
  indents: new Int32Array(1024),
  blanks: new Uint8Array(1024),
};

class BlockReader {
  // The lines of the text, index for index: where each starts and ends (before its newline), its
  // indentation, and whether it is blank (whitespace only or a comment: skipped between nodes). Typed
  // arrays rather than an object per line: a large file's hundred thousand line objects were a good
  // part of the collector's work.
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly indents: Int32Array;
  private readonly blanks: Uint8Array;
  private readonly count: number;
  private at = 0; // index of the current line
  private last = 0; // index after the current document's last line
  // What the node readers also give, in fields rather than a pair per node (a large file reads
  // hundreds of thousands of nodes): the plain value of the node last read, and where a scalar ended.
  private value: unknown = null;
  private end = 0;

  constructor(private readonly text: string) {
    let count = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
    this.count = count;
    // One reader runs at a time (it never yields), so all share these arrays, grown as files need:
    // four arrays per file cost a model of one file per entity more than reading its lines.
    if (shared.starts.length < count) {
      const size = 2 ** Math.ceil(Math.log2(count));
      shared = {
        starts: new Int32Array(size),
        ends: new Int32Array(size),
        indents: new Int32Array(size),
        blanks: new Uint8Array(size),
      };
    }
    ({ starts: this.starts, ends: this.ends, indents: this.indents, blanks: this.blanks } = shared);
    let start = 0;
    for (let n = 0; n < count; n++) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      let i = start;
      while (i < end && text.charCodeAt(i) === SPACE) i++;
      this.starts[n] = start;
      this.ends[n] = end;
      this.indents[n] = i - start;
      this.blanks[n] = i === end || text.charCodeAt(i) === HASH ? 1 : 0;
      start = end + 1;
    }
  }

  file(): BlockYamlFile {
    const documents: ReadDocument[] = [];
    // Copied by a loop: Array.from over a typed array's view iterates it, the first cost of a small file.
    const lineStarts = new Array<number>(this.count);
    for (let n = 0; n < this.count; n++) lineStarts[n] = this.starts[n]!;
    let first = 0;
    for (let i = 0; i <= this.count; i++) {
      if (i < this.count && !this.isMarker(i)) continue;
      this.at = first;
      this.last = i;
      this.skipBlank();
      if (this.at < this.last) documents.push(this.document());
      first = i + 1;
    }
    return { documents, lineStarts };
  }

  /** `---` alone (or with a comment) starts a document; `...`, `%` directives and `--- x` are declined. */
  private isMarker(i: number): boolean {
    const t = this.text;
    if (this.indents[i]! > 0) return false;
    const start = this.starts[i]!;
    const c = t.charCodeAt(start);
    if (c === 37 /* % */ || t.startsWith('...', start)) throw DECLINE;
    if (!t.startsWith('---', start)) return false;
    const rest = t.slice(start + 3, this.ends[i]);
    if (rest === '') return true;
    if (!/^ +(#.*)?$/.test(rest) && rest[0] !== '-') throw DECLINE;
    return rest[0] !== '-';
  }

  private document(): ReadDocument {
    if (this.indents[this.at] !== 0) throw DECLINE;
    const root = this.blockNode(0, this.starts[this.at]!, false);
    const value = this.value;
    this.skipBlank();
    if (this.at < this.last) throw DECLINE; // a second root: an error to the yaml package
    return { root, value };
  }

  private skipBlank(): void {
    while (this.at < this.last && this.blanks[this.at] === 1) this.at++;
  }

  /** A block sequence or mapping whose first entry starts at `from` (a `-` or a key) on the current line. */
  private blockNode(indent: number, from: number, inSeq: boolean): ReadNode {
    const t = this.text;
    if (t.charCodeAt(from) === DASH && this.isSpaceOrEnd(from + 1)) {
      if (inSeq) throw DECLINE; // `- - a`: a compact nested sequence
      return this.sequence(indent, from);
    }
    return this.mapping(indent, from);
  }

  private isSpaceOrEnd(i: number): boolean {
    const c = this.text.charCodeAt(i);
    return i >= this.text.length || c === SPACE || c === 10;
  }

  /** Items `- …` at `indent`, the first at `from` on the current line. */
  private sequence(indent: number, from: number): ReadSeq {
    const t = this.text;
    const node: ReadSeq = { kind: 'seq', start: from, items: [] };
    const value: unknown[] = [];
    let dash = from;
    for (;;) {
      const lineEnd = this.ends[this.at]!;
      let i = dash + 1;
      while (i < lineEnd && t.charCodeAt(i) === SPACE) i++;
      if (i >= lineEnd || t.charCodeAt(i) === HASH) throw DECLINE; // an item on the next lines
      const item = this.startsMapping(i, lineEnd)
        ? this.blockNode(i - this.starts[this.at]!, i, true)
        : this.inlineValue(i, lineEnd, indent);
      node.items.push(item);
      value.push(this.value);
      this.skipBlank();
      if (this.at >= this.last) break;
      const nextIndent = this.indents[this.at]!;
      if (nextIndent > indent) throw DECLINE;
      if (nextIndent < indent) break;
      dash = this.starts[this.at]! + nextIndent;
      if (t.charCodeAt(dash) !== DASH || !this.isSpaceOrEnd(dash + 1)) break;
    }
    this.value = value;
    return node;
  }

  /** Whether a `key:` starts at `i`: a plain key then `: ` or `:` at the line's end. */
  private startsMapping(i: number, end: number): boolean {
    return this.keyEnd(i, end) >= 0;
  }

  /** Where the colon after a plain key starting at `i` is, or -1. */
  private keyEnd(i: number, end: number): number {
    const t = this.text;
    const c = t.charCodeAt(i);
    if (c === 34 || c === 39) return -1; // quoted: a scalar (or a quoted key, declined by mapping)
    for (let j = i; j < end; j++) {
      if (t.charCodeAt(j) === COLON && (j + 1 === end || t.charCodeAt(j + 1) === SPACE)) return j;
      if (t.charCodeAt(j) === HASH && t.charCodeAt(j - 1) === SPACE) return -1;
    }
    return -1;
  }

  /** Keys at column `indent`, the first at `from` on the current line. */
  private mapping(indent: number, from: number): ReadMap {
    const t = this.text;
    const node: ReadMap = { kind: 'map', start: from, pairs: [] };
    const value: Record<string, unknown> = {};
    let keyStart = from;
    for (;;) {
      const lineEnd = this.ends[this.at]!;
      const colon = this.keyEnd(keyStart, lineEnd);
      if (colon < 0 || colon - keyStart > 1024) throw DECLINE;
      const key = t.slice(keyStart, colon).trimEnd();
      // A duplicate key is an error to the yaml package. `value` has no prototype keys to confuse
      // this: __proto__ is not a plain key here.
      if (!isPlainStringKey(key) || Object.hasOwn(value, key)) throw DECLINE;
      let i = colon + 1;
      while (i < lineEnd && t.charCodeAt(i) === SPACE) i++;
      let child: ReadNode;
      if (i >= lineEnd || t.charCodeAt(i) === HASH) {
        this.at++;
        child = this.nestedValue(indent, i);
      } else {
        child = this.inlineValue(i, lineEnd, indent);
      }
      node.pairs.push({ key, keyStart, value: child });
      value[key] = this.value;
      this.skipBlank();
      if (this.at >= this.last) break;
      const nextIndent = this.indents[this.at]!;
      if (nextIndent > indent) throw DECLINE;
      if (nextIndent < indent) break;
      keyStart = this.starts[this.at]! + nextIndent;
      if (t.charCodeAt(keyStart) === DASH && this.isSpaceOrEnd(keyStart + 1)) break; // the parent's next item
    }
    this.value = value;
    return node;
  }

  /** The value of a key with nothing after its colon: a block node on the next lines, or null. */
  private nestedValue(indent: number, emptyAt: number): ReadNode {
    this.skipBlank();
    const t = this.text;
    if (this.at < this.last) {
      const nextIndent = this.indents[this.at]!;
      const first = this.starts[this.at]! + nextIndent;
      const dashed = t.charCodeAt(first) === DASH && this.isSpaceOrEnd(first + 1);
      // A sequence may sit at its key's own column (`key:\n- a`); a mapping must be indented.
      if (nextIndent > indent || (nextIndent === indent && dashed)) {
        if (!dashed && !this.startsMapping(first, this.ends[this.at]!)) throw DECLINE; // an indented scalar
        return this.blockNode(nextIndent, first, false);
      }
    }
    this.value = null;
    return { kind: 'scalar', start: emptyAt, value: null };
  }

  /**
   * A value that starts at `i` on the current line (which ends at `lineEnd`) and ends on it, or a block
   * scalar that runs on below it. Leaves the current line after it.
   */
  private inlineValue(i: number, lineEnd: number, indent: number): ReadNode {
    const t = this.text;
    const c = t.charCodeAt(i);
    let value: unknown;
    if (c === 124 /* | */ || c === 62 /* > */) {
      return this.blockScalar(i, lineEnd, indent);
    } else if (c === 91 /* [ */) {
      return this.flowSequence(i, lineEnd);
    } else if (c === 123 /* { */) {
      if (!/^\{\} *(#.*)?$/.test(t.slice(i, lineEnd))) throw DECLINE;
      this.at++;
      this.value = {};
      return { kind: 'map', start: i, pairs: [] };
    } else if (c === 34 /* " */) {
      value = this.doubleQuoted(i, lineEnd);
    } else if (c === 39 /* ' */) {
      value = this.singleQuoted(i, lineEnd);
    } else {
      value = this.plain(i, lineEnd);
    }
    this.restIsComment(this.end, lineEnd);
    this.at++;
    this.value = value;
    return { kind: 'scalar', start: i, value };
  }

  /** Only spaces and a comment may follow a value on its line. */
  private restIsComment(from: number, end: number): void {
    const t = this.text;
    let i = from;
    while (i < end && t.charCodeAt(i) === SPACE) i++;
    if (i < end && (t.charCodeAt(i) !== HASH || i === from)) throw DECLINE;
  }

  /** A plain scalar to the end of the line or a ` #` comment, resolved by the core schema. */
  private plain(i: number, end: number): unknown {
    const t = this.text;
    const c = t.charCodeAt(i);
    if (INDICATORS.has(c) || (c === DASH && this.isSpaceOrEnd(i + 1))) throw DECLINE;
    if ((c === 63 /* ? */ || c === COLON) && this.isSpaceOrEnd(i + 1)) throw DECLINE;
    // The comment is searched on this line only: a search to the end of the text made a file with
    // no later comments cost its whole length per value (quadratic; test/scan/model-reading.test.ts).
    let stop = i;
    while (stop < end && !(t.charCodeAt(stop) === HASH && t.charCodeAt(stop - 1) === SPACE)) stop++;
    if (stop < end) stop--; // the space before the `#`
    const source = t.slice(i, stop).trimEnd();
    // `a: b` nested on one line, or a trailing colon: the yaml package reads a mapping or an error.
    if (source.includes(': ') || source.endsWith(':')) throw DECLINE;
    this.end = i + source.length;
    return resolvePlain(source);
  }

  /** A double-quoted scalar on one line; `end` is set after its closing quote. */
  private doubleQuoted(i: number, end: number): string {
    const t = this.text;
    let j = i + 1;
    for (; j < end; j++) {
      const c = t.charCodeAt(j);
      if (c === 34) break;
      if (c === 92 /* \ */) {
        j++;
        const e = t[j];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(j + 1, j + 5))) throw DECLINE;
          j += 4;
        } else if (e === undefined || !'"\\/bfnrt'.includes(e)) throw DECLINE;
      }
    }
    if (j >= end) throw DECLINE; // unterminated on this line: multi-line, or an error
    try {
      // trusted: the text between the quotes was checked above to be a JSON string literal
      const value = JSON.parse(t.slice(i, j + 1)) as string;
      this.end = j + 1;
      return value;
    } catch {
      throw DECLINE;
    }
  }

  /** A single-quoted scalar on one line; `end` is set after its closing quote. */
  private singleQuoted(i: number, end: number): string {
    const t = this.text;
    // The closing quote is searched on this line only (a quote further on is another value's).
    let q = i + 1;
    for (; q < end; q++) {
      if (t.charCodeAt(q) !== 39) continue;
      if (t.charCodeAt(q + 1) !== 39) {
        this.end = q + 1;
        return t.slice(i + 1, q).replaceAll("''", "'");
      }
      q++; // an escaped quote
    }
    throw DECLINE;
  }

  /** `[a, "b", 3]` on one line: plain or quoted items with no colons, no nesting, no trailing comma. */
  private flowSequence(i: number, lineEnd: number): ReadSeq {
    const t = this.text;
    const node: ReadSeq = { kind: 'seq', start: i, items: [] };
    const value: unknown[] = [];
    let j = i + 1;
    const skip = () => {
      while (j < lineEnd && t.charCodeAt(j) === SPACE) j++;
    };
    skip();
    if (t.charCodeAt(j) !== 93 /* ] */) {
      for (;;) {
        skip();
        const c = t.charCodeAt(j);
        const start = j;
        let item: unknown;
        if (c === 34 || c === 39) {
          item = c === 34 ? this.doubleQuoted(j, lineEnd) : this.singleQuoted(j, lineEnd);
          j = this.end;
        } else {
          while (j < lineEnd && !FLOW_STOPS.has(t.charCodeAt(j))) j++;
          const source = t.slice(start, j).trimEnd();
          const first = source.charCodeAt(0);
          if (source === '' || INDICATORS.has(first) || first === DASH || first === 63 || first === COLON)
            throw DECLINE;
          if (source.includes(' #') || source.includes(':')) throw DECLINE;
          item = resolvePlain(source);
        }
        node.items.push({ kind: 'scalar', start, value: item });
        value.push(item);
        skip();
        const sep = t.charCodeAt(j);
        if (sep === 93) break;
        if (sep !== 44 /* , */) throw DECLINE;
        j++;
        skip();
        if (t.charCodeAt(j) === 93) throw DECLINE; // a trailing comma
      }
    }
    this.restIsComment(j + 1, lineEnd);
    this.at++;
    this.value = value;
    return node;
  }

  /** `|`, `|-`, `>` or `>-` and the lines indented below it (keep `+` and indentation digits declined). */
  private blockScalar(i: number, lineEnd: number, indent: number): ReadScalar {
    const t = this.text;
    const header = t.slice(i, lineEnd);
    if (!/^[|>]-? *$/.test(header)) throw DECLINE;
    const literal = header[0] === '|';
    const strip = header[1] === '-';
    const content: string[] = [];
    let k = this.at + 1;
    if (k >= this.count) throw DECLINE;
    const own = this.indents[k]!;
    const firstLength = this.ends[k]! - this.starts[k]!;
    if (firstLength === 0 || own <= indent) throw DECLINE;
    if (own === firstLength) throw DECLINE; // spaces only
    let endsWithBreak = true;
    for (; k < this.last; k++) {
      const start = this.starts[k]!;
      const end = this.ends[k]!;
      if (end === start) {
        content.push('');
        continue;
      }
      const lineIndent = this.indents[k]!;
      if (lineIndent === end - start) throw DECLINE; // a spaces-only line: kept simple
      if (lineIndent < own) break;
      content.push(t.slice(start + own, end));
      if (end === t.length) endsWithBreak = false;
    }
    if (!endsWithBreak) throw DECLINE;
    while (content.length > 0 && content[content.length - 1] === '') content.pop();
    this.at = k;
    let value: string;
    if (literal) value = content.join('\n');
    else {
      if (content.some((c) => c.charCodeAt(0) === SPACE)) throw DECLINE; // more-indented lines
      value = '';
      let breaks = 0;
      for (const c of content) {
        if (c === '') breaks++;
        else {
          if (value !== '') value += breaks > 0 ? '\n'.repeat(breaks) : ' ';
          breaks = 0;
          value += c;
        }
      }
    }
    if (!strip) value += '\n';
    this.value = value;
    return { kind: 'scalar', start: i, value };
  }
}

/** Characters a block plain scalar may not start with. */
const INDICATORS = new Set([...'[]{},#&*!|>\'"%@`'].map((c) => c.charCodeAt(0)));

/** Characters that end a plain item in a flow sequence. */
const FLOW_STOPS = new Set([...',[]{}'].map((c) => c.charCodeAt(0)));

// Model files repeat a few dozen keys thousands of times: each is judged once per process.
const plainKeys = new Map<string, boolean>();

/** A key the yaml package reads as the same string: plain, not a number, bool or null, not special. */
function isPlainStringKey(key: string): boolean {
  let plain = plainKeys.get(key);
  if (plain === undefined) {
    if (plainKeys.size >= 10_000) plainKeys.clear();
    plain = judgeKey(key);
    plainKeys.set(key, plain);
  }
  return plain;
}

function judgeKey(key: string): boolean {
  if (key === '' || key === '<<' || key === '__proto__') return false;
  const c = key.charCodeAt(0);
  if (INDICATORS.has(c) || c === DASH || c === 63 || c === COLON) return false;
  if (key.includes(' #')) return false;
  return typeof resolvePlain(key) === 'string' && !NUMBER_LIKE.test(key);
}

/** Anything the core schema might read as a number: declined unless resolvePlain reads it exactly. */
const NUMBER_LIKE = /^[-+.]?[0-9.]/;

/** A plain scalar's value under the YAML 1.2 core schema, for the forms read exactly; others decline. */
function resolvePlain(source: string): unknown {
  switch (source) {
    case '':
    case '~':
    case 'null':
    case 'Null':
    case 'NULL':
      return null;
    case 'true':
    case 'True':
    case 'TRUE':
      return true;
    case 'false':
    case 'False':
    case 'FALSE':
      return false;
  }
  // Every number form starts with a digit, a sign or a dot: most values (ids, titles) start otherwise.
  const c = source.charCodeAt(0);
  if (!(c >= 48 && c <= 57) && c !== DASH && c !== 43 /* + */ && c !== 46 /* . */) return source;
  if (/^(?:0|-?[1-9][0-9]{0,14})$/.test(source)) return Number(source);
  if (/^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/.test(source)) throw DECLINE;
  if (/^-?(?:0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/.test(source)) return Number(source);
  // Other numbers (octal, hex, exponents, .inf, leading zeros, +signs) and anything close: declined.
  if (NUMBER_LIKE.test(source) && /^[-+.0-9a-fA-FoxXeEinfINFaN_]+$/.test(source)) throw DECLINE;
  return source;
}
