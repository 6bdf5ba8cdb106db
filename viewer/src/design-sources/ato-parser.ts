// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads `.ato` text into the structure of ato-syntax.ts with the Ohm grammar of ato-grammar.ts: the
// grammar yields the file's lines, each with its statements, and ato-blocks.ts nests them into blocks by
// indentation. Text the grammar does not accept, and indentation that nests nothing, is an
// AtoSyntaxError naming the file, line and column and what to write there.

import type { IterationNode, Node } from 'ohm-js';
import { atoGrammar } from './ato-grammar.js';
import { nestAtoLines, type AtoLine } from './ato-blocks.js';
import { AtoSyntaxError } from './ato-syntax-error.js';
import type { AtoEndpoint, AtoFile, AtoImport, AtoStatement, AtoValue } from './ato-syntax.js';

const semantics = atoGrammar.createSemantics();

/** The value of an Ohm operation; Ohm types operations as `any`, each caller names what its rule yields. */
function run<T>(node: Node, operation: 'line' | 'stmts' | 'value' | 'endpoint'): T {
  return (node as unknown as Record<string, () => T>)[operation]!();
}

function at(node: Node): { line: number; column: number } {
  const { lineNum, colNum } = node.source.getLineAndColumn();
  return { line: lineNum, column: colNum };
}

/** Source text without the spaces the syntactic rules let through (`a . b` is `a.b`). */
function compact(node: Node): string {
  return node.sourceString.replace(/[ \t\f]+|\\\r?\n/g, '');
}

/** A string literal's content without its quotes; escapes are kept as written. */
function unquote(text: string): string {
  const long = text.startsWith('"""') || text.startsWith("'''");
  return long ? text.slice(3, -3) : text.slice(1, -1);
}

/** The docstring as people read it: common indentation and surrounding blank lines removed. */
function docText(text: string): string {
  const lines = unquote(text).split(/\r?\n/);
  const indents = lines
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.length - l.trimStart().length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(common).trimEnd())].join('\n').trim();
}

function optional(node: IterationNode): Node | undefined {
  return node.children[0];
}

function importOf(node: Node, names: string[], from?: string): AtoStatement {
  const imp: AtoImport = { ...at(node), names, ...(from !== undefined ? { from } : {}) };
  return { kind: 'import', import: imp, ...at(node) };
}

semantics.addOperation<unknown>('line', {
  File(lines: IterationNode, _end) {
    return lines.children.map((l) => run<AtoLine>(l, 'line'));
  },
  Line(content: IterationNode, comment: IterationNode, _nl) {
    const c = optional(comment);
    const body = optional(content);
    const line: AtoLine = body
      ? { ...run<AtoLine>(body, 'line') }
      : { kind: 'blank', line: at(this).line, column: 1, statements: [] };
    if (c) line.comment = { ...at(c), text: c.sourceString.slice(1).trim() };
    return line;
  },
  Pragma(p: Node) {
    return { kind: 'statements', ...at(p), statements: [{ kind: 'pragma', text: p.sourceString, ...at(p) }] };
  },
  BlockHeader(type: Node, name: Node, superNode: IterationNode, _colon, inline: IterationNode) {
    const s = optional(superNode);
    const stmts = optional(inline);
    return {
      kind: 'block',
      ...at(type),
      header: {
        blockKind: type.sourceString as 'module',
        name: name.sourceString,
        ...(s ? { extends: s.children[1]!.sourceString } : {}),
      },
      statements: stmts ? run<AtoStatement[]>(stmts, 'stmts') : [],
      inline: stmts !== undefined,
    };
  },
  ForHeader(_for, variable: Node, _in, iterable: Node, _colon, inline: IterationNode) {
    const stmts = optional(inline);
    // Iterable = ListOfRefs | SlicedRef; a list's references are its ListOf's items.
    const form = iterable.children[0]!;
    const items =
      form.ctorName === 'ListOfRefs' ? form.children[1]!.asIteration().children.map(compact) : undefined;
    return {
      kind: 'for',
      ...at(_for),
      header: { variable: variable.sourceString, iterable: compact(iterable), ...(items ? { items } : {}) },
      statements: stmts ? run<AtoStatement[]>(stmts, 'stmts') : [],
      inline: stmts !== undefined,
    };
  },
  SimpleStmts(list: Node, _semi) {
    return { kind: 'statements', ...at(list), statements: run<AtoStatement[]>(list, 'stmts') };
  },
});

