// SPDX-License-Identifier: AGPL-3.0-or-later
// The simulator's example board, generated in code: a small sensor node (an SOIC-8 controller, an
// SOT-23-5 regulator, two pin headers, resistors, capacitors and LEDs) on a 50 x 40 mm two-layer board,
// in KiCad 9 .kicad_pcb syntax. Footprints start in tidy rows, as a netlist import leaves them.

import type { SList } from '../geometry/sexpr-source-tree.js';
import { numberAtom, printSExpr, quoted } from './sexpr-printer.js';
import { stableUuid } from './seeded-random.js';

/** Origin and size of the example board's outline (mm). */
export const EXAMPLE_OUTLINE = { x: 100, y: 80, width: 50, height: 40 } as const;

interface PadSpec {
  number: string;
  x: number;
  y: number;
  w: number;
  h: number;
  shape: 'rect' | 'roundrect' | 'circle';
  drill?: number;
}

interface FootprintSpec {
  lib: string;
  pads: PadSpec[];
  /** Courtyard corners (mm, relative). */
  court: [number, number, number, number];
  through: boolean;
}

const chip0805: FootprintSpec = {
  lib: '0805',
  pads: [
    { number: '1', x: -0.9125, y: 0, w: 1.025, h: 1.4, shape: 'roundrect' },
    { number: '2', x: 0.9125, y: 0, w: 1.025, h: 1.4, shape: 'roundrect' },
  ],
  court: [-1.68, -0.95, 1.68, 0.95],
  through: false,
};

const soic8: FootprintSpec = {
  lib: 'SOIC-8_3.9x4.9mm_P1.27mm',
  pads: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
    number: String(n),
    x: n <= 4 ? -2.475 : 2.475,
    y: n <= 4 ? -1.905 + (n - 1) * 1.27 : 1.905 - (n - 5) * 1.27,
    w: 1.95,
    h: 0.6,
    shape: 'roundrect' as const,
  })),
  court: [-3.7, -2.7, 3.7, 2.7],
  through: false,
};

const sot23_5: FootprintSpec = {
  lib: 'SOT-23-5',
  pads: [
    { number: '1', x: -1.1375, y: -0.95, w: 1.325, h: 0.6, shape: 'roundrect' },
    { number: '2', x: -1.1375, y: 0, w: 1.325, h: 0.6, shape: 'roundrect' },
    { number: '3', x: -1.1375, y: 0.95, w: 1.325, h: 0.6, shape: 'roundrect' },
    { number: '4', x: 1.1375, y: 0.95, w: 1.325, h: 0.6, shape: 'roundrect' },
    { number: '5', x: 1.1375, y: -0.95, w: 1.325, h: 0.6, shape: 'roundrect' },
  ],
  court: [-2.05, -1.75, 2.05, 1.75],
  through: false,
};

function header(pins: number): FootprintSpec {
  return {
    lib: `PinHeader_1x${String(pins).padStart(2, '0')}_P2.54mm_Vertical`,
    pads: Array.from({ length: pins }, (_, i) => ({
      number: String(i + 1),
      x: 0,
      y: i * 2.54,
      w: 1.7,
      h: 1.7,
      shape: i === 0 ? ('rect' as const) : ('circle' as const),
      drill: 1,
    })),
    court: [-1.8, -1.8, 1.8, (pins - 1) * 2.54 + 1.8],
    through: true,
  };
}

