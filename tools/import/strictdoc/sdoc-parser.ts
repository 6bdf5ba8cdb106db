// Turns StrictDoc text into the syntax of sdoc-syntax.ts with the Ohm grammar of sdoc-grammar.ts. A file
// the grammar does not accept is an error naming its line and column and what was expected there.
import type { Dict, IterationNode, Node, TerminalNode } from 'ohm-js';
import { LineIndex } from '../../sources/line-index.js';
import { ImportInputError } from '../imported-model/import-error.js';
import { sdocGrammar } from './sdoc-grammar.js';
import type {
  GrammarElement,
  SdocDocument,
  SdocField,
  SdocGrammar,
  SdocItem,
  SdocNode,
  SdocRelation,
} from './sdoc-syntax.js';

type Entry = { name: string; value: string; line: number };

const semantics = sdocGrammar.createSemantics();

/** `[[TAG]]` … `[[/TAG]]` and the older `[COMPOSITE_TAG]` … `[/COMPOSITE_TAG]` read alike. */
function compositeAction(
  open: Node,
  tag: Node,
  _close: Node,
  _space: Node,
  _nl: Node,
  fields: IterationNode,
  relations: IterationNode,
  list: Node,
  _blanks: Node,
  _endOpen: Node,
  endTag: Node,
  _endClose: Node,
  _space2: Node,
  _nl2: Node,
): SdocNode {
  checkEndTag(tag, endTag);
  return composite(open, tag.sourceString, fields, relations, list);
}

/**
 * The `ast` operation's value for a node. Ohm types semantic operations as `any`; each action below
 * builds one syntax type, and the caller names the one its rule yields.
 */
function ast<T>(node: Node | Dict): T {
  return (node as { ast(): unknown }).ast() as T;
}

/**
 * The lines of the text being turned into syntax. Ohm's getLineAndColumn counts lines from the start
 * of the text on every call, once per node and field; this finds the line starts once per text.
 */
let lineIndex: LineIndex | undefined;

function lineOf(node: Node): number {
  return lineIndex!.position(node.source.startIdx).line;
}

function items(list: IterationNode): SdocItem[] {
  return list.children.map((c) => ast<SdocItem>(c));
}

