// The Starlark reader behind the rule-docs test: statements as Starlark's tokenizer splits them.
import { describe, expect, it } from 'vitest';
import { logicalLines } from './starlark/logical-lines.js';
import { parseStatement } from './starlark/starlark-statement.js';

describe('Starlark reader', () => {
  it('joins a statement over brackets and triple-quoted strings, leaving comments out', () => {
    const source = [
      '"""Doc.',
      '',
      'More."""',
      '',
      'x = rule(  # a comment (with a bracket',
      '    attrs = {"a": attr.bool()},',
      ')',
      'def f(a, b = "#not a comment", **kw):',
      '    return a',
    ].join('\n');
    expect(logicalLines(source)).toEqual([
      { indent: 0, line: 1, text: '"""Doc.\n\nMore."""' },
      { indent: 0, line: 5, text: 'x = rule(       attrs = {"a": attr.bool()}, )' },
      { indent: 0, line: 8, text: 'def f(a, b = "#not a comment", **kw):' },
      { indent: 4, line: 9, text: 'return a' },
    ]);
  });

  it('reads calls, dicts, defaults and loads', () => {
    expect(parseStatement('load("//a:b.bzl", _x = "x", "y")', 'f:1')).toEqual({
      kind: 'load',
      module: '//a:b.bzl',
      symbols: [
        { local: '_x', exported: 'x' },
        { local: 'y', exported: 'y' },
      ],
    });
    expect(parseStatement('def f(a, b = [], *args, **kw):', 'f:1')).toMatchObject({
      kind: 'def',
      params: [
        { name: 'a' },
        { name: 'b', default: { kind: 'list', source: '[]' } },
        { star: '*' },
        { star: '**' },
      ],
    });
    expect(parseStatement('r = rule(attrs = dict(_C, **{"n": attr.int(default = 3)}))', 'f:1')).toMatchObject(
      {
        kind: 'assign',
        value: { kind: 'call', callee: { name: 'rule' }, args: [{ name: 'attrs', value: { kind: 'call' } }] },
      },
    );
    // Expressions the API reader does not need still parse.
    expect(parseStatement('x = [f.a for f in y if not f.b] + {k: v for k, v in z.items()}', 'f:1').kind).toBe(
      'assign',
    );
    expect(parseStatement('if a and b not in c:', 'f:1').kind).toBe('header');
  });

  it('names the file and line of a statement it cannot read', () => {
    expect(() => parseStatement('x = = 1', 'rules/x.bzl:7')).toThrow(
      /^rules\/x\.bzl:7: not Starlark the reader knows/,
    );
  });
});