semantics.addOperation<AtoStatement[]>('stmts', {
  SimpleStmts(list: Node, _semi) {
    return run<AtoStatement[]>(list, 'stmts');
  },
  NonemptyListOf(first: Node, _seps, rest: IterationNode) {
    return [first, ...rest.children].flatMap((s) => run<AtoStatement[]>(s, 'stmts'));
  },
  DepImportStmt(kw: Node, path: Node, _from, file: Node) {
    return [importOf(kw, [compact(path)], unquote(file.sourceString))];
  },
  ImportStmt(from: IterationNode, kw: Node, list: Node) {
    const f = optional(from);
    const names = list.asIteration().children.map((n) => compact(n));
    return [importOf(f ?? kw, names, f ? unquote(f.children[1]!.sourceString) : undefined)];
  },
  AssertStmt(kw: Node, _a, _ops) {
    return [{ kind: 'assert', text: compactSpaces(this.sourceString.slice(6)), ...at(kw) }];
  },
  PassStmt(kw: Node) {
    return [{ kind: 'pass', ...at(kw) }];
  },
  TraitStmt(kw: Node, _what, _ctor, _template) {
    return [{ kind: 'trait', text: compactSpaces(this.sourceString.slice(5)), ...at(kw) }];
  },
  AssignStmt(target: Node, _eq, value: Node) {
    const form = target.children[0]!;
    const t = form.children[0]!;
    const unit = form.ctorName === 'AssignTarget_declared' ? compact(form.children[2]!) : undefined;
    const v = run<AtoValue>(value, 'value');
    const where = at(target);
    if (v.kind === 'new') {
      const n = value.children[0]!;
      const count = optional(n.children[2] as IterationNode);
      const template = optional(n.children[3] as IterationNode);
      return [
        {
          kind: 'instance',
          target: compact(t),
          type: n.children[1]!.sourceString,
          ...(count ? { count: Number(compact(count.children[1]!)) } : {}),
          ...(template ? { template: templateArgs(template) } : {}),
          ...where,
        },
      ];
    }
    return [
      { kind: 'assign', target: compact(t), value: v, operator: '=', ...(unit ? { unit } : {}), ...where },
    ];
  },
  CumAssignStmt(target: Node, op: Node, value: Node) {
    return [
      {
        kind: 'assign',
        target: compact(target),
        value: run<AtoValue>(value, 'value'),
        operator: op.sourceString,
        ...at(target),
      },
    ];
  },
  DirectedConnectStmt(left: Node, wire: Node, right: Node) {
    const l = run<AtoEndpoint>(left, 'endpoint');
    const directed = wire.sourceString as '~>' | '<~';
    if (right.ctorName === 'DirectedConnectStmt') {
      const rest = run<AtoStatement[]>(right, 'stmts');
      const first = rest[0] as Extract<AtoStatement, { kind: 'connect' }>;
      return [{ kind: 'connect', left: l, right: first.left, directed, ...at(left) }, ...rest];
    }
    return [{ kind: 'connect', left: l, right: run<AtoEndpoint>(right, 'endpoint'), directed, ...at(left) }];
  },
  ConnectStmt(left: Node, _wire, right: Node) {
    return [
      {
        kind: 'connect',
        left: run<AtoEndpoint>(left, 'endpoint'),
        right: run<AtoEndpoint>(right, 'endpoint'),
        ...at(left),
      },
    ];
  },
  RetypeStmt(target: Node, _arrow, type: Node) {
    return [{ kind: 'retype', target: compact(target), type: type.sourceString, ...at(target) }];
  },
  PinDeclaration(kw: Node, name: Node) {
    return [{ kind: 'pin', name: pinName(name), ...at(kw) }];
  },
  SignalDeclaration(kw: Node, name: Node) {
    return [{ kind: 'signal', name: name.sourceString, ...at(kw) }];
  },
  DeclarationStmt(target: Node, _colon, unit: Node) {
    return [{ kind: 'declare', target: compact(target), unit: compact(unit), ...at(target) }];
  },
  StringStmt(text: Node) {
    return [{ kind: 'doc', text: docText(text.sourceString), ...at(text) }];
  },
});