/** Reference, footprint, value and the net of each pad, in pad order. */
const PARTS: [string, FootprintSpec, string, (string | null)[]][] = [
  ['U1', soic8, 'MCU', ['NRST', 'LED1', 'LED2', 'GND', 'SDA', 'SCL', 'SENSE', '+3V3']],
  ['U2', sot23_5, 'LDO 3.3V', ['+5V', 'GND', '+5V', null, '+3V3']],
  ['J1', header(4), 'I2C', ['+3V3', 'SDA', 'SCL', 'GND']],
  ['J2', header(2), 'PWR', ['+5V', 'GND']],
  ['R1', chip0805, '4k7', ['+3V3', 'SDA']],
  ['R2', chip0805, '4k7', ['+3V3', 'SCL']],
  ['R3', chip0805, '330', ['LED1', 'LED1_A']],
  ['R4', chip0805, '330', ['LED2', 'LED2_A']],
  ['R5', chip0805, '10k', ['+3V3', 'SENSE']],
  ['R6', chip0805, '10k', ['+3V3', 'NRST']],
  ['C1', chip0805, '10u', ['+5V', 'GND']],
  ['C2', chip0805, '10u', ['+3V3', 'GND']],
  ['C3', chip0805, '100n', ['+3V3', 'GND']],
  ['C4', chip0805, '100n', ['NRST', 'GND']],
  ['D1', chip0805, 'red', ['GND', 'LED1_A']],
  ['D2', chip0805, 'green', ['GND', 'LED2_A']],
];

/**
 * Each footprint's address in the example design project's instance tree (examples/design-sensor-node),
 * kept on the board as atopile keeps it: a footprint property named `atopile_address`.
 */
export const EXAMPLE_ADDRESSES: Readonly<Record<string, string>> = {
  U1: 'mcu.ic',
  U2: 'supply.ldo',
  J1: 'port.connector',
  J2: 'supply.jack',
  R1: 'port.r_sda',
  R2: 'port.r_scl',
  R3: 'leds.r_red',
  R4: 'leds.r_green',
  R5: 'mcu.r_sense',
  R6: 'mcu.r_reset',
  C1: 'supply.c_in',
  C2: 'supply.c_out',
  C3: 'mcu.c_decouple',
  C4: 'mcu.c_reset',
  D1: 'leds.d_red',
  D2: 'leds.d_green',
};

const font: SList = ['effects', ['font', ['size', '1', '1'], ['thickness', '0.15']]];

/** The example board as .kicad_pcb text (deterministic: same bytes every time). */
export function exampleBoardText(): string {
  const nets = [...new Set(PARTS.flatMap(([, , , n]) => n.filter((x): x is string => x !== null)))].sort();
  const code = new Map(nets.map((n, i) => [n, i + 1]));
  const o = EXAMPLE_OUTLINE;
  const board: SList = [
    'kicad_pcb',
    ['version', '20241229'],
    ['generator', quoted('rr-pnr-sim')],
    ['generator_version', quoted('0.1')],
    ['general', ['thickness', '1.6'], ['legacy_teardrops', 'no']],
    ['paper', quoted('A4')],
    ['title_block', ['title', quoted('rr pnr-sim example: sensor node')]],
    layers(),
    [
      'setup',
      ['pad_to_mask_clearance', '0'],
      ['allow_soldermask_bridges_in_footprints', 'no'],
      ['tenting', 'front', 'back'],
    ],
    ['net', '0', quoted('')],
    ...nets.map((n): SList => ['net', String(code.get(n)), quoted(n)]),
  ];
  PARTS.forEach(([ref, spec, value, padNets], i) => {
    // Tidy rows along the top of the board: the state before any placement.
    const x = o.x + 5 + (i % 8) * 5.5;
    const y = o.y + 6 + Math.floor(i / 8) * 9;
    board.push(footprint(ref, spec, value, padNets, x, y, code));
  });
  board.push([
    'gr_rect',
    ['start', numberAtom(o.x), numberAtom(o.y)],
    ['end', numberAtom(o.x + o.width), numberAtom(o.y + o.height)],
    ['stroke', ['width', '0.1'], ['type', 'default']],
    ['fill', 'no'],
    ['layer', quoted('Edge.Cuts')],
    ['uuid', quoted(stableUuid('outline'))],
  ]);
  board.push(['embedded_fonts', 'no']);
  return printSExpr(board);
}

