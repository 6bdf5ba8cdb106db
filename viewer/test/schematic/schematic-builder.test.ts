// SPDX-License-Identifier: AGPL-3.0-or-later
// The schematic builder: components drawn with their library symbol from --parts when it has every pad
// (real pins at their sides, units side by side), a generic box otherwise; constraints applied to nets;
// a constraints file with an error named by file and line.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NetlistGraphError } from '../../src/netlist/netlist-graph-error.js';
import type { NetlistGraph } from '../../src/netlist/netlist-graph.js';
import { readDesignConstraints } from '../../src/schematic/design-constraints.js';
import { readSymbolLibraries } from '../../src/schematic/kicad-symbol-library.js';
import { buildSchematic } from '../../src/schematic/schematic-builder.js';
import { tempDir } from '../temp-dir.js';

const LIBRARY = `(kicad_symbol_lib (version 20231120) (generator "test")
  (symbol "Buffer"
    (symbol "Buffer_0_1" (rectangle (start -5.08 5.08) (end 5.08 -5.08)))
    (symbol "Buffer_1_1"
      (pin input line (at -7.62 2.54 0) (length 2.54) (name "A" (effects)) (number "1" (effects)))
      (pin output line (at 7.62 2.54 180) (length 2.54) (name "Y" (effects)) (number "2" (effects)))
      (pin power_in line (at 0 7.62 270) (length 2.54) (name "VCC" (effects)) (number "3" (effects)))
      (pin power_in line (at 0 -7.62 90) (length 2.54) (name "GND" (effects)) (number "4" (effects)))))
  (symbol "Buffer2" (extends "Buffer"))
)`;

function graph(): NetlistGraph {
  const pins = ['1', '2', '3', '4'].map((pad) => ({ pad }));
  return {
    schema: 'pnr-netlist-graph-v1',
    components: [
      {
        ref: 'U1',
        address: 'io.U1',
        value: 'x',
        footprint: 'f',
        symbol: { library: 'logic', name: 'Buffer' },
        pins,
      },
      { ref: 'U2', address: 'io.U2', value: 'Buffer2', footprint: 'f', pins },
      {
        ref: 'U3',
        address: 'U3',
        value: 'x',
        footprint: 'f',
        symbol: { name: 'Buffer' },
        pins: [...pins, { pad: '5' }],
      },
      {
        ref: 'R1',
        address: 'R1',
        value: '10k',
        footprint: 'f',
        pins: [
          { pad: '1', type: 'passive' },
          { pad: '2', type: 'passive' },
        ],
      },
    ],
    nets: [
      {
        name: 'GND',
        pins: [
          { ref: 'U1', pad: '4' },
          { ref: 'R1', pad: '2' },
        ],
      },
      {
        name: 'SIG',
        pins: [
          { ref: 'U1', pad: '2' },
          { ref: 'R1', pad: '1' },
        ],
      },
    ],
  };
}

describe('buildSchematic', () => {
  it('draws a library symbol with its real pins, a derived one as its parent, and a generic box otherwise', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'logic.kicad_sym'), LIBRARY);
    const model = buildSchematic(graph(), { scope: 'design', symbols: readSymbolLibraries([dir]) });
    const [u1, u2, u3, r1] = model.components;
    expect(u1!.symbol).toMatchObject({ kind: 'library', id: 'logic:Buffer', width: 15.24, height: 15.24 });
    expect(Object.fromEntries(u1!.symbol.pins.map((p) => [p.name, [p.side, p.x, p.y]]))).toEqual({
      A: ['WEST', 0, 5.08],
      Y: ['EAST', 15.24, 5.08],
      VCC: ['NORTH', 7.62, 0],
      GND: ['SOUTH', 7.62, 15.24],
    });
    expect(u1!.symbol.bodies).toEqual([{ x: 2.54, y: 2.54, width: 10.16, height: 10.16 }]);
    // Found by its value, drawn as the symbol it extends.
    expect(u2!.symbol).toMatchObject({ kind: 'library', id: 'logic:Buffer2' });
    expect(u2!.symbol.pins).toHaveLength(4);
    // The symbol lacks pad 5: not this component's symbol.
    expect(u3!.symbol.kind).toBe('generic');
    expect(r1!.symbol.pins.map((p) => p.side)).toEqual(['WEST', 'EAST']);
    expect(model.stats).toMatchObject({ librarySymbols: 2, genericSymbols: 2, components: 4, pins: 15 });
    expect(model.blocks).toEqual([{ address: 'io', name: 'io', parent: '' }]);
  });

  it('names an unreadable library as a problem and still draws', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.kicad_sym'), '(kicad_symbol_lib (symbol "A"');
    const model = buildSchematic(graph(), {
      scope: 'design',
      symbols: readSymbolLibraries([dir, join(dir, 'nope')]),
    });
    expect(model.problems.join('\n')).toMatch(/broken\.kicad_sym: not a readable KiCad symbol library/);
    expect(model.problems.join('\n')).toMatch(/parts folder .*nope: ENOENT/);
    expect(model.components.every((c) => c.symbol.kind === 'generic')).toBe(true);
  });

  it('marks nets with the constraints that apply and lists those naming unknown nets', () => {
    const model = buildSchematic(graph(), {
      scope: 'design',
      constraints: {
        schema: 'pnr-constraints-v1',
        net_classes: [
          { name: 'Power', match: '^GND$', clearance: 0.3 },
          { name: 'Fast', nets: ['SIG', 'CLK'] },
        ],
        clearances: [{ between: ['Power', 'Fast'], min: 0.5 }],
        diff_pairs: [{ name: 'D', positive: 'SIG', negative: 'NOPE', gap: 0.1 }],
      },
    });
    expect(model.nets.find((n) => n.name === 'GND')).toMatchObject({
      class: 'Power',
      constraints: ['net class Power: clearance 0.3 mm', 'clearance 0.5 mm between Power and Fast'],
    });
    expect(model.nets.find((n) => n.name === 'SIG')!.constraints).toEqual([
      'net class Fast',
      'clearance 0.5 mm between Power and Fast',
      'differential pair D (+): gap 0.1 mm',
    ]);
    expect(model.problems).toEqual([
      'net class Fast names net "CLK", which the netlist does not have',
      'differential pair D names net "NOPE", which the netlist does not have',
    ]);
  });
});

describe('readDesignConstraints', () => {
  it('names the file, line and place of a mistake', () => {
    const file = join(tempDir(), 'constraints.json');
    writeFileSync(
      file,
      '{\n  "schema": "pnr-constraints-v1",\n  "net_classes": [{ "name": "P", "match": "(" }],\n  "clearances": [{ "between": ["P", "Q"], "min": 1 }]\n}\n',
    );
    let error: unknown;
    try {
      readDesignConstraints(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NetlistGraphError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3: not a pnr-constraints-v1 file: at net_classes\\[0\\]\\.match: not a regular expression`,
      ),
    );
    expect((error as Error).message).toContain('(and 1 more problem)');
    const keepout = join(tempDir(), 'keepout.json');
    writeFileSync(
      keepout,
      JSON.stringify({
        schema: 'pnr-constraints-v1',
        keepouts: [
          {
            name: 'k',
            polygon: [
              [0, 0],
              [1, 1],
            ],
          },
        ],
      }),
    );
    expect(() => readDesignConstraints(keepout)).toThrow(
      /keepouts\[0\]\.polygon: must NOT have fewer than 3 items/,
    );
    expect(existsSync(keepout)).toBe(true);
  });
});
