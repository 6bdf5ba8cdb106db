// SPDX-License-Identifier: AGPL-3.0-or-later
// The candidate forms of board geometry for the page, measured on one board in one process: the whole
// rr-board-geometry-v1 JSON (what the page fetched before), the same geometry cut into parts as compact
// JSON, and the parts in the binary part format (nanometre integer columns; and with every column as
// 64-bit floats, to see what the integers buy). For each: bytes, gzip bytes and time, the time to read
// it back (JSON.parse, or decodePart), and the same for the first view (outline, footprints, front copper).
// Run with `node dist/bench/viewer-geometry/format-options.js [BOARD]`; the choice is in docs/decisions/0053-parts-per-layer-in-a-binary-form-not-one-json-object.md.
import { gzipSync } from 'node:zlib';
import type { BoardGeometry } from '../../src/geometry/board-geometry.js';
import { encodeColumn } from '../../src/geometry/geometry-columns.js';
import { decodePart, encodePart } from '../../src/geometry/geometry-part-codec.js';
import { splitGeometry } from '../../src/geometry/geometry-split.js';
import { readKicadBoard } from '../../src/geometry/kicad-board-reader.js';

const BOARD = process.argv[2] ?? '/usr/share/kicad/demos/vme-wren/vme-wren.kicad_pcb';
const FIRST_VIEW = new Set(['Edge.Cuts', 'footprints', 'F.Cu']);

/** Median time of `f` over a few runs, in ms. */
function time(f: () => unknown, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

interface Form {
  name: string;
  files: { name: string; bytes: Uint8Array }[];
  read: (bytes: Uint8Array, name: string) => unknown;
}

function report(form: Form): void {
  const all = form.files;
  const first = all.filter((f) => FIRST_VIEW.has(f.name) || all.length === 1);
  const sum = (files: typeof all, f: (b: Uint8Array) => number) => files.reduce((n, x) => n + f(x.bytes), 0);
  const gz = (files: typeof all) => sum(files, (b) => gzipSync(b, { level: 6 }).length);
  const gzipMs = time(() => all.forEach((f) => gzipSync(f.bytes, { level: 6 })), 3);
  const readMs = (files: typeof all) => time(() => files.forEach((f) => form.read(f.bytes, f.name)));
  const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
  console.log(
    `${form.name.padEnd(34)} ${mb(sum(all, (b) => b.length))}, gzip ${mb(gz(all))} (${gzipMs.toFixed(0)} ms), read ${readMs(all).toFixed(0)} ms; ` +
      `first view ${mb(sum(first, (b) => b.length))}, gzip ${mb(gz(first))}, read ${readMs(first).toFixed(0)} ms`,
  );
}

const text = new TextEncoder();
const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;

const geometry: BoardGeometry = await readKicadBoard(BOARD);
const { parts } = splitGeometry(geometry);
console.log(`node ${process.version}; ${BOARD}; ${parts.length} parts`);

report({
  name: 'whole JSON (before)',
  files: [{ name: 'all', bytes: text.encode(JSON.stringify(geometry)) }],
  read: json,
});
report({
  name: 'parts as compact JSON',
  files: parts.map((p) => ({ name: p.name, bytes: text.encode(JSON.stringify(p)) })),
  read: json,
});
let encodeMs = 0;
const binary = parts.map((p) => {
  const t = performance.now();
  const bytes = encodePart(p);
  encodeMs += performance.now() - t;
  return { name: p.name, bytes };
});
report({ name: `parts, binary (chosen; encode ${encodeMs.toFixed(0)} ms)`, files: binary, read: decodePart });
// Zone fill coordinates, most of a large board's numbers, stored three ways.
const coordinates = new Float64Array(
  parts.flatMap((p) => (p.kind === 'layer' ? p.fills.flatMap((f) => f.polygons.flat()) : [])),
);
const ways: [string, Uint8Array][] = [
  ['64-bit floats', new Uint8Array(coordinates.buffer)],
  ['nanometre int32', encodeColumn('xy', coordinates, 1e6).bytes],
  ['nanometre int32 differences (chosen)', encodeColumn('xy', coordinates, 1e6, 2).bytes],
];
console.log(`zone fill coordinates (${coordinates.length} numbers):`);
for (const [name, bytes] of ways) {
  const t = performance.now();
  const gz = gzipSync(bytes, { level: 6 }).length;
  console.log(
    `  ${name.padEnd(38)} ${(bytes.length / 1e6).toFixed(2)} MB, gzip ${(gz / 1e6).toFixed(2)} MB (${(performance.now() - t).toFixed(0)} ms)`,
  );
}
