// SPDX-License-Identifier: AGPL-3.0-or-later
// The board as a tree of atoms as written (for the simulator, which writes boards back): the geometry
// reader's tokenizer in source mode, its checks and its error messages.
import { describe, expect, it } from 'vitest';
import { BoardReadError } from '../../src/geometry/board-read-error.js';
import { readKicadBoardTree } from '../../src/geometry/kicad-board-tree.js';
import { parseSourceTree } from '../../src/geometry/sexpr-source-tree.js';
import { SexprTokenizer } from '../../src/geometry/sexpr-tokenizer.js';

describe('the board as written', () => {
  it('keeps every atom as written: quotes, escapes, number spellings', () => {
    const text =
      '(kicad_pcb (version 20241229)\n\t(net 3 "Net-(U1-Pad2)")\n\t(gr_text "a \\"b\\"\\n" (at 1.50 -0 90.0))\n)';
    expect(readKicadBoardTree(text, 'x.kicad_pcb')).toEqual([
      'kicad_pcb',
      ['version', '20241229'],
      ['net', '3', '"Net-(U1-Pad2)"'],
      ['gr_text', '"a \\"b\\"\\n"', ['at', '1.50', '-0', '90.0']],
    ]);
  });

  it('gives the same atoms whatever the chunk size', () => {
    const text = '(a "long quoted string" 123.456 (b c))';
    const whole = parseSourceTree(text);
    for (const size of [1, 2, 5]) {
      const atoms: string[] = [];
      const tokenizer = new SexprTokenizer(
        {
          openList: () => atoms.push('('),
          closeList: () => atoms.push(')'),
          atom: (v) => atoms.push(String(v)),
        },
        { atoms: 'source' },
      );
      for (let i = 0; i < text.length; i += size) tokenizer.push(text.slice(i, i + size));
      tokenizer.end();
      expect(atoms.join(' ')).toBe('( a "long quoted string" 123.456 ( b c ) )');
    }
    expect(whole).toEqual(['a', '"long quoted string"', '123.456', ['b', 'c']]);
  });

  it('accepts what KiCad accepts: a byte order mark, a keyword whose ( is missing', () => {
    expect(readKicadBoardTree('\ufeff(kicad_pcb (zone (fill (x no)y 1))))', 'b.kicad_pcb')).toEqual([
      'kicad_pcb',
      ['zone', ['fill', ['x', 'no'], ['y', '1']]],
    ]);
  });

  it('says what is wrong, with the file and line, as the geometry reader does', () => {
    const cases: [string, string][] = [
      [
        '(kicad_pcb (version 1)\n  (footprint "x"\n',
        'b.kicad_pcb:3: malformed board: the file ends inside (footprint …), which opens at line 2 (2 list(s) still open): the file is truncated',
      ],
      [
        '(kicad_sch (version 1))',
        'b.kicad_pcb:1: not a KiCad board: the file is a (kicad_sch …) S-expression',
      ],
      [
        'PCBNEW-BOARD Version 1',
        'b.kicad_pcb:1: not a KiCad board: a .kicad_pcb file starts with "(kicad_pcb"',
      ],
      ['  \n', 'b.kicad_pcb:1: the file is empty'],
      ['(kicad_pcb) (extra)', 'b.kicad_pcb:1: malformed board: text after the end of the root list'],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        readKicadBoardTree(text, 'b.kicad_pcb');
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(BoardReadError);
      expect((error as Error).message, text).toContain(message);
    }
  });
});
