// One Starlark statement (a logical line, see logical-lines.ts) read with an Ohm grammar into a small
// syntax tree: the statements and expressions .bzl files declare their API with (load, assignment,
// def, return, calls, dicts, lists, strings). Compound statement headers inside function bodies
// (if, for, else) are recognised and not looked into.
import * as ohm from 'ohm-js';

/** An expression; `source` is its text as written. */
export type Expr =
  | { kind: 'string'; value: string; source: string }
  | { kind: 'name'; name: string; source: string }
  | { kind: 'attr'; object: Expr; name: string; source: string }
  | { kind: 'call'; callee: Expr; args: Arg[]; source: string }
  | { kind: 'dict'; entries: [Expr, Expr][]; source: string }
  | { kind: 'list'; items: Expr[]; source: string }
  | { kind: 'other'; source: string };

/** A call argument: positional, `name = value`, `*value` or `**value`. */
export interface Arg {
  name?: string;
  star?: '*' | '**';
  value: Expr;
}

/** A def's parameter. */
export interface Param {
  name: string;
  star?: '*' | '**';
  default?: Expr;
}

export type Statement =
  | { kind: 'load'; module: string; symbols: { local: string; exported: string }[] }
  | { kind: 'assign'; target: string; value: Expr }
  | { kind: 'def'; name: string; params: Param[] }
  | { kind: 'return'; value: Expr }
  | { kind: 'expr'; value: Expr }
  | { kind: 'header' };

const grammar = ohm.grammar(String.raw`
Starlark {
  Statement = Load | Def | Return | Header | Assign | ExprStmt
  Load = kw<"load"> "(" string ("," LoadSymbol)* ","? ")"
  LoadSymbol = ident "=" string  -- alias
             | string            -- same
  Def = kw<"def"> ident "(" ListOf<Param, ","> ","? ")" ":"
  Param = "**" ident         -- kwargs
        | "*" ident          -- args
        | ident "=" Expr     -- default
        | ident              -- plain
  Return = kw<"return"> Expr?
  Header = (kw<"if"> | kw<"elif"> | kw<"for"> | kw<"while">) (~(":" end) any)* ":"  -- open
         | kw<"else"> ":"                                                        -- else
         | (kw<"pass"> | kw<"break"> | kw<"continue">)                            -- simple
  Assign = ident ("=" | "+=" | "-=" | "|=") Expr
  ExprStmt = Expr

  Expr = Or kw<"if"> Or kw<"else"> Expr  -- cond
       | Or
  Or = Or kw<"or"> And   -- or
     | And
  And = And kw<"and"> Not  -- and
      | Not
  Not = kw<"not"> Not  -- not
      | Comp
  Comp = Comp compOp Sum  -- op
       | Sum
  Sum = Sum ("+" | "-" | "|") Term  -- op
      | Term
  Term = Term ("*" | "//" | "/" | "%") Unary  -- op
       | Unary
  Unary = "-" Unary  -- neg
        | Postfix
  Postfix = Postfix "(" ListOf<Arg, ","> ","? ")"  -- call
          | Postfix "[" Slice "]"                   -- index
          | Postfix "." ident                       -- attr
          | Primary
  Slice = Expr? ":" Expr? (":" Expr?)?  -- range
        | Expr
  Arg = "**" Expr       -- kwargs
      | "*" Expr        -- args
      | ident "=" Expr  -- named
      | Expr            -- positional
  Primary = string+                                -- strings
          | number
          | ident                                  -- name
          | "[" Expr Comprehension+ "]"            -- listComp
          | "[" ListOf<Expr, ","> ","? "]"         -- list
          | "{" Entry Comprehension+ "}"           -- dictComp
          | "{" ListOf<Entry, ","> ","? "}"        -- dict
          | "(" ListOf<Expr, ","> ","? ")"         -- paren
  Entry = Expr ":" Expr
  Comprehension = kw<"for"> ListOf<ident, ","> kw<"in"> Or  -- for
                | kw<"if"> Or                            -- if

  compOp = "==" | "!=" | "<=" | ">=" | "<" | ">" | kw<"in"> | notIn
  notIn = kw<"not"> space+ kw<"in">
  kw<word> = word ~identPart
  keyword = ("and" | "or" | "not" | "in" | "if" | "else" | "elif" | "for" | "while" | "def" | "return"
            | "load" | "lambda" | "pass" | "break" | "continue") ~identPart
  ident = ~keyword identStart identPart*
  identStart = letter | "_"
  identPart = alnum | "_"
  number = digit+ ("." digit+)?
  string = stringPrefix? (longString<"\"\"\""> | longString<"'''"> | shortString<"\""> | shortString<"'">)
  stringPrefix = "r" | "b"
  longString<q> = q (~q stringChar)* q
  shortString<q> = q (~q ~"\n" stringChar)* q
  stringChar = "\\" any  -- escape
             | any         -- plain
}
`);

