// SPDX-License-Identifier: AGPL-3.0-or-later
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardGeometry } from '../../src/geometry/board-geometry.js';
import { BoardReadError, readKicadBoard } from '../../src/geometry/kicad-board-reader.js';

// A KiCad 9 board (format 20241229): a net table, pads naming their nets, tracks by net number.
const KICAD9_BOARD = `(kicad_pcb
\t(version 20241229)
\t(generator "pcbnew")
\t(general (thickness 1.6) (legacy_teardrops no))
\t(layers
\t\t(0 "F.Cu" signal)
\t\t(4 "In1.Cu" power "GND plane")
\t\t(2 "B.Cu" signal)
\t\t(1 "F.Mask" user)
\t\t(3 "B.Mask" user)
\t\t(25 "Edge.Cuts" user)
\t)
\t(setup (pad_to_mask_clearance 0))
\t(net 0 "")
\t(net 1 "GND")
\t(net 2 "/VCC")
\t(footprint "Resistor_SMD:R_0603_1608Metric"
\t\t(layer "F.Cu")
\t\t(uuid "a0000000-0000-0000-0000-000000000001")
\t\t(at 100 50 90)
\t\t(property "Reference" "R1" (at 0 -1.4 90) (layer "F.SilkS"))
\t\t(property "Value" "10k" (at 0 1.4 90) (layer "F.Fab"))
\t\t(some_future_token (nested 1 2) "text")
\t\t(pad "1" smd roundrect (at 0 -2 90) (size 0.8 0.95) (layers "F.Cu" "F.Mask")
\t\t\t(roundrect_rratio 0.25) (net 1 "GND") (a_new_pad_option yes))
\t\t(pad "2" thru_hole oval (at 0 2 135) (size 1.2 2) (drill oval 0.6 1.2) (layers "*.Cu" "*.Mask")
\t\t\t(net 2 "/VCC"))
\t\t(fp_line (start -3 -3) (end 3 -3) (stroke (width 0.1) (type solid)) (layer "Edge.Cuts"))
\t\t(fp_circle (center 1 0) (end 1.5 0) (stroke (width 0.2) (type solid)) (fill no) (layer "B.Cu"))
\t)
\t(gr_poly (pts (xy 10 10) (xy 20 10) (xy 20 20)) (stroke (width 0) (type solid)) (fill yes) (layer "F.Cu") (net 1))
\t(gr_rect (start 0 0) (end 200 120) (stroke (width 0.05) (type default)) (fill no) (layer "Edge.Cuts"))
\t(gr_text "not geometry" (at 10 10) (layer "F.SilkS"))
\t(segment (start 98 50) (end 90 50) (width 0.25) (layer "F.Cu") (net 1) (uuid "s1"))
\t(arc (start 90 50) (mid 87.071068 42.928932) (end 80 40) (width 0.25) (layer "B.Cu") (net 2))
\t(via (at 80 40) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") (net 2))
\t(via micro (at 81 40) (size 0.3) (drill 0.1) (layers "F.Cu" "In1.Cu") (net 1))
\t(zone (net 1) (net_name "GND") (layers "F.Cu" "B.Cu") (name "ground")
\t\t(polygon (pts (xy 0 0) (xy 50 0) (xy 50 50) (xy 0 50)))
\t\t(filled_polygon (layer "F.Cu") (pts (xy 1 1) (xy 49 1) (xy 49 49)))
\t\t(filled_polygon (layer "B.Cu") (island) (pts (xy 2 2) (xy 48 2) (xy 48 48) (xy 2 48)))
\t)
\t(zone (net 0) (net_name "") (layer "F.Cu") (keepout (tracks not_allowed))
\t\t(polygon (pts (xy 60 60) (xy 70 60) (xy 70 70))))
\t(embedded_fonts no)
)
`;

// KiCad 10 writes nets by name everywhere and has no net table.
const NETS_BY_NAME_BOARD = `(kicad_pcb (version 20250801) (generator "pcbnew")
  (layers (0 "F.Cu" signal) (2 "B.Cu" signal))
  (footprint "Lib:TP" (layer "B.Cu") (at 10 10 180)
    (property "Reference" "TP1")
    (pad "1" smd circle (at 1 0 180) (size 1 1) (layers "B.Cu") (net "SIG")))
  (segment (start 9 10) (end 0 10) (width 0.2) (layer "B.Cu") (net "SIG"))
  (zone (net "SIG") (layer "B.Cu") (polygon (pts (xy 0 0) (xy 1 0) (xy 1 1))))
)
`;