semantics.addOperation<unknown>('ast', {
  document(_b, head: Node, list: Node, _b2, _end) {
    const doc = ast<SdocDocument>(head);
    doc.items = ast<SdocItem[]>(list);
    return doc;
  },
  fragment(_b, _tag, _nl, list: Node, _b2, _end) {
    return { head: [], items: ast<SdocItem[]>(list) } satisfies SdocDocument;
  },
  grammarFile(_b, block: Node, _b2, _end) {
    return ast<SdocGrammar>(block);
  },
  documentHead(_tag, _nl, entries: IterationNode, _blanks, grammar: IterationNode) {
    const doc: SdocDocument = { head: entries.children.map((e) => ast<Entry>(e)), items: [] };
    const g = grammar.children[0];
    if (g !== undefined) doc.grammar = ast<SdocGrammar>(g);
    return doc;
  },
  headEntry(key: Node, _colon, value: Node, _nl, nested: IterationNode) {
    const lines = nested.children.map((n) => n.sourceString.replace(/\r?\n$/, ''));
    const own = ast<string>(value);
    return {
      name: key.sourceString,
      value: [own, ...lines].filter((l) => l !== '').join('\n'),
      line: lineOf(key),
    };
  },
  grammarBlock(_tag, _nl, body: Node) {
    return ast<SdocGrammar>(body);
  },
  importFromFile(key: Node, _space, file: Node, _nl) {
    return { elements: [], importFromFile: { file: file.sourceString.trim(), line: lineOf(key) } };
  },
  elementList(_key, _nl, elements: IterationNode) {
    return { elements: elements.children.map((e) => ast<GrammarElement>(e)) } satisfies SdocGrammar;
  },
  grammarElement(start: Node, _space, tag: Node, _space2, _nl, parts: IterationNode) {
    const element: GrammarElement = {
      tag: tag.sourceString,
      fields: [],
      relations: [],
      composite: false,
      line: lineOf(start),
    };
    for (const part of parts.children) {
      const { name, listed, properties } = ast<ElementPart>(part);
      if (name === 'FIELDS') {
        for (const item of listed) {
          element.fields.push({
            title: item.TITLE ?? '',
            type: item.TYPE ?? 'String',
            required: item.REQUIRED === 'True',
          });
        }
      } else if (name === 'RELATIONS') {
        for (const item of listed) {
          const relation: { type: string; role?: string } = { type: item.TYPE ?? '' };
          if (item.ROLE !== undefined) relation.role = item.ROLE;
          element.relations.push(relation);
        }
      } else if (name === 'PROPERTIES') {
        element.composite = properties.IS_COMPOSITE === 'True';
      }
    }
    return element;
  },
  elementPart(_indent, key: Node, _colon, _space, _nl, entries: IterationNode) {
    const part: ElementPart = { name: key.sourceString, listed: [], properties: {} };
    for (const entry of entries.children) {
      const value = ast<Record<string, string> | Entry>(entry);
      if ('line' in value && typeof value.line === 'number') part.properties[value.name] = value.value;
      else part.listed.push(value as Record<string, string>);
    }
    return part;
  },
  elementItem(_dash, key: Node, _colon, value: Node, _nl, properties: IterationNode) {
    const item: Record<string, string> = { [key.sourceString]: ast<string>(value) };
    for (const p of properties.children) {
      const { name, value: v } = ast<Entry>(p);
      item[name] = v;
    }
    return item;
  },
  elementProperty(_indent, key: Node, _colon, value: Node, _nl) {
    return { name: key.sourceString, value: ast<string>(value), line: lineOf(key) };
  },
  itemList(_blanks, list: IterationNode) {
    return items(list);
  },
  section(tag: Node, _nl, fields: IterationNode, list: Node, _blanks, _end, _space, _nl2) {
    return composite(tag, 'SECTION', fields, undefined, list);
  },
  compositeNode: compositeAction,
  oldComposite: compositeAction,
  include(open: Node, _tag, _close, _space, _nl, _file, _space2, file: Node, _nl2) {
    return { kind: 'include', file: file.sourceString.trim(), line: lineOf(open) } satisfies SdocItem;
  },
  freeText(open: Node, _nl, lines: IterationNode, _end, _space, _nl2) {
    const text = lines.children.map((l) => l.sourceString.replace(/\r?\n$/, '')).join('\n');
    const node: SdocNode = {
      kind: 'node',
      tag: 'FREETEXT',
      fields: [{ name: 'STATEMENT', value: text, line: lineOf(open) + 1 }],
      relations: [],
      children: [],
      line: lineOf(open),
    };
    return node;
  },
  leafNode(open: Node, tag: Node, _close, _space, _nl, fields: IterationNode, relations: IterationNode) {
    const node: SdocNode = {
      kind: 'node',
      tag: tag.sourceString,
      fields: fields.children.map((f) => ast<SdocField>(f)),
      relations: relationsOf(relations),
      children: [],
      line: lineOf(open),
    };
    return node;
  },
  field(key: Node, _colon, value: Node) {
    return { name: key.sourceString, value: ast<string>(value), line: lineOf(key) } satisfies SdocField;
  },
  fieldValue_multiLine(_space, text: Node, _space2, _nl) {
    return ast<string>(text);
  },
  fieldValue_singleLine(_space, text: Node, _nl) {
    return text.sourceString.trimEnd();
  },
  fieldValue_empty(_space, _nl) {
    return '';
  },
  multiLine(_open, _space, _nl, text: Node, _close) {
    // The lines between the markers, without the line break before `<<<`.
    return text.sourceString.replace(/\r?\n$/, '').replace(/\r\n/g, '\n');
  },
  relations(_key, _colon, _space, _nl, list: IterationNode) {
    return list.children.map((r) => ast<SdocRelation>(r));
  },
  relation(dash: Node, key: Node, _colon, value: Node, _nl, properties: IterationNode) {
    const relation: SdocRelation = { type: '', properties: {}, line: lineOf(dash) };
    const first = ast<string>(value);
    if (key.sourceString === 'TYPE') relation.type = first;
    else relation.properties[key.sourceString] = first;
    for (const p of properties.children) {
      const { name, value: v } = ast<Entry>(p);
      if (name === 'TYPE') relation.type = v;
      else relation.properties[name] = v;
    }
    return relation;
  },
  relationProperty(_indent, key: Node, _colon, value: Node, _nl) {
    return { name: key.sourceString, value: ast<string>(value), line: lineOf(key) };
  },
  inlineValue(_space, text: Node) {
    return text.sourceString.trimEnd();
  },
  _terminal(this: TerminalNode) {
    return this.sourceString;
  },
  _iter(...children: Node[]) {
    return children.map((c) => ast<unknown>(c));
  },
});

