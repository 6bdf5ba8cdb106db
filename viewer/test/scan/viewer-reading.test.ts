// SPDX-License-Identifier: AGPL-3.0-or-later
// The viewer reads in linear time in every layout: a KiCad board (the native extractor, the simulator's
// source tree and the netlist graph taken from it, and text that arrives in small chunks with a string
// across many of them), a KiCad netlist export in S-expression and XML form (a sheet per channel and one
// part whose pins every channel uses), and a live directory's events (many runs, many children of one
// lane, file names that do not sort by seq) and its persistent index examine a constant number of
// characters per input character. Counted, not timed (test/scan/char-meter.ts).
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KicadBoardAssembler } from '../../src/geometry/kicad-board-assembler.js';
import { readKicadBoard } from '../../src/geometry/kicad-board-reader.js';
import { readKicadBoardTree } from '../../src/geometry/kicad-board-tree.js';
import { SexprItemStream } from '../../src/geometry/sexpr-item-stream.js';
import { SexprTokenizer } from '../../src/geometry/sexpr-tokenizer.js';
import { checkEventText } from '../../src/live/event-file-check.js';
import { factOf } from '../../src/live/event-facts.js';
import { EventIndex } from '../../src/live/event-index.js';
import { LiveDirectoryReader } from '../../src/live/live-directory-reader.js';
import { readLiveIndex, writeLiveIndex, type IndexedFile } from '../../src/live/live-index-file.js';
import { graphFromBoardTree } from '../../src/netlist/board-netlist-graph.js';
import { parseKicadNetlist } from '../../src/netlist/kicad-netlist-file.js';
import { graphFromKicadExport } from '../../src/netlist/kicad-netlist-graph.js';
import { eventFileName } from '../../src/telemetry/event-files.js';
import type { EventFields, EventKind } from '../../src/telemetry/live-event.js';
import { uninstallMeter } from '../../../test/scan/char-meter.js';
import { expectLinear, growth, growthAsync, type Sized } from '../../../test/scan/linear-growth.js';

const scratch = mkdtempSync(join(tmpdir(), 'rr-viewer-scan-'));

afterAll(() => {
  uninstallMeter();
  rmSync(scratch, { recursive: true, force: true });
});

