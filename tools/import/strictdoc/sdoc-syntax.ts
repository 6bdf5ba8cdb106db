// What a StrictDoc file says, as read by the grammar in sdoc-grammar.ts: documents with their grammar,
// sections, nodes with their fields and relations, and includes. No meaning is given to any of it here.

/** One `NAME: value` field of a node; multi-line values come from `>>>` … `<<<` blocks. */
export interface SdocField {
  name: string;
  value: string;
  line: number;
}

/** One item under RELATIONS: its TYPE and the other keys (VALUE, ROLE, FORMAT, …). */
export interface SdocRelation {
  type: string;
  properties: Record<string, string>;
  line: number;
}

/** A node: `[TAG]`, a composite `[[TAG]]` … `[[/TAG]]`, or a section. */
export interface SdocNode {
  kind: 'node';
  tag: string;
  fields: SdocField[];
  relations: SdocRelation[];
  /** nodes inside a section or composite node */
  children: SdocItem[];
  line: number;
}

/** `[DOCUMENT_FROM_FILE]` or `[FRAGMENT_FROM_FILE]`. */
export interface SdocInclude {
  kind: 'include';
  file: string;
  line: number;
}

export type SdocItem = SdocNode | SdocInclude;

/** A field of a grammar element: `- TITLE: NAME` with TYPE, REQUIRED and the rest. */
export interface GrammarField {
  title: string;
  type: string;
  required: boolean;
}

/** One element of a grammar: a node tag with its fields and the relations it may have. */
export interface GrammarElement {
  tag: string;
  fields: GrammarField[];
  relations: { type: string; role?: string }[];
  composite: boolean;
  line: number;
}

/** A `[GRAMMAR]` block: its own elements, or the `.sgra` file it imports. */
export interface SdocGrammar {
  elements: GrammarElement[];
  importFromFile?: { file: string; line: number };
}

/** A `[DOCUMENT]` (or a `[FRAGMENT]`, which has no head) with everything in it. */
export interface SdocDocument {
  /** head entries in order: TITLE, UID, REQ_PREFIX, OPTIONS (nested lines kept as text), … */
  head: { name: string; value: string; line: number }[];
  grammar?: SdocGrammar;
  items: SdocItem[];
}
