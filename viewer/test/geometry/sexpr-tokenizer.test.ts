// SPDX-License-Identifier: AGPL-3.0-or-later
import { describe, expect, it } from 'vitest';
import { SexprSyntaxError, SexprTokenizer, type SexprHandler } from '../../src/geometry/sexpr-tokenizer.js';

/** Tokens of a text pushed in chunks of the given size, as "( ) atom@line" strings. */
function tokens(text: string, chunk = text.length || 1): string[] {
  const out: string[] = [];
  const handler: SexprHandler = {
    openList: (line) => out.push(`(@${line}`),
    closeList: (line) => out.push(`)@${line}`),
    atom: (value, line) => out.push(`${typeof value}:${String(value)}@${line}`),
  };
  const tokenizer = new SexprTokenizer(handler);
  for (let i = 0; i < text.length; i += chunk) tokenizer.push(text.slice(i, i + chunk));
  tokenizer.end();
  return out;
}

const SAMPLE = `(kicad_pcb (version 20241229)
\t(net 3 "Net-(U1-Pad2)")
\t(pad "01" smd (at -1.25 0.5 90) (size 1e3 .5))
\t(gr_text "two\\nlines \\"quoted\\"
spanning" (at 1 2))
\t(xy 123.456789 -0.000001 1234567890.1234567)
)`;

describe('S-expression tokenizer', () => {
  it('gives the same tokens whatever the chunk size, lines included', () => {
    const whole = tokens(SAMPLE);
    for (const size of [1, 2, 3, 5, 7, 64]) expect(tokens(SAMPLE, size)).toEqual(whole);
  });

  it('skips the atoms of a handler that ignores them, still giving lists and lines', () => {
    const out: string[] = [];
    // Ignores the atoms inside the second list, as the item stream does inside an unwanted item.
    let depth = 0;
    const handler: SexprHandler = {
      openList: (line) => (depth++, out.push(`(@${line}`)),
      closeList: (line) => (depth--, out.push(`)@${line}`)),
      atom: (value, line) => out.push(`${String(value)}@${line}`),
      get ignoresAtoms() {
        return depth >= 2;
      },
    };
    const tokenizer = new SexprTokenizer(handler);
    for (const chunk of ['(root keep (data |AAA', '\nBBB "q\n" CCC|) ', 'tail)']) tokenizer.push(chunk);
    tokenizer.end();
    expect(out).toEqual(['(@1', 'root@1', 'keep@1', '(@1', ')@3', 'tail@3', ')@3']);
  });

  it('parses decimal numbers exactly as Number() does, and keeps names that only look numeric', () => {
    const atoms = tokens(SAMPLE).filter((t) => !t.startsWith('(') && !t.startsWith(')'));
    expect(atoms).toContain('number:20241229@1');
    expect(atoms).toContain('number:-1.25@3');
    expect(atoms).toContain('number:123.456789@6');
    expect(atoms).toContain('number:-0.000001@6');
    expect(atoms).toContain(`number:${Number('1234567890.1234567')}@6`);
    // "01" is a pad name; "1e3" and ".5" are left to the reader to convert.
    expect(atoms).toContain('string:01@3');
    expect(atoms).toContain('string:1e3@3');
    expect(atoms).toContain('string:.5@3');
  });

  it('unescapes strings and counts the lines inside them', () => {
    const all = tokens(SAMPLE);
    expect(all).toContain('string:two\nlines "quoted"\nspanning@4');
    // The string opens on line 4 and ends on line 5, so the (xy …) list is on line 6.
    expect(all).toContain('string:xy@6');
    expect(all.at(-1)).toBe(')@7');
  });

  it('opens a list for a keyword written straight after ")" (a missing "(" KiCad accepts)', () => {
    expect(tokens('(a (b 1)c 2))').join(' ')).toBe(
      '(@1 string:a@1 (@1 string:b@1 number:1@1 )@1 (@1 string:c@1 number:2@1 )@1 )@1',
    );
  });

  it('reports an unclosed string with the line it starts on', () => {
    expect(() => tokens('(a\n"open)\n')).toThrow(SexprSyntaxError);
    try {
      tokens('(a\n"open)\n');
    } catch (error) {
      expect((error as SexprSyntaxError).line).toBe(2);
    }
  });
});