/** A fresh folder inside the scratch folder. */
function folder(name: string): string {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const uuid = (i: number, part = 0) =>
  `a0b1c2d3-0000-4000-8000-${(i * 8 + part).toString(16).padStart(12, '0')}`;

// ---- KiCad boards ----

/** Footprints of the smallest board; the largest has eight times as many. */
const BOARD_BASE = 80;

/**
 * A KiCad 9 board of `k × BOARD_BASE` resistors, each on its own sheet and net, with a track, a via and
 * every fourth an arc per net, a ground zone with a fill per 25 footprints, and an Edge.Cuts outline;
 * `extra` is put before the end.
 */
function boardText(k: number, extra = ''): string {
  const n = k * BOARD_BASE;
  const out = [
    '(kicad_pcb',
    '\t(version 20241229)',
    '\t(generator "pcbnew")',
    '\t(generator_version "9.0")',
    '\t(general (thickness 1.6) (legacy_teardrops no))',
    '\t(paper "A4")',
    '\t(layers',
    '\t\t(0 "F.Cu" signal)',
    '\t\t(4 "In1.Cu" power "GND plane")',
    '\t\t(2 "B.Cu" signal)',
    '\t\t(13 "F.Paste" user)',
    '\t\t(5 "F.SilkS" user "F.Silkscreen")',
    '\t\t(1 "F.Mask" user)',
    '\t\t(3 "B.Mask" user)',
    '\t\t(25 "Edge.Cuts" user)',
    '\t\t(31 "F.CrtYd" user "F.Courtyard")',
    '\t\t(35 "F.Fab" user)',
    '\t)',
    '\t(setup (pad_to_mask_clearance 0) (allow_soldermask_bridges_in_footprints no))',
    '\t(net 0 "")',
    '\t(net 1 "GND")',
  ];
  for (let i = 0; i < n; i++) out.push(`\t(net ${i + 2} "/ch${i}/SIG")`);
  const at = (i: number) => [10 + (i % 50) * 3, 10 + Math.floor(i / 50) * 3] as const;
  for (let i = 0; i < n; i++) {
    const [x, y] = at(i);
    out.push(
      '\t(footprint "Resistor_SMD:R_0603_1608Metric"',
      '\t\t(layer "F.Cu")',
      `\t\t(uuid "${uuid(i)}")`,
      `\t\t(at ${x} ${y} 90)`,
      `\t\t(property "Reference" "R${i}" (at 0 -1.43 90) (layer "F.SilkS") (effects (font (size 1 1) (thickness 0.15))))`,
      '\t\t(property "Value" "10k" (at 0 1.43 90) (layer "F.Fab") (effects (font (size 1 1) (thickness 0.15))))',
      `\t\t(path "/${uuid(i, 1)}/${uuid(i, 2)}")`,
      `\t\t(sheetname "/ch${i}/")`,
      '\t\t(sheetfile "channel.kicad_sch")',
      `\t\t(fp_line (start -0.237 -0.5225) (end 0.237 -0.5225) (stroke (width 0.12) (type solid)) (layer "F.SilkS") (uuid "${uuid(i, 3)}"))`,
      `\t\t(fp_rect (start -1.48 -0.73) (end 1.48 0.73) (stroke (width 0.05) (type solid)) (fill no) (layer "F.CrtYd") (uuid "${uuid(i, 4)}"))`,
      `\t\t(pad "1" smd roundrect (at -0.825 0 90) (size 0.8 0.95) (layers "F.Cu" "F.Mask" "F.Paste") (roundrect_rratio 0.25) (net ${i + 2} "/ch${i}/SIG") (pinfunction "1") (pintype "passive") (uuid "${uuid(i, 5)}"))`,
      `\t\t(pad "2" smd roundrect (at 0.825 0 90) (size 0.8 0.95) (layers "F.Cu" "F.Mask" "F.Paste") (roundrect_rratio 0.25) (net 1 "GND") (pinfunction "2") (pintype "passive") (uuid "${uuid(i, 6)}"))`,
      '\t)',
    );
  }
  for (let i = 0; i < n; i++) {
    const [x, y] = at(i);
    out.push(
      `\t(segment (start ${x - 0.825} ${y}) (end ${x - 2.5} ${y}) (width 0.25) (layer "F.Cu") (net ${i + 2}) (uuid "${uuid(i, 7)}"))`,
      `\t(via (at ${x - 2.5} ${y}) (size 0.6) (drill 0.3) (layers "F.Cu" "B.Cu") (net ${i + 2}) (uuid "${uuid(i + n, 0)}"))`,
    );
    if (i % 4 === 0)
      out.push(
        `\t(arc (start ${x - 2.5} ${y}) (mid ${x - 1.5} ${y + 1}) (end ${x - 0.5} ${y}) (width 0.25) (layer "B.Cu") (net ${i + 2}) (uuid "${uuid(i + n, 1)}"))`,
      );
  }
  for (let z = 0; z < n / 25; z++) {
    const points: string[] = [];
    for (let p = 0; p < 40; p++)
      points.push(`(xy ${(z * 3 + Math.cos(p / 6)).toFixed(4)} ${(Math.sin(p / 6) + 5).toFixed(4)})`);
    out.push(
      `\t(zone (net 1) (net_name "GND") (layer "In1.Cu") (uuid "${uuid(z + 2 * n, 2)}") (name "gnd${z}") (hatch edge 0.5)`,
      '\t\t(connect_pads (clearance 0.5)) (min_thickness 0.25) (filled_areas_thickness no)',
      '\t\t(fill yes (thermal_gap 0.5) (thermal_bridge_width 0.5))',
      `\t\t(polygon (pts (xy ${z * 3} 0) (xy ${z * 3 + 3} 0) (xy ${z * 3 + 3} 10) (xy ${z * 3} 10)))`,
      `\t\t(filled_polygon (layer "In1.Cu") (pts ${points.join(' ')}))`,
      '\t)',
    );
  }
  out.push(
    '\t(gr_rect (start 0 0) (end 200 120) (stroke (width 0.05) (type default)) (fill no) (layer "Edge.Cuts") (uuid "e0000000-0000-4000-8000-000000000000"))',
    extra,
    '\t(embedded_fonts no)',
    ')',
    '',
  );
  return out.join('\n');
}

/** The board file of `k × BOARD_BASE` footprints. */
function boardFile(k: number): Sized<string> {
  const text = boardText(k);
  const file = join(folder('boards'), `board-${k}.kicad_pcb`);
  writeFileSync(file, text);
  return { size: text.length, input: file };
}

/** A note on the fabrication layer of `k` × 64 KiB, one quoted string with escaped line breaks. */
function longNote(k: number): string {
  const line =
    'Assembly note: reflow profile B, no-clean flux, inspect the BGA with X-ray before fitting the shield.';
  const lines: string[] = [];
  for (let size = 0; size < k * 65536; size += line.length + 2) lines.push(line);
  return `\t(gr_text "${lines.join('\\n')}" (at 100 100 0) (layer "F.Fab") (uuid "f0000000-0000-4000-8000-000000000000") (effects (font (size 1 1) (thickness 0.15))))`;
}

/** Geometry from text pushed in chunks, as readKicadBoard does with the chunks it reads. */
function geometryOfChunks(chunks: string[]): unknown {
  const assembler = new KicadBoardAssembler();
  const items = new SexprItemStream({
    root: () => undefined,
    wants: (head) => assembler.wants(head),
    item: (list) => assembler.add(list),
  });
  const tokenizer = new SexprTokenizer(items);
  for (const chunk of chunks) tokenizer.push(chunk);
  tokenizer.end();
  items.finish(tokenizer.currentLine);
  return assembler.finish();
}

/** Cuts text into chunks of `size` characters. */
function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

describe('reading a KiCad board examines a constant number of characters per input character', () => {
  it('the native extractor (readKicadBoard)', async () => {
    const g = await growthAsync(boardFile, readKicadBoard);
    expectLinear('readKicadBoard', g, 4);
  });

  it('the source tree and the netlist graph taken from it', () => {
    const g = growth(
      (k) => {
        const text = boardText(k);
        return { size: text.length, input: text };
      },
      (text) =>
        graphFromBoardTree(readKicadBoardTree(text, 'board.kicad_pcb'), {
          file: 'board.kicad_pcb',
          tool: 'test',
        }),
    );
    expectLinear('readKicadBoardTree + graphFromBoardTree', g, 5);
  });

  it('text in small chunks with a string across many of them', () => {
    const made = (k: number) => {
      const text = boardText(k, longNote(k));
      return { size: text.length, input: chunksOf(text, 4096) };
    };
    const geometry = geometryOfChunks(made(1).input) as { footprints: unknown[] };
    expect(geometry.footprints).toHaveLength(BOARD_BASE);
    expectLinear('tokenizer, 4 KiB chunks', growth(made, geometryOfChunks), 6);
  });
});

// ---- KiCad netlist exports ----

/** Channels of the smallest design; the largest has eight times as many. */
const NETLIST_BASE = 100;

/**
 * A design of `k × NETLIST_BASE` channels, each a sheet with one resistor whose two pins go to two pins
 * of one FPGA on the root sheet (which so has two pins per channel), as `kicad-cli sch export netlist`
 * writes it.
 */
function netlistSexpr(k: number): string {
  const c = k * NETLIST_BASE;
  const out = [
    '(export (version "E")',
    '  (design',
    '    (source "/work/pnr/design.kicad_sch")',
    '    (date "2025-06-01T12:00:00+0000")',
    '    (tool "Eeschema 9.0.0")',
    '    (sheet (number "1") (name "/") (tstamps "/")',
    '      (title_block (title "Design") (company) (rev "A") (date) (source "design.kicad_sch")))',
  ];
  for (let i = 0; i < c; i++)
    out.push(
      `    (sheet (number "${i + 2}") (name "/ch${i}/") (tstamps "/${uuid(i)}/")`,
      '      (title_block (title) (company) (rev) (date) (source "channel.kicad_sch")))',
    );
  out.push(
    '  )',
    '  (components',
    '    (comp (ref "U1")',
    '      (value "FPGA")',
    `      (footprint "Package_BGA:BGA-${2 * c}")`,
    `      (libsource (lib "FPGA") (part "FPGA_${2 * c}") (description "FPGA"))`,
    '      (sheetpath (names "/") (tstamps "/"))',
    `      (tstamps "${uuid(0, 7)}"))`,
  );
  for (let i = 0; i < c; i++)
    out.push(
      `    (comp (ref "R${i}")`,
      '      (value "10k")',
      '      (footprint "Resistor_SMD:R_0603_1608Metric")',
      '      (fields',
      '        (field (name "Footprint") "Resistor_SMD:R_0603_1608Metric")',
      '        (field (name "Datasheet") "~")',
      '        (field (name "Tolerance") "1%"))',
      '      (libsource (lib "Device") (part "R") (description "Resistor"))',
      `      (property (name "Sheetname") (value "ch${i}"))`,
      `      (sheetpath (names "/ch${i}/") (tstamps "/${uuid(i)}/"))`,
      `      (tstamps "${uuid(i, 1)}"))`,
    );
  out.push(
    '  )',
    '  (libparts',
    '    (libpart (lib "Device") (part "R")',
    '      (description "Resistor")',
    '      (pins',
    '        (pin (num "1") (name "~") (type "passive"))',
    '        (pin (num "2") (name "~") (type "passive"))))',
    `    (libpart (lib "FPGA") (part "FPGA_${2 * c}")`,
    '      (pins',
  );
  for (let p = 1; p <= 2 * c; p++)
    out.push(`        (pin (num "${p}") (name "IO${p}") (type "bidirectional"))`);
  out.push('      ))', '  )', '  (nets');
  for (let i = 0; i < c; i++)
    for (const [end, pin] of [
      ['A', 1],
      ['B', 2],
    ] as const)
      out.push(
        `    (net (code "${2 * i + pin}") (name "/ch${i}/${end}") (class "Default")`,
        `      (node (ref "R${i}") (pin "${pin}") (pintype "passive"))`,
        `      (node (ref "U1") (pin "${2 * i + pin}") (pinfunction "IO${2 * i + pin}") (pintype "bidirectional")))`,
      );
  out.push('  )', ')', '');
  return out.join('\n');
}

/** The design of netlistSexpr as `kicad-cli sch export netlist --format kicadxml` writes it. */
function netlistXml(k: number): string {
  const c = k * NETLIST_BASE;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<export version="E">',
    '  <design>',
    '    <source>/work/pnr/design.kicad_sch</source>',
    '    <date>2025-06-01T12:00:00+0000</date>',
    '    <tool>Eeschema 9.0.0</tool>',
    '    <sheet number="1" name="/" tstamps="/">',
    '      <title_block><title>Design</title><company/><rev>A</rev><date/><source>design.kicad_sch</source></title_block>',
    '    </sheet>',
  ];
  for (let i = 0; i < c; i++)
    out.push(
      `    <sheet number="${i + 2}" name="/ch${i}/" tstamps="/${uuid(i)}/">`,
      '      <title_block><title/><company/><rev/><date/><source>channel.kicad_sch</source></title_block>',
      '    </sheet>',
    );
  out.push(
    '  </design>',
    '  <components>',
    '    <comp ref="U1">',
    '      <value>FPGA</value>',
    `      <footprint>Package_BGA:BGA-${2 * c}</footprint>`,
    `      <libsource lib="FPGA" part="FPGA_${2 * c}" description="FPGA"/>`,
    '      <sheetpath names="/" tstamps="/"/>',
    `      <tstamps>${uuid(0, 7)}</tstamps>`,
    '    </comp>',
  );
  for (let i = 0; i < c; i++)
    out.push(
      `    <comp ref="R${i}">`,
      '      <value>10k</value>',
      '      <footprint>Resistor_SMD:R_0603_1608Metric</footprint>',
      '      <fields>',
      '        <field name="Footprint">Resistor_SMD:R_0603_1608Metric</field>',
      '        <field name="Datasheet">~</field>',
      '        <field name="Tolerance">1%</field>',
      '      </fields>',
      '      <libsource lib="Device" part="R" description="Resistor"/>',
      `      <property name="Sheetname" value="ch${i}"/>`,
      `      <sheetpath names="/ch${i}/" tstamps="/${uuid(i)}/"/>`,
      `      <tstamps>${uuid(i, 1)}</tstamps>`,
      '    </comp>',
    );
  out.push(
    '  </components>',
    '  <libparts>',
    '    <libpart lib="Device" part="R">',
    '      <description>Resistor</description>',
    '      <pins>',
    '        <pin num="1" name="~" type="passive"/>',
    '        <pin num="2" name="~" type="passive"/>',
    '      </pins>',
    '    </libpart>',
    `    <libpart lib="FPGA" part="FPGA_${2 * c}">`,
    '      <pins>',
  );
  for (let p = 1; p <= 2 * c; p++) out.push(`        <pin num="${p}" name="IO${p}" type="bidirectional"/>`);
  out.push('      </pins>', '    </libpart>', '  </libparts>', '  <nets>');
  for (let i = 0; i < c; i++)
    for (const [end, pin] of [
      ['A', 1],
      ['B', 2],
    ] as const)
      out.push(
        `    <net code="${2 * i + pin}" name="/ch${i}/${end}" class="Default">`,
        `      <node ref="R${i}" pin="${pin}" pintype="passive"/>`,
        `      <node ref="U1" pin="${2 * i + pin}" pinfunction="IO${2 * i + pin}" pintype="bidirectional"/>`,
        '    </net>',
      );
  out.push('  </nets>', '</export>', '');
  return out.join('\n');
}