semantics.addOperation<AtoEndpoint>('endpoint', {
  Connectable(inner: Node) {
    if (inner.ctorName === 'PinDeclaration') return { ref: pinName(inner.children[1]!), declares: 'pin' };
    if (inner.ctorName === 'SignalDeclaration')
      return { ref: inner.children[1]!.sourceString, declares: 'signal' };
    return { ref: compact(inner) };
  },
});

semantics.addOperation<AtoValue>('value', {
  Assignable(inner: Node) {
    const text = compactSpaces(inner.sourceString);
    switch (inner.ctorName) {
      case 'string':
        return { kind: 'string', text: unquote(inner.sourceString) };
      case 'NewStmt':
        return { kind: 'new', text };
      case 'Boolean':
        return { kind: 'boolean', text };
      default:
        return { kind: physicalKind(inner), text };
    }
  },
});

/** A bare quantity, range or tolerance is named so; anything else is an expression. */
function physicalKind(arith: Node): AtoValue['kind'] {
  // Arith → Sum → Term → Power → Atom → Physical: descend while each level holds one thing.
  let node: Node = arith;
  for (;;) {
    switch (node.ctorName) {
      case 'Physical_bound':
        return 'range';
      case 'Physical_bilateral':
        return 'tolerance';
      case 'Physical_single':
        return 'quantity';
      case 'Power':
        if ((node.children[1] as IterationNode).children.length > 0) return 'expression';
        node = node.children[0]!;
        break;
      default:
        if (node.children.length !== 1) return 'expression';
        node = node.children[0]!;
    }
  }
}

function pinName(node: Node): string {
  return node.ctorName === 'string' ? unquote(node.sourceString) : node.sourceString;
}

function templateArgs(template: Node): Record<string, string> {
  const list = template.children[1]!.asIteration().children;
  return Object.fromEntries(
    list.map((arg) => [arg.children[0]!.sourceString, compactSpaces(arg.children[2]!.sourceString)]),
  );
}

function compactSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Parses one `.ato` file; throws AtoSyntaxError (file:line:column: what to fix). */
export function parseAtoFile(text: string, file: string): AtoFile {
  const source = text.replace(/^\uFEFF/, '');
  // Every line ends with a line break in the grammar; a last line without one still counts.
  const input = source.endsWith('\n') ? source : source + '\n';
  const match = atoGrammar.match(input, 'File');
  if (match.failed()) {
    const offset = match.getRightmostFailurePosition();
    const { line, column } = lineAndColumn(input, offset);
    const end = input.indexOf('\n', offset);
    const found = input
      .slice(offset, end < 0 ? undefined : end)
      .trim()
      .slice(0, 40);
    throw new AtoSyntaxError(
      file,
      line,
      column,
      `${found ? `unexpected "${found}"` : 'unexpected end of line'}: expected ${expectedText(match.getExpectedText())}`,
    );
  }
  const lines = (semantics(match) as unknown as { line(): AtoLine[] }).line();
  return nestAtoLines(lines, input, file);
}

/** Ohm lists every token it would take; people need the first few. */
function expectedText(text: string): string {
  const parts = text.split(/, | or /);
  return parts.length > 6 ? `${parts.slice(0, 6).join(', ')} or …` : text;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}