function layers(): SList {
  // KiCad 9 numbers copper layers evenly (F.Cu 0, B.Cu 2) and technical layers oddly.
  const list: [number, string, string, string?][] = [
    [0, 'F.Cu', 'signal'],
    [2, 'B.Cu', 'signal'],
    [9, 'F.Adhes', 'user', 'F.Adhesive'],
    [11, 'B.Adhes', 'user', 'B.Adhesive'],
    [13, 'F.Paste', 'user'],
    [15, 'B.Paste', 'user'],
    [5, 'F.SilkS', 'user', 'F.Silkscreen'],
    [7, 'B.SilkS', 'user', 'B.Silkscreen'],
    [1, 'F.Mask', 'user'],
    [3, 'B.Mask', 'user'],
    [17, 'Dwgs.User', 'user', 'User.Drawings'],
    [19, 'Cmts.User', 'user', 'User.Comments'],
    [25, 'Edge.Cuts', 'user'],
    [27, 'Margin', 'user'],
    [31, 'F.CrtYd', 'user', 'F.Courtyard'],
    [29, 'B.CrtYd', 'user', 'B.Courtyard'],
    [35, 'F.Fab', 'user'],
    [33, 'B.Fab', 'user'],
  ];
  return [
    'layers',
    ...list.map(([n, name, type, user]): SList => [
      String(n),
      quoted(name),
      type,
      ...(user ? [quoted(user)] : []),
    ]),
  ];
}

function footprint(
  ref: string,
  spec: FootprintSpec,
  value: string,
  padNets: (string | null)[],
  x: number,
  y: number,
  code: Map<string, number>,
): SList {
  const id = (what: string) => quoted(stableUuid(`${ref}:${what}`));
  const [cx0, cy0, cx1, cy1] = spec.court;
  const fp: SList = [
    'footprint',
    quoted(spec.lib),
    ['layer', quoted('F.Cu')],
    ['uuid', id('footprint')],
    ['at', numberAtom(x), numberAtom(y)],
    [
      'property',
      quoted('Reference'),
      quoted(ref),
      ['at', '0', numberAtom(cy0 - 0.8), '0'],
      ['layer', quoted('F.SilkS')],
      ['uuid', id('reference')],
      font,
    ],
    [
      'property',
      quoted('Value'),
      quoted(value),
      ['at', '0', numberAtom(cy1 + 0.8), '0'],
      ['layer', quoted('F.Fab')],
      ['uuid', id('value')],
      font,
    ],
    [
      'property',
      quoted('atopile_address'),
      quoted(EXAMPLE_ADDRESSES[ref] ?? ref),
      ['at', '0', '0', '0'],
      ['layer', quoted('F.Fab')],
      ['hide', 'yes'],
      ['uuid', id('address')],
      font,
    ],
    ['attr', spec.through ? 'through_hole' : 'smd'],
    [
      'fp_rect',
      ['start', numberAtom(cx0), numberAtom(cy0)],
      ['end', numberAtom(cx1), numberAtom(cy1)],
      ['stroke', ['width', '0.05'], ['type', 'solid']],
      ['fill', 'no'],
      ['layer', quoted('F.CrtYd')],
      ['uuid', id('courtyard')],
    ],
  ];
  spec.pads.forEach((pad, i) => {
    const net = padNets[i] ?? null;
    const node: SList = [
      'pad',
      quoted(pad.number),
      spec.through ? 'thru_hole' : 'smd',
      pad.shape,
      ['at', numberAtom(pad.x), numberAtom(pad.y)],
      ['size', numberAtom(pad.w), numberAtom(pad.h)],
    ];
    if (pad.drill !== undefined) node.push(['drill', numberAtom(pad.drill)]);
    node.push(
      spec.through
        ? ['layers', quoted('*.Cu'), quoted('*.Mask')]
        : ['layers', quoted('F.Cu'), quoted('F.Paste'), quoted('F.Mask')],
    );
    if (spec.through) node.push(['remove_unused_layers', 'no']);
    if (pad.shape === 'roundrect') node.push(['roundrect_rratio', '0.25']);
    if (net !== null) node.push(['net', String(code.get(net)), quoted(net)]);
    node.push(['uuid', id(`pad${pad.number}`)]);
    fp.push(node);
  });
  fp.push(['embedded_fonts', 'no']);
  return fp;
}
