// JSON.stringify(value, null, 2), written in pieces: the outer containers element by element, so a
// 200,000-case report (120 MB of JSON) never stands in memory as one string beside the data behind it.

/** How many container levels are written piece by piece; deeper values are stringified whole. */
const STREAMED_LEVELS = 2;

/** The same text as JSON.stringify(value, null, 2), as a sequence of pieces. */
export function* prettyJsonChunks(value: unknown, indent = '', level = 0): Generator<string> {
  const json = jsonValue(value);
  if (level >= STREAMED_LEVELS || json === null || typeof json !== 'object') {
    // Strings in JSON hold no raw line breaks, so every line break here starts a line to indent.
    yield (JSON.stringify(json, null, 2) ?? 'null').replaceAll('\n', `\n${indent}`);
    return;
  }
  const inner = `${indent}  `;
  const items: [string | undefined, unknown][] = Array.isArray(json)
    ? json.map((item) => [undefined, item])
    : Object.entries(json).filter(([, v]) => jsonValue(v) !== undefined);
  const [open, close] = Array.isArray(json) ? ['[', ']'] : ['{', '}'];
  if (items.length === 0) {
    yield open + close;
    return;
  }
  yield open;
  for (let i = 0; i < items.length; i++) {
    const [key, item] = items[i]!;
    yield `${i === 0 ? '\n' : ',\n'}${inner}${key === undefined ? '' : `${JSON.stringify(key)}: `}`;
    yield* prettyJsonChunks(item === undefined ? null : item, inner, level + 1);
  }
  yield `\n${indent}${close}`;
}

/** What JSON.stringify would write for a value: toJSON applied; undefined for what it leaves out. */
function jsonValue(value: unknown): unknown {
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    return (value as { toJSON: () => unknown }).toJSON();
  }
  return value;
}

/** Joins pieces into writes of about `size` characters: one write per element would be slow. */
export function* inBatches(chunks: Iterable<string>, size = 1 << 20): Generator<string> {
  let batch: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    batch.push(chunk);
    length += chunk.length;
    if (length >= size) {
      yield batch.join('');
      batch = [];
      length = 0;
    }
  }
  if (batch.length > 0) yield batch.join('');
}

/** A value as pretty JSON and a final newline, in batches (for writeFile, which takes an iterable). */
export function* prettyJsonFile(value: unknown): Generator<string> {
  yield* inBatches(prettyJsonChunks(value));
  yield '\n';
}

/** Writes a value as pretty JSON and a final newline through `write`, in batches. */
export function writePrettyJson(write: (text: string) => void, value: unknown): void {
  for (const batch of prettyJsonFile(value)) write(batch);
}