/** Reads a netlist export into a netlist graph, as readKicadNetlist does with the file's text. */
const netlistGraph = (text: string) => graphFromKicadExport(parseKicadNetlist(text, 'design.net'), 'design');

describe('reading a KiCad netlist export examines a constant number of characters per input character', () => {
  for (const [form, make] of [
    ['S-expression', netlistSexpr],
    ['XML', netlistXml],
  ] as const) {
    it(`in ${form} form, with a sheet per channel and one part on every channel`, () => {
      const graph = netlistGraph(make(1));
      expect(graph.nets).toHaveLength(2 * NETLIST_BASE);
      expect(graph.nets[3]).toEqual({
        name: '/ch1/B',
        class: 'Default',
        pins: [
          { ref: 'R1', pad: '2' },
          { ref: 'U1', pad: '4' },
        ],
      });
      expect(graph.components.find((c) => c.ref === 'U1')!.pins).toHaveLength(2 * NETLIST_BASE);
      const g = growth((k) => {
        const text = make(k);
        return { size: text.length, input: text };
      }, netlistGraph);
      expectLinear(`netlist export (${form})`, g, 5);
    });
  }
});

// ---- Live directories ----

/** Runs of the smallest sweep (each with one trial lane); the largest has eight times as many. */
const EVENTS_BASE = 100;

