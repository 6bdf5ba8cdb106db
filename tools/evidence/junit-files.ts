// Reads and parses the XML files of an evidence directory: on this thread, or shared with worker
// threads when the caller has nothing else to run meanwhile. Workers send each file back as one compact
// string (junit-read-codec.ts): structured-cloning the parsed cases would cost as much as parsing them.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCheckedJson, shapeOf } from '../model/checked-json.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { runInShares } from '../parallel/worker-shares.js';
import { readEvidenceText } from './evidence-text.js';
import { readJUnitFile, type JUnitFile } from './junit-file.js';
import { decodeJUnitRead } from './junit-read-codec.js';

/** A file read as JUnit XML, or the read-error that stopped it. */
export type JUnitRead = JUnitFile | { unreadable: Diagnostic };

/** Below this many bytes per thread a worker's start-up costs more than it saves. */
const MIN_BYTES_PER_THREAD = 8 * 1024 * 1024;

// Only the compiled build has a runnable worker script; run from TypeScript sources, work stays here.
const WORKER_SCRIPT = fileURLToPath(new URL('./junit-worker.js', import.meta.url));

/** Reads each of `rels` (relative to `dir`) as a JUnit report, on this thread; results in the same order. */
export function readJUnitFiles(dir: string, rels: string[]): JUnitRead[] {
  return rels.map((rel) => readJUnitOne(dir, rel));
}

/**
 * The same, shared with worker threads when there is enough XML (this thread takes files too);
 * `arrived` is told each file's read (by index) as soon as it is on this thread.
 */
export function readJUnitFilesInParallel(
  dir: string,
  rels: string[],
  arrived?: (index: number, read: JUnitRead) => void,
): Promise<JUnitRead[]> {
  const sizes = rels.map((rel) => {
    try {
      return statSync(join(dir, rel)).size;
    } catch {
      return 0; // the read itself reports why
    }
  });
  return runInShares<JUnitRead, string>({
    items: rels.map((rel) => JSON.stringify([dir, rel])),
    sizes,
    script: WORKER_SCRIPT,
    here: (item) => Promise.resolve(readJUnitItem(item)),
    fromWorker: (text, item) => decodeJUnitRead(text, workItem(item)[1]),
    minBytesPerThread: MIN_BYTES_PER_THREAD,
    ...(arrived ? { onResult: arrived } : {}),
  });
}

/** One work item, `[dir, rel]` as JSON (worker items are strings), read and parsed. */
export function readJUnitItem(item: string): JUnitRead {
  const [dir, rel] = workItem(item);
  return readJUnitOne(dir, rel);
}

const WORK_ITEM = shapeOf<[string, string]>((value) =>
  Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')
    ? undefined
    : 'is not [dir, rel]',
);

/** `[dir, rel]` back from a work item (readJUnitFilesInParallel wrote it). */
function workItem(item: string): [string, string] {
  return parseCheckedJson(item, `JUnit work item ${item}`, WORK_ITEM);
}

function readJUnitOne(dir: string, rel: string): JUnitRead {
  const text = readEvidenceText(dir, rel);
  return text.ok ? readJUnitFile(text.text, rel) : { unreadable: text.diagnostic };
}
