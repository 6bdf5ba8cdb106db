// SPDX-License-Identifier: AGPL-3.0-or-later
// The `.ato` parser: every construct of the language it reads, docstrings and comments, and errors that
// name the file, line and column of a broken source.
import { describe, expect, it } from 'vitest';
import { parseAtoFile } from '../../src/design-sources/ato-parser.js';
import { AtoSyntaxError } from '../../src/design-sources/ato-syntax-error.js';
import type { AtoStatement } from '../../src/design-sources/ato-syntax.js';

const parse = (text: string) => parseAtoFile(text, 'board.ato');
const body = (text: string): AtoStatement[] => parse(text).blocks[0]!.body;

function failure(text: string): AtoSyntaxError {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof AtoSyntaxError) return error;
    throw error;
  }
  throw new Error('parsed');
}

describe('the .ato parser', () => {
  it('reads the three import forms', () => {
    const file = parse(
      [
        'import ElectricPower, Resistor',
        'from "parts/ldo.ato" import LDO, Other',
        'import Header from "connectors.ato"',
        '',
      ].join('\n'),
    );
    expect(file.imports).toEqual([
      { names: ['ElectricPower', 'Resistor'], line: 1, column: 1 },
      { names: ['LDO', 'Other'], from: 'parts/ldo.ato', line: 2, column: 1 },
      { names: ['Header'], from: 'connectors.ato', line: 3, column: 1 },
    ]);
  });

  it('reads modules, components and interfaces with their docstrings, supers and lines', () => {
    const file = parse(
      [
        '"""The file\'s docstring."""',
        '# A regulator.',
        'component LDO:',
        '    """Low dropout',
        '       regulator."""',
        '    pin 1',
        '',
        'interface Power:',
        '    signal vcc',
        'module Board from Base:',
        '    pass',
        'module Empty: pass',
      ].join('\n'),
    );
    expect(file.doc).toBe("The file's docstring.");
    expect(
      file.blocks.map((b) => ({
        kind: b.kind,
        name: b.name,
        ext: b.extends,
        line: b.line,
        end: b.endLine,
        doc: b.doc,
      })),
    ).toEqual([
      { kind: 'component', name: 'LDO', ext: undefined, line: 3, end: 6, doc: 'Low dropout\nregulator.' },
      { kind: 'interface', name: 'Power', ext: undefined, line: 8, end: 9, doc: undefined },
      { kind: 'module', name: 'Board', ext: 'Base', line: 10, end: 11, doc: undefined },
      { kind: 'module', name: 'Empty', ext: undefined, line: 12, end: 12, doc: undefined },
    ]);
    expect(file.blocks[0]!.comment).toBe('A regulator.');
  });

  it('reads instances, arrays, templates, pins, signals and retypes', () => {
    const s = body(
      [
        'module A:',
        '    r1 = new Resistor',
        '    caps = new Capacitor[3]',
        '    x = new Addressor<address_bits=2>',
        '    pin 1',
        '    pin "A3"',
        '    signal sda',
        '    r1 -> R0805',
      ].join('\n'),
    );
    expect(s).toEqual([
      { kind: 'instance', target: 'r1', type: 'Resistor', line: 2, column: 5 },
      { kind: 'instance', target: 'caps', type: 'Capacitor', count: 3, line: 3, column: 5 },
      {
        kind: 'instance',
        target: 'x',
        type: 'Addressor',
        template: { address_bits: '2' },
        line: 4,
        column: 5,
      },
      { kind: 'pin', name: '1', line: 5, column: 5 },
      { kind: 'pin', name: 'A3', line: 6, column: 5 },
      { kind: 'signal', name: 'sda', line: 7, column: 5 },
      { kind: 'retype', target: 'r1', type: 'R0805', line: 8, column: 5 },
    ]);
  });

  it('reads connections, declaring ones, chains and pin references', () => {
    const s = body(
      [
        'module A:',
        '    a.vcc ~ b.vcc',
        '    signal vin ~ pin 1',
        '    x ~> r ~> y',
        '    u.1 ~ gnd; p[0].a ~ q  # two on a line',
      ].join('\n'),
    );
    expect(s).toEqual([
      { kind: 'connect', left: { ref: 'a.vcc' }, right: { ref: 'b.vcc' }, line: 2, column: 5 },
      {
        kind: 'connect',
        left: { ref: 'vin', declares: 'signal' },
        right: { ref: '1', declares: 'pin' },
        line: 3,
        column: 5,
      },
      { kind: 'connect', left: { ref: 'x' }, right: { ref: 'r' }, directed: '~>', line: 4, column: 5 },
      { kind: 'connect', left: { ref: 'r' }, right: { ref: 'y' }, directed: '~>', line: 4, column: 10 },
      { kind: 'connect', left: { ref: 'u.1' }, right: { ref: 'gnd' }, line: 5, column: 5 },
      {
        kind: 'connect',
        left: { ref: 'p[0].a' },
        right: { ref: 'q' },
        line: 5,
        column: 16,
        comment: 'two on a line',
      },
    ]);
  });

  it('reads attributes: strings, quantities, tolerances, ranges, booleans, expressions and declarations', () => {
    const s = body(
      [
        'component R:',
        '    footprint = "R0805"',
        "    mpn = 'RC0805'",
        '    value = 10kohm +/- 5%',
        '    v_in = 3.3V to 5.5V',
        '    c.value = 100nF',
        '    dnp = True',
        '    gain = (r1 + r2) / r2',
        '    v_out: V',
        '    i_max: A = 500mA',
        '    assert v_out within 3V to 3.6V',
        '    trait has_part_picked',
      ].join('\n'),
    );
    expect(
      s.map((x) => (x.kind === 'assign' ? [x.target, x.value.kind, x.value.text, x.unit] : [x.kind])),
    ).toEqual([
      ['footprint', 'string', 'R0805', undefined],
      ['mpn', 'string', 'RC0805', undefined],
      ['value', 'tolerance', '10kohm +/- 5%', undefined],
      ['v_in', 'range', '3.3V to 5.5V', undefined],
      ['c.value', 'quantity', '100nF', undefined],
      ['dnp', 'boolean', 'True', undefined],
      ['gain', 'expression', '(r1 + r2) / r2', undefined],
      ['declare'],
      ['i_max', 'quantity', '500mA', 'A'],
      ['assert'],
      ['trait'],
    ]);
  });

  it('reads for loops, pragmas and comments', () => {
    const file = parse(
      [
        '#pragma experiment("FOR_LOOP")',
        'module A:',
        '    # pull-ups',
        '    for r in [r1, r2]:',
        '        r.p1 ~ vcc',
        '',
      ].join('\n'),
    );
    expect(file.statements[0]).toMatchObject({ kind: 'pragma', line: 1 });
    expect(file.blocks[0]!.body[0]).toMatchObject({
      kind: 'for',
      variable: 'r',
      iterable: '[r1,r2]',
      items: ['r1', 'r2'],
      body: [{ kind: 'connect', left: { ref: 'r.p1' }, right: { ref: 'vcc' }, line: 5 }],
    });
    expect(file.comments).toEqual([{ text: 'pull-ups', line: 3, column: 5 }]);
  });

  it('reads a loop list’s references from the parse tree, and a loop over a slice as no list', () => {
    const loops = body(
      [
        'module A:',
        '    for r in [ leds[0] , bank.r_2 , \\',
        '               r3, ]:',
        '        r.p1 ~ vcc',
        '    for r in resistors[0:2]:',
        '        r.p2 ~ gnd',
        '',
      ].join('\n'),
    );
    expect(loops[0]).toMatchObject({ kind: 'for', items: ['leds[0]', 'bank.r_2', 'r3'] });
    expect(loops[1]).toMatchObject({ kind: 'for', iterable: 'resistors[0:2]' });
    expect(loops[1]).not.toHaveProperty('items');
  });

  it('refuses a broken statement with its file, line and column', () => {
    const e = failure(['module A:', '    r1 = new', '    pass'].join('\n'));
    expect(e.message).toMatch(/^board\.ato:2:\d+: /);
    expect(e.line).toBe(2);
    const bad = failure(['component C:', '    signal vcc ~~ pin 1'].join('\n'));
    expect([bad.line, bad.column]).toEqual([2, 17]);
    expect(bad.reason).toContain('unexpected "~ pin 1"');
  });

  it('refuses an unterminated string and a block header without a colon', () => {
    expect(failure(['module A:', '    footprint = "R0805', ''].join('\n')).line).toBe(2);
    const e = failure(['module A', '    pass'].join('\n'));
    expect([e.line, e.column]).toEqual([1, 9]);
  });

  it('refuses indentation that nests nothing, a header without a body and an unindent to no level', () => {
    const deeper = failure(['module A:', '    pass', '        signal x'].join('\n'));
    expect([deeper.line, deeper.column]).toEqual([3, 9]);
    expect(deeper.reason).toContain('unexpected indentation');
    const missing = failure(['module A:', 'module B:', '    pass'].join('\n'));
    expect(missing.message).toBe(
      'board.ato:2:1: expected an indented block after "module A:" on line 1; indent its body deeper than the header',
    );
    const atEnd = failure(['module A:', ''].join('\n'));
    expect(atEnd.reason).toContain('found the end of the file');
    const unmatched = failure(['module A:', '    signal a', '  signal b'].join('\n'));
    expect([unmatched.line, unmatched.column]).toEqual([3, 3]);
    expect(unmatched.reason).toContain('matches no outer block');
  });
});
