import type { Claim, ClaimSelector } from '../model/claims.js';
import type { ComposedFile } from '../model/compose-file.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { stringList, type Entity } from '../model/entity.js';

/** The fields through which an entity's rules look at other entities (the trace links). */
const LINK_FIELDS = ['satisfies', 'refines', 'implemented_by', 'mitigates', 'mitigated_by'] as const;

/** Whether two composed files are the same value (positions and diagnostics included). */
export function sameComposedFile(a: ComposedFile, b: ComposedFile): boolean {
  return sameJsonValue(a, b);
}

/**
 * Whether two JSON-like values are the same: equal primitives, or arrays and plain objects with the same
 * keys in the same order and the same values; anything else only when it is the same object. It stops
 * at the first difference (an edited file differs early as often as late) and builds no text.
 */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJsonValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
  return sameEntries(a, b, sameJsonValue);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Same keys in the same order, each value the same by `same(value a, value b, key)`. */
function sameEntries(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  same: (x: unknown, y: unknown, key: string) => boolean,
): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (kb[i] !== k || !same(a[k], b[k], k)) return false;
  }
  return true;
}

/** Whether two lists of diagnostics are the same, in order. */
export function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What one file tells other files' rules, without positions: each entity's id, kind, status and trace
 * links, and the values of its config blocks. Rules of one entity read other entities only through
 * these (docs/incremental.md), so a file whose facts are unchanged cannot change another file's findings.
 */
export function fileLinkFacts(file: ComposedFile): string {
  const parts: unknown[] = [];
  for (const doc of file.documents) {
    if (doc.config) parts.push(['config', doc.config.value]);
    for (const e of doc.entities) parts.push(entityFacts(e));
  }
  return JSON.stringify(parts);
}

/**
 * One file's link facts (fileLinkFacts), put into text only when compared with another revision's: a
 * run that reads the model once (`rr validate`, `rr report`) compares none, so it makes no text, and the
 * composed file is let go once the text is made.
 */
export class LinkFacts {
  private text: string | undefined;

  constructor(private file: ComposedFile | undefined) {}

  /** The facts as text (made once). */
  key(): string {
    if (this.text === undefined) {
      this.text = fileLinkFacts(this.file!);
      this.file = undefined;
    }
    return this.text;
  }
}

/** Whether two files' link facts are the same. */
export function sameLinkFacts(a: LinkFacts, b: LinkFacts): boolean {
  return a === b || a.key() === b.key();
}

/** Whether two lists of files' link facts (the model's, in load order) are the same. */
export function sameLinkFactsLists(a: readonly LinkFacts[], b: readonly LinkFacts[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameLinkFacts(a[i]!, b[i]!)) return false;
  return true;
}

function entityFacts(e: Entity): unknown[] {
  return [e.id, e.kind, e.data.status ?? null, ...LINK_FIELDS.map((f) => stringList(e.data[f]))];
}

/**
 * Whether two lists of claims are the same as the evidence rules and the shared-case rule read them: all
 * of each claim, its entity by id.
 */
export function sameClaims(a: readonly Claim[], b: readonly Claim[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! as unknown as Record<string, unknown>;
    const y = b[i]! as unknown as Record<string, unknown>;
    if (!sameEntries(x, y, claimValue)) return false;
  }
  return true;
}

const claimValue = (x: unknown, y: unknown, key: string): boolean => {
  if (key === 'entity') return (x as Entity).id === (y as Entity).id;
  if (key === 'selectors') return sameSelectors(x as ClaimSelector[], y as ClaimSelector[]);
  return sameJsonValue(x, y);
};

/** Selectors compared as written (the parsed selector is a function of its text), with problem and place. */
function sameSelectors(a: readonly ClaimSelector[], b: readonly ClaimSelector[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.selector.text !== y.selector.text || x.problem !== y.problem) return false;
    // `at` is worked out when read (claims.ts): once per side.
    const [p, q] = [x.at, y.at];
    if (p.line !== q.line || p.column !== q.column || p.file !== q.file) return false;
  }
  return true;
}

/** Whether two maps of claims by target are the same: the same targets in the same order, same claims. */
export function sameClaimsByTarget(
  a: ReadonlyMap<string, readonly Claim[]>,
  b: ReadonlyMap<string, readonly Claim[]>,
): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  const other = b.entries();
  for (const [target, claims] of a) {
    const [t, list] = other.next().value as [string, readonly Claim[]];
    if (t !== target || !sameClaims(claims, list)) return false;
  }
  return true;
}
