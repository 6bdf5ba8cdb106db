// SPDX-License-Identifier: AGPL-3.0-or-later
// Number columns of a geometry part file. Board geometry is millimetres that KiCad keeps in whole
// nanometres, so a column is stored as 32-bit integers (millimetres × 10^6, optionally as the
// difference to the value `delta` places before, which makes polygon and track coordinates small
// and well compressible) whenever every value comes back exactly; otherwise as 64-bit floats.
// Either way a decoded value is the very number that was encoded. Little-endian on every platform.

/** How one column is stored in a part file. */
export interface ColumnLayout {
  name: string;
  /** "i32": integers (value × scale, maybe as differences); "f64": the values themselves. */
  type: 'i32' | 'f64';
  /** For i32: the stored integer is value × scale (1 for counts and positions, 1e6 for millimetres). */
  scale: number;
  /** For i32: each stored integer is the difference to the one `delta` places before (0: none). */
  delta: number;
  /** Number of values. */
  length: number;
  /** Byte offset of the column from the start of the file's data section. */
  offset: number;
}

/** An encoded column before it is placed in a file. */
export interface EncodedColumn {
  layout: Omit<ColumnLayout, 'offset'>;
  bytes: Uint8Array;
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Encodes values as i32 × scale (differences at `delta`) when exact, else as f64. */
export function encodeColumn(
  name: string,
  values: ArrayLike<number>,
  scale: number,
  delta = 0,
): EncodedColumn {
  const ints = asIntegers(values, scale, delta);
  if (ints)
    return { layout: { name, type: 'i32', scale, delta, length: values.length }, bytes: littleEndian(ints) };
  const floats = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) throw new Error(`geometry column ${name}: ${v} at ${i} is not a finite number`);
    floats[i] = v === 0 ? 0 : v; // JSON has no -0
  }
  return {
    layout: { name, type: 'f64', scale: 1, delta: 0, length: values.length },
    bytes: littleEndian(floats),
  };
}

/** The stored integers of the values, or undefined when one of them would not come back exactly. */
function asIntegers(values: ArrayLike<number>, scale: number, delta: number): Int32Array | undefined {
  const n = values.length;
  const ints = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    const q = Math.round(v * scale);
    if (q / scale !== v || q < INT_MIN || q > INT_MAX) return undefined;
    ints[i] = q;
  }
  if (delta > 0)
    for (let i = n - 1; i >= delta; i--) {
      const d = ints[i]! - ints[i - delta]!;
      if (d < INT_MIN || d > INT_MAX) return undefined;
      ints[i] = d;
    }
  return ints;
}

/** Decodes a column from the data section (which starts at `base` in `buffer`). */
export function decodeColumn(
  layout: ColumnLayout,
  buffer: ArrayBuffer,
  base: number,
): Int32Array | Float64Array {
  const start = base + layout.offset;
  if (layout.type === 'f64') return fromLittleEndian(buffer, start, layout.length, Float64Array);
  const ints = fromLittleEndian(buffer, start, layout.length, Int32Array);
  if (layout.scale === 1 && layout.delta === 0) return ints;
  const out = new Float64Array(ints);
  const { delta, scale } = layout;
  if (delta > 0) for (let i = delta; i < out.length; i++) out[i] = out[i]! + out[i - delta]!;
  // The same division the encoder checked, so the number is the one encoded.
  if (scale !== 1) for (let i = 0; i < out.length; i++) out[i] = out[i]! / scale;
  return out;
}

/** Byte length of a column of this layout. */
export function columnBytes(layout: Pick<ColumnLayout, 'type' | 'length'>): number {
  return layout.length * (layout.type === 'f64' ? 8 : 4);
}

function littleEndian(values: Int32Array | Float64Array): Uint8Array {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  return LITTLE_ENDIAN ? bytes : swapped(bytes, values.BYTES_PER_ELEMENT);
}

function fromLittleEndian<T extends Int32Array | Float64Array>(
  buffer: ArrayBuffer,
  start: number,
  length: number,
  type: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number },
): T {
  if (LITTLE_ENDIAN) return new type(buffer, start, length);
  const copy = swapped(
    new Uint8Array(buffer, start, length * type.BYTES_PER_ELEMENT),
    type.BYTES_PER_ELEMENT,
  );
  return new type(copy.buffer as ArrayBuffer, 0, length);
}

/** The bytes with each `width`-byte word reversed (for big-endian machines). */
function swapped(bytes: Uint8Array, width: number): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += width)
    for (let k = 0; k < width; k++) out[i + k] = bytes[i + width - 1 - k]!;
  return out;
}