// An older board (KiCad 5, format 20171130): (module …), unquoted names, fp_text fields, a net
// table with numbers, and an arc as centre, start and sweep angle.
const KICAD5_BOARD = `(kicad_pcb (version 20171130) (host pcbnew 5.1.9)
  (general (thickness 1.6))
  (layers
    (0 F.Cu signal)
    (31 B.Cu signal)
    (44 Edge.Cuts user)
  )
  (net 0 "")
  (net 1 GND)
  (net 2 VCC)
  (module Resistors:R_0805 (layer F.Cu) (tedit 5A0) (tstamp 5C8A1B2F)
    (at 10 20 180)
    (fp_text reference R7 (at 0 -1.5) (layer F.SilkS) (effects (font (size 1 1) (thickness 0.15))))
    (fp_text value 4k7 (at 0 1.5) (layer F.Fab) hide (effects (font (size 1 1))))
    (pad 1 smd rect (at -1 0 180) (size 1 1.3) (layers F.Cu F.Paste F.Mask) (net 2 VCC))
    (pad 2 smd rect (at 1 0 180) (size 1 1.3) (layers F.Cu F.Paste F.Mask) (net 1 GND))
  )
  (gr_arc (start 0 0) (end 10 0) (angle 90) (layer Edge.Cuts) (width 0.1))
  (gr_line (start 0 10) (end -5 10) (layer Edge.Cuts) (width 0.1))
  (segment (start 9 20) (end 0 20) (width 0.25) (layer F.Cu) (net 2) (tstamp 5C8A1B30))
)
`;

let dir: string;