/** The value of a Starlark string literal (escapes of the common kinds; raw strings as written). */
function stringValue(literal: string): string {
  const raw = /^[rb]/.test(literal) && literal.startsWith('r');
  const body = literal.replace(/^[rb]/, '');
  const q = body.startsWith('"""') || body.startsWith("'''") ? 3 : 1;
  const inner = body.slice(q, body.length - q);
  if (raw) return inner;
  return inner.replace(/\\(.)/gs, (_, c: string) => ({ n: '\n', t: '\t', '\n': '' })[c] ?? c);
}

const semantics = grammar.createSemantics();

semantics.addOperation<unknown>('tree', {
  Load(_load, _open, module, _commas, symbols, _trail, _close) {
    return {
      kind: 'load',
      module: stringValue(module.sourceString),
      symbols: symbols.children.map((s) => s.tree()),
    };
  },
  LoadSymbol_alias(local, _eq, exported) {
    return { local: local.sourceString, exported: stringValue(exported.sourceString) };
  },
  LoadSymbol_same(name) {
    const value = stringValue(name.sourceString);
    return { local: value, exported: value };
  },
  Def(_def, name, _open, params, _trail, _close, _colon) {
    return {
      kind: 'def',
      name: name.sourceString,
      params: params.asIteration().children.map((p) => p.tree()),
    };
  },
  Param_kwargs(_stars, name) {
    return { name: name.sourceString, star: '**' };
  },
  Param_args(_star, name) {
    return { name: name.sourceString, star: '*' };
  },
  Param_default(name, _eq, value) {
    return { name: name.sourceString, default: value.tree() };
  },
  Param_plain(name) {
    return { name: name.sourceString };
  },
  Return(_return, value) {
    return value.children.length > 0
      ? { kind: 'return', value: value.children[0]!.tree() }
      : { kind: 'header' };
  },
  Header_open(_kw, _body, _colon) {
    return { kind: 'header' };
  },
  Header_else(_else, _colon) {
    return { kind: 'header' };
  },
  Header_simple(_kw) {
    return { kind: 'header' };
  },
  Assign(target, _op, value) {
    return { kind: 'assign', target: target.sourceString, value: value.tree() };
  },
  ExprStmt(value) {
    return { kind: 'expr', value: value.tree() };
  },
  Postfix_call(callee, _open, args, _trail, _close) {
    return {
      kind: 'call',
      callee: callee.tree(),
      args: args.asIteration().children.map((a) => a.tree()),
      source: this.sourceString,
    };
  },
  Postfix_attr(object, _dot, name) {
    return { kind: 'attr', object: object.tree(), name: name.sourceString, source: this.sourceString };
  },
  Arg_kwargs(_stars, value) {
    return { star: '**', value: value.tree() };
  },
  Arg_args(_star, value) {
    return { star: '*', value: value.tree() };
  },
  Arg_named(name, _eq, value) {
    return { name: name.sourceString, value: value.tree() };
  },
  Arg_positional(value) {
    return { value: value.tree() };
  },
  Primary_strings(parts) {
    const value = parts.children.map((p) => stringValue(p.sourceString)).join('');
    return { kind: 'string', value, source: this.sourceString };
  },
  Primary_name(name) {
    return { kind: 'name', name: name.sourceString, source: this.sourceString };
  },
  Primary_list(_open, items, _trail, _close) {
    return {
      kind: 'list',
      items: items.asIteration().children.map((i) => i.tree()),
      source: this.sourceString,
    };
  },
  Primary_dict(_open, entries, _trail, _close) {
    return {
      kind: 'dict',
      entries: entries.asIteration().children.map((e) => [e.child(0).tree(), e.child(2).tree()]),
      source: this.sourceString,
    };
  },
  Primary_paren(_open, items, _trail, _close) {
    const list = items.asIteration().children;
    return list.length === 1 && _trail.children.length === 0
      ? list[0]!.tree()
      : { kind: 'other', source: this.sourceString };
  },
  // Expressions whose value the API reader never needs: kept as their text.
  _nonterminal(...children) {
    if (children.length === 1) return children[0]!.tree();
    return { kind: 'other', source: this.sourceString };
  },
  _terminal() {
    return { kind: 'other', source: this.sourceString };
  },
});

/** Reads one logical line; throws naming `where` and what the grammar expected when it cannot. */
export function parseStatement(text: string, where: string): Statement {
  const match = grammar.match(text, 'Statement');
  if (match.failed()) throw new Error(`${where}: not Starlark the reader knows: ${match.shortMessage ?? ''}`);
  return semantics(match).tree() as Statement;
}
