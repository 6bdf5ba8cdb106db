// Reads and parses the XML files of an evidence directory, on worker threads when there is much of it:
// XML parsing is most of ingestion's time and each file parses on its own.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../model/diagnostic.js';
import { runInShares } from '../parallel/worker-shares.js';
import { readEvidenceText } from './evidence-text.js';
import { readJUnitFile, type JUnitFile } from './junit-file.js';

/** A file read as JUnit XML, or the read-error that stopped it. */
export type JUnitRead = JUnitFile | { unreadable: Diagnostic };

/** Below this many bytes per thread a worker's start-up costs more than it saves. */
const MIN_BYTES_PER_THREAD = 4 * 1024 * 1024;

// Only the compiled build has a runnable worker script; run from TypeScript sources, work stays here.
const WORKER_SCRIPT = fileURLToPath(new URL('./junit-worker.js', import.meta.url));

/** Reads each of `rels` (relative to `dir`) as a JUnit report; results in the same order. */
export async function readJUnitFiles(dir: string, rels: string[]): Promise<JUnitRead[]> {
  const sizes = rels.map((rel) => {
    try {
      return statSync(join(dir, rel)).size;
    } catch {
      return 0; // the read itself reports why
    }
  });
  return runInShares({
    items: rels.map((rel) => JSON.stringify([dir, rel])),
    sizes,
    script: WORKER_SCRIPT,
    here: async (items) => items.map(readOne),
    minBytesPerThread: MIN_BYTES_PER_THREAD,
    // The main thread loads the model meanwhile (loadInputs).
    mainTakesShare: false,
  });
}

/** One work item, `[dir, rel]` as JSON (worker items are strings), read and parsed. */
export function readOne(item: string): JUnitRead {
  const [dir, rel] = JSON.parse(item) as [string, string];
  const text = readEvidenceText(dir, rel);
  return text.ok ? readJUnitFile(text.text, rel) : { unreadable: text.diagnostic };
}