async function boardFile(name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

async function read(name: string, text: string): Promise<BoardGeometry> {
  return readKicadBoard(await boardFile(name, text));
}

async function readError(name: string, text: string): Promise<BoardReadError> {
  const file = await boardFile(name, text);
  const error = await readKicadBoard(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BoardReadError);
  return error as BoardReadError;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rr-geometry-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('native reader on a KiCad 9 board', () => {
  it('places pads on the board with absolute angles (a board file stores them so)', async () => {
    const g = await read('k9.kicad_pcb', KICAD9_BOARD);
    const [r1] = g.footprints;
    expect(r1).toMatchObject({ reference: 'R1', value: '10k', libId: 'Resistor_SMD:R_0603_1608Metric' });
    expect(r1!.at).toEqual([100, 50]);
    expect(r1!.angle).toBe(90);
    expect(r1!.layer).toBe('F.Cu');
    const [p1, p2] = r1!.pads;
    // (0, -2) in a footprint turned 90° counter-clockwise on screen lies 2 mm left of its origin.
    expect(p1).toMatchObject({ number: '1', at: [98, 50], angle: 90, shape: 'roundrect', type: 'smd' });
    expect(p1!.roundrectRatio).toBe(0.25);
    expect(p1!.net).toBe('GND');
    // Pad 2 is turned a further 45° within the footprint: 90 + 45.
    expect(p2).toMatchObject({ number: '2', at: [102, 50], angle: 135, type: 'thru_hole', net: '/VCC' });
    expect(p2!.drill).toEqual({ shape: 'oval', size: [0.6, 1.2] });
  });

  it('expands layer wildcards to the board’s own layers', async () => {
    const g = await read('k9.kicad_pcb', KICAD9_BOARD);
    expect(g.footprints[0]!.pads[1]!.layers).toEqual(['F.Cu', 'In1.Cu', 'B.Cu', 'F.Mask', 'B.Mask']);
  });

  it('reads tracks, three-point arcs and vias with nets by name', async () => {
    const g = await read('k9.kicad_pcb', KICAD9_BOARD);
    expect(g.segments).toEqual([{ start: [98, 50], end: [90, 50], width: 0.25, layer: 'F.Cu', net: 'GND' }]);
    expect(g.arcs).toEqual([
      {
        start: [90, 50],
        mid: [87.071068, 42.928932],
        end: [80, 40],
        width: 0.25,
        layer: 'B.Cu',
        net: '/VCC',
      },
    ]);
    expect(g.vias).toEqual([
      { at: [80, 40], diameter: 0.6, drill: 0.3, layers: ['F.Cu', 'B.Cu'], type: 'through', net: '/VCC' },
      { at: [81, 40], diameter: 0.3, drill: 0.1, layers: ['F.Cu', 'In1.Cu'], type: 'micro', net: 'GND' },
    ]);
  });

  it('reads filled zone polygons per layer, and rule areas without fill', async () => {
    const g = await read('k9.kicad_pcb', KICAD9_BOARD);
    const [ground, keepout] = g.zones;
    expect(ground).toMatchObject({ net: 'GND', name: 'ground', layers: ['F.Cu', 'B.Cu'], ruleArea: false });
    expect(ground!.outline).toEqual([0, 0, 50, 0, 50, 50, 0, 50]);
    expect(ground!.fills).toEqual([
      { layer: 'F.Cu', polygons: [[1, 1, 49, 1, 49, 49]] },
      { layer: 'B.Cu', polygons: [[2, 2, 48, 2, 48, 48, 2, 48]] },
    ]);
    expect(keepout).toMatchObject({ net: null, layers: ['F.Cu'], ruleArea: true, fills: [] });
  });

  it('collects the Edge.Cuts outline of board and footprints, and bounds the board by it', async () => {
    const g = await read('k9.kicad_pcb', KICAD9_BOARD);
    expect(g.outline).toEqual([
      // The footprint's line from (-3,-3) to (3,-3), turned 90° and moved to (100, 50).
      { kind: 'line', start: [97, 53], end: [97, 47], width: 0.1 },
      { kind: 'rect', start: [0, 0], end: [200, 120], width: 0.05, filled: false },
    ]);
    expect(g.boundingBox).toEqual({ minX: 0, minY: 0, maxX: 200, maxY: 120 });
  });

  it('keeps shapes drawn in copper, from the board and from footprints', async () => {
    const g = await read('k9.kicad_pcb', KICAD9_BOARD);
    expect(g.graphics).toEqual([
      // The footprint's circle at local (1, 0), turned 90°: 1 mm above the origin (100, 50).
      {
        layer: 'B.Cu',
        net: null,
        shape: { kind: 'circle', center: [100, 49], radius: 0.5, width: 0.2, filled: false },
      },
      {
        layer: 'F.Cu',
        net: 'GND',
        shape: { kind: 'polygon', points: [10, 10, 20, 10, 20, 20], width: 0, filled: true },
      },
    ]);
  });

  it('lists layers, user names and nets by name', async () => {
    const g = await read('k9.kicad_pcb', KICAD9_BOARD);
    expect(g.layers.map((l) => l.name)).toEqual(['F.Cu', 'In1.Cu', 'B.Cu', 'F.Mask', 'B.Mask', 'Edge.Cuts']);
    expect(g.layers[1]).toEqual({ name: 'In1.Cu', type: 'power', userName: 'GND plane' });
    expect(g.nets).toEqual(['/VCC', 'GND']);
    expect(g.formatVersion).toBe(20241229);
    expect(g.extractor).toBe('native');
  });

  it('skips tokens it does not know, at any depth', async () => {
    const g = await read('k9.kicad_pcb', KICAD9_BOARD);
    expect(g.footprints).toHaveLength(1);
    expect(g.footprints[0]!.pads).toHaveLength(2);
  });

  it('reads a board saved with Windows line ends and a byte order mark', async () => {
    const g = await read('crlf.kicad_pcb', '\ufeff' + KICAD9_BOARD.replace(/\n/g, '\r\n'));
    expect(g.footprints[0]!.pads[1]!.at).toEqual([102, 50]);
    expect(g.zones).toHaveLength(2);
  });

  it('reads a keyword whose "(" is missing, as KiCad does', async () => {
    const text = KICAD9_BOARD.replace(
      '(a_new_pad_option yes)',
      '(teardrops (max_width 2)(curved_edges no)filter_ratio 0.9))',
    );
    const g = await read('lenient.kicad_pcb', text);
    expect(g.footprints[0]!.pads).toHaveLength(2);
    expect(g.segments).toHaveLength(1);
  });
});

describe('native reader on other board generations', () => {
  it('reads nets by name when the board has no net table (KiCad 10)', async () => {
    const g = await read('k10.kicad_pcb', NETS_BY_NAME_BOARD);
    expect(g.nets).toEqual(['SIG']);
    expect(g.footprints[0]!.pads[0]!.net).toBe('SIG');
    expect(g.segments[0]!.net).toBe('SIG');
    expect(g.zones[0]!.net).toBe('SIG');
    // A back-side footprint turned 180°: its pad at local (1, 0) lands 1 mm to the left.
    expect(g.footprints[0]).toMatchObject({ layer: 'B.Cu', angle: 180 });
    expect(g.footprints[0]!.pads[0]!.at).toEqual([9, 10]);
  });

  it('reads a KiCad 5 board: modules, fp_text fields, numbered nets, unquoted names', async () => {
    const g = await read('k5.kicad_pcb', KICAD5_BOARD);
    const [r7] = g.footprints;
    expect(r7).toMatchObject({
      reference: 'R7',
      value: '4k7',
      libId: 'Resistors:R_0805',
      at: [10, 20],
      angle: 180,
    });
    expect(r7!.pads.map((p) => [p.number, p.at, p.angle, p.net])).toEqual([
      ['1', [11, 20], 180, 'VCC'],
      ['2', [9, 20], 180, 'GND'],
    ]);
    expect(g.segments[0]!.net).toBe('VCC');
    expect(g.nets).toEqual(['GND', 'VCC']);
  });

  it('turns a KiCad 5 arc (centre, start, sweep) into three points', async () => {
    const g = await read('k5.kicad_pcb', KICAD5_BOARD);
    // Centre (0,0), from (10,0) sweeping 90° clockwise on screen (y down) to (0,10).
    expect(g.outline[0]).toEqual({
      kind: 'arc',
      start: [10, 0],
      mid: [7.071068, 7.071068],
      end: [0, 10],
      width: 0.1,
    });
    // The quarter circle and the line from (0,10) to (-5,10).
    expect(g.boundingBox).toEqual({ minX: -5, minY: 0, maxX: 10, maxY: 10 });
  });
});

describe('native reader on bad input', () => {
  it('names the file and line when the board is truncated', async () => {
    const cut = KICAD9_BOARD.slice(0, KICAD9_BOARD.indexOf('(segment') + 30);
    const error = await readError('truncated.kicad_pcb', cut);
    const line = cut.split('\n').length;
    expect(error.message).toContain(`truncated.kicad_pcb:${line}:`);
    expect(error.message).toMatch(/truncated/);
    expect(error.message).toContain('(segment');
    expect(error.line).toBe(line);
  });

  it('names the line of a string that never closes', async () => {
    const text = KICAD9_BOARD.replace('(layer "F.SilkS"))\n\t(segment', '(layer "F.SilkS))\n\t(segment');
    const error = await readError('open-string.kicad_pcb', text);
    expect(error.message).toMatch(
      /open-string\.kicad_pcb:\d+: malformed board: a quoted string is not closed/,
    );
  });

  it('names file and line of a value that is not a number', async () => {
    const text = KICAD9_BOARD.replace('(start 98 50)', '(start 98 fifty)');
    const error = await readError('bad-number.kicad_pcb', text);
    const line = text.split('\n').findIndex((l) => l.includes('fifty')) + 1;
    expect(error.message).toContain(`bad-number.kicad_pcb:${line}:`);
    expect(error.message).toContain('(start …) needs a number at position 2, found "fifty"');
  });

  it('says that a schematic is not a board', async () => {
    const error = await readError(
      'sheet.kicad_sch',
      '(kicad_sch (version 20231120) (generator "eeschema"))\n',
    );
    expect(error.message).toContain(
      'sheet.kicad_sch:1: not a KiCad board: the file is a (kicad_sch …) S-expression',
    );
  });

  it('says that a file of another format is not a board', async () => {
    const error = await readError('legacy.brd', 'PCBNEW-BOARD Version 1 date 2010\n$GENERAL\n');
    expect(error.message).toContain('legacy.brd:1: not a KiCad board');
    expect(error.message).toContain('KiCad 4 or older');
    const empty = await readError('empty.kicad_pcb', '');
    expect(empty.message).toContain('empty.kicad_pcb:1: the file is empty');
  });

  it('says when the board file does not exist', async () => {
    const missing = join(dir, 'nowhere.kicad_pcb');
    await expect(readKicadBoard(missing)).rejects.toThrow(`${missing}: cannot open the board`);
  });
});
