// SPDX-License-Identifier: AGPL-3.0-or-later
// Nests the lines of a `.ato` file into blocks by their indentation, as atopile's lexer does with its
// INDENT and DEDENT tokens: a block header ending in `:` takes the lines indented deeper than it that
// follow; a line indented deeper than its block without a header, an unindent to a level no outer block
// has, and a header whose body is missing are errors with the line and column to fix.
import { AtoSyntaxError } from './ato-syntax-error.js';
import type { AtoBlock, AtoBlockKind, AtoComment, AtoFile, AtoStatement } from './ato-syntax.js';

/** One line as the grammar reads it: its statements, or a block or loop header, and its comment. */
export interface AtoLine {
  kind: 'blank' | 'statements' | 'block' | 'for';
  line: number;
  column: number;
  statements: AtoStatement[];
  header?: {
    blockKind?: AtoBlockKind;
    name?: string;
    extends?: string;
    variable?: string;
    iterable?: string;
    /** The references of a loop over a list (`[r1, r2]`); absent for a slice. */
    items?: string[];
  };
  /** A header followed by its body on the same line (`module A: pass`). */
  inline?: boolean;
  comment?: AtoComment;
}

interface Level {
  indent: string;
  body: AtoStatement[];
  block?: AtoBlock;
}

/** The file's structure from its lines; `input` is the text the lines were read from. */
export function nestAtoLines(lines: AtoLine[], input: string, file: string): AtoFile {
  const starts = [0];
  for (let i = input.indexOf('\n'); i >= 0; i = input.indexOf('\n', i + 1)) starts.push(i + 1);
  const indentOf = (line: number): string => {
    const text = input.slice(starts[line - 1], starts[line] ?? input.length);
    return /^[ \t\f]*/.exec(text)![0];
  };

  const top: AtoStatement[] = [];
  const comments: AtoComment[] = [];
  const stack: Level[] = [{ indent: '', body: top }];
  let pending: { body: AtoStatement[]; block?: AtoBlock; line: number; what: string } | undefined;
  let commentRun: AtoComment[] = [];
  let lastLine = 0;

  for (const item of lines) {
    if (item.comment) comments.push(item.comment);
    if (item.kind === 'blank') {
      commentRun = item.comment ? [...commentRun, item.comment] : [];
      continue;
    }
    const indent = indentOf(item.line);
    const level = stack.at(-1)!;
    const fail = (reason: string) => new AtoSyntaxError(file, item.line, indent.length + 1, reason);
    if (!indent.startsWith(level.indent) && !level.indent.startsWith(indent))
      throw fail(
        'the indentation mixes tabs and spaces differently from the line before; indent with spaces only',
      );
    if (pending) {
      if (!(indent.length > level.indent.length))
        throw fail(
          `expected an indented block after ${pending.what} on line ${pending.line}; indent its body deeper than the header`,
        );
      stack.push({ indent, body: pending.body, ...(pending.block ? { block: pending.block } : {}) });
      pending = undefined;
    } else if (indent.length > level.indent.length) {
      throw fail(
        'unexpected indentation: only the body of a module, component, interface or for loop is indented deeper than the line before',
      );
    } else if (indent.length < level.indent.length) {
      while (stack.length > 1 && stack.at(-1)!.indent.length > indent.length) stack.pop();
      if (stack.at(-1)!.indent !== indent)
        throw fail(
          'this line is indented less than its block but matches no outer block; line it up with one',
        );
    }

    const body = stack.at(-1)!.body;
    const statements = item.statements;
    if (item.comment && statements.length > 0) statements.at(-1)!.comment = item.comment.text;
    if (item.kind === 'block' || item.kind === 'for') {
      const h = item.header!;
      const blockBody: AtoStatement[] = [];
      let what: string;
      let block: AtoBlock | undefined;
      if (item.kind === 'block') {
        block = {
          kind: h.blockKind!,
          name: h.name!,
          ...(h.extends ? { extends: h.extends } : {}),
          line: item.line,
          column: item.column,
          endLine: item.line,
          body: blockBody,
          ...(commentRun.length > 0 ? { comment: commentRun.map((c) => c.text).join('\n') } : {}),
        };
        body.push({ kind: 'block', block, line: item.line, column: item.column });
        what = `"${h.blockKind} ${h.name}:"`;
      } else {
        body.push({
          kind: 'for',
          variable: h.variable!,
          iterable: h.iterable!,
          ...(h.items ? { items: h.items } : {}),
          body: blockBody,
          line: item.line,
          column: item.column,
        });
        what = `"for ${h.variable} in ${h.iterable}:"`;
      }
      blockBody.push(...statements);
      if (!item.inline) pending = { body: blockBody, line: item.line, what, ...(block ? { block } : {}) };
    } else {
      body.push(...statements);
    }
    for (const l of stack) if (l.block) l.block.endLine = item.line;
    lastLine = item.line;
    commentRun = [];
  }
  if (pending)
    throw new AtoSyntaxError(
      file,
      lastLine + 1,
      1,
      `expected an indented block after ${pending.what} on line ${pending.line}, found the end of the file`,
    );
  return fileOf(file, top, comments, starts.length - 1);
}

function fileOf(file: string, top: AtoStatement[], comments: AtoComment[], lineCount: number): AtoFile {
  const blocks: AtoBlock[] = [];
  const statements: AtoStatement[] = [];
  const imports = collectImports(top);
  for (const s of top) {
    if (s.kind === 'block') blocks.push(s.block);
    else if (s.kind !== 'import') statements.push(s);
  }
  blocks.forEach(setDocs);
  const first = top[0];
  return {
    file,
    ...(first?.kind === 'doc' ? { doc: first.text } : {}),
    imports,
    blocks,
    statements,
    comments,
    lineCount,
  };
}

function collectImports(body: AtoStatement[]): AtoFile['imports'] {
  return body.flatMap((s) =>
    s.kind === 'import' ? [s.import] : s.kind === 'block' ? collectImports(s.block.body) : [],
  );
}

function setDocs(block: AtoBlock): void {
  const first = block.body[0];
  if (first?.kind === 'doc') block.doc = first.text;
  for (const s of block.body) if (s.kind === 'block') setDocs(s.block);
}