/** Runs of the smallest live directory read from disk (a file per event). */
const READER_BASE = 40;

interface EventFile {
  name: string;
  text: string;
}

/**
 * The events of a sweep of `runs` runs, each with one trial lane under one search lane, named
 * conventionally or `<kind>-<seq>.json` (which does not sort by seq), in name order as a listing reads them.
 */
function sweepEvents(runs: number, naming: 'conventional' | 'by-kind'): EventFile[] {
  const files: EventFile[] = [];
  let seq = 0;
  const add = <K extends EventKind>(kind: K, run: string, fields: EventFields[K]) => {
    const name = naming === 'conventional' ? eventFileName(seq, kind) : `${kind}-${seq}.json`;
    const event = {
      schema: 'pnr-live-event-v1',
      seq,
      time: '2025-06-01T12:00:00.000Z',
      run,
      kind,
      ...fields,
    };
    files.push({ name, text: `${JSON.stringify(event)}\n` });
    seq++;
  };
  add('experiment_start', 'sweep', { experiment: { name: 'sweep', seed: 7 } });
  add('lane_start', 'sweep', { lane: 'search', lane_kind: 'candidate', parent: null, label: 'search' });
  for (let i = 0; i < runs; i++) {
    const run = `run-${i}`;
    const lane = `trial-${i}`;
    add('run_start', run, { tool: { name: 'pnr', version: '1.0' }, seed: i });
    add('lane_start', run, { lane, lane_kind: 'trial', parent: 'search' });
    add('placement_cost', run, { lane, step: 1, total: 900 - i, best: 850 });
    add('route', run, {
      lane,
      replace: true,
      nets: [
        {
          net: 'GND',
          tracks: [
            {
              layer: 'F.Cu',
              width: 0.25,
              points: [
                [0, 0],
                [1, i],
              ],
            },
          ],
        },
      ],
    });
    add('lane_end', run, { lane, status: 'completed', cost: 800 });
    add('run_end', run, { status: 'completed' });
  }
  return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const STAMP = { size: 1, mtimeMs: 1, ino: 1 };

/** Checks and indexes event texts in order, as the reader's listing does with the files it reads. */
function indexEvents(files: EventFile[]): EventIndex {
  const index = new EventIndex();
  let rev = 0;
  for (const { name, text } of files) {
    const check = checkEventText(text);
    if (!check.ok) throw new Error(`${name}: ${check.problem.message}`);
    index.add(factOf(check.event), name, STAMP, ++rev);
  }
  if (index.seqs.length !== files.length) throw new Error('an event was not indexed');
  return index;
}

const sized = (files: EventFile[]): Sized<EventFile[]> => ({
  size: files.reduce((n, f) => n + f.text.length, 0),
  input: files,
});

/** A live directory holding the events. */
function liveDirectory(files: EventFile[], name: string): string {
  const root = folder(name);
  mkdirSync(join(root, 'events'));
  for (const file of files) writeFileSync(join(root, 'events', file.name), file.text);
  return root;
}

describe('reading a live directory examines a constant number of characters per input character', () => {
  it('events of many runs, each a child lane of one lane', () => {
    const index = indexEvents(sweepEvents(EVENTS_BASE, 'conventional'));
    expect(index.experiment.runs).toHaveLength(EVENTS_BASE);
    expect(index.lanes.get('search')!.summary.children).toHaveLength(EVENTS_BASE);
    expectLinear(
      'events, conventional names',
      growth((k) => sized(sweepEvents(k * EVENTS_BASE, 'conventional')), indexEvents),
      3,
    );
  });

  it('events whose file names do not sort by seq', () => {
    const index = indexEvents(sweepEvents(EVENTS_BASE, 'by-kind'));
    expect(index.seqs).toEqual(Array.from({ length: 2 + 6 * EVENTS_BASE }, (_, i) => i));
    expectLinear(
      'events, names by kind',
      growth((k) => sized(sweepEvents(k * EVENTS_BASE, 'by-kind')), indexEvents),
      3,
    );
  });

  it('the reader on a directory of such files: the first listing and a full state', async () => {
    const listed = async (root: string) => {
      const reader = new LiveDirectoryReader({ root, listIntervalMs: 0 });
      await reader.poll();
      return { reader, state: reader.state() };
    };
    const g = await growthAsync((k) => {
      const files = sweepEvents(k * READER_BASE, 'by-kind');
      return { ...sized(files), input: liveDirectory(files, `live-${k}`) };
    }, listed);
    const { reader, state } = await listed(join(scratch, 'live-1'));
    expect(state.lanes).toHaveLength(1 + READER_BASE);
    expect(reader.history({ lane: 'trial-7' }).map((r) => r.event.seq)).toEqual([45, 46, 47, 48]);
    expect(reader.history({ before: 46, limit: 3 }).map((r) => r.event.seq)).toEqual([43, 44, 45]);
    expectLinear('live directory reader', g, 4);
  });

  it('the persistent index', async () => {
    const g = await growthAsync(
      async (k) => {
        const index = indexEvents(sweepEvents(k * EVENTS_BASE, 'conventional'));
        const files: IndexedFile[] = index.arrivals.map(({ name, fact, size, mtimeMs, ino }) => ({
          name,
          fact,
          size,
          mtimeMs,
          ino,
        }));
        const path = join(folder('indexes'), `index-${k}.json`);
        await writeLiveIndex(path, '/live', files, 'folder-stamp');
        return { size: statSync(path).size, input: path };
      },
      (path) => {
        const opening = readLiveIndex(path, '/live');
        if (opening.state !== 'loaded')
          throw new Error(`the index was not loaded: ${JSON.stringify(opening)}`);
        return Promise.resolve(opening);
      },
    );
    expectLinear('readLiveIndex', g, 3);
  });
});