interface ElementPart {
  name: string;
  listed: Record<string, string>[];
  properties: Record<string, string>;
}

function relationsOf(relations: IterationNode | undefined): SdocRelation[] {
  const list = relations?.children[0];
  return list === undefined ? [] : ast<SdocRelation[]>(list);
}

function composite(
  open: Node,
  tag: string,
  fields: IterationNode,
  relations: IterationNode | undefined,
  list: Node,
): SdocNode {
  return {
    kind: 'node',
    tag,
    fields: fields.children.map((f) => ast<SdocField>(f)),
    relations: relationsOf(relations),
    children: ast<SdocItem[]>(list),
    line: lineOf(open),
  };
}

/** `[[REQUIREMENT]]` must end with `[[/REQUIREMENT]]`: a grammar of one tag cannot say so. */
function checkEndTag(open: Node, end: Node): void {
  if (open.sourceString !== end.sourceString) {
    const { lineNum, colNum } = end.source.getLineAndColumn();
    throw new EndTagMismatch(
      `the node [[${open.sourceString}]] (line ${lineOf(open)}) ends with [[/${end.sourceString}]]; end it with [[/${open.sourceString}]]`,
      lineNum,
      colNum,
    );
  }
}

class EndTagMismatch extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Parses a `.sdoc` document (or `[FRAGMENT]`); throws ImportInputError naming file, line and column. */
export function parseSdocDocument(text: string, file: string): SdocDocument {
  const rule = /^\s*\[FRAGMENT\]/.test(text) ? 'fragment' : 'document';
  return parse(text, file, rule, 'a StrictDoc document') as SdocDocument;
}

/** Parses a `.sgra` grammar file. */
export function parseSdocGrammarFile(text: string, file: string): SdocGrammar {
  return parse(text, file, 'grammarFile', 'a StrictDoc grammar file') as SdocGrammar;
}

function parse(text: string, file: string, rule: string, what: string): unknown {
  // Lines end with a line break in the grammar; a last line without one still counts.
  const source = text.replace(/^\uFEFF/, '');
  const input = source.endsWith('\n') ? source : source + '\n';
  const match = sdocGrammar.match(input, rule);
  if (match.failed()) {
    const at = lineAndColumn(input, match.getRightmostFailurePosition());
    const found = input.slice(at.offset, input.indexOf('\n', at.offset)).slice(0, 40);
    throw new ImportInputError(
      file,
      `not ${what}: expected ${match.getExpectedText()}${found ? `, found "${found}"` : ''}; fix the file so StrictDoc reads it too`,
      at.line,
      at.column,
    );
  }
  lineIndex = new LineIndex(input);
  try {
    return ast<unknown>(semantics(match));
  } catch (error) {
    if (error instanceof EndTagMismatch)
      throw new ImportInputError(file, error.message, error.line, error.column);
    throw error;
  } finally {
    lineIndex = undefined;
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number; offset: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1, offset };
}
