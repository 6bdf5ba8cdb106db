import { fileURLToPath } from 'node:url';
import { startShares, type StartedShares } from '../parallel/worker-shares.js';
import { composeWorkBytes, forgetLookedUpBytes, lookedUpBytes } from './compose-cache.js';
import { composeModelFile, composeModelFileRead, type ComposedFile } from './compose-file.js';
import { composedFromMessage, type ComposedMessage } from './composed-json.js';
import { decodeModelBytes, readModelTextSync, type ModelText } from './model-text.js';

/**
 * Below this many bytes per thread a worker's start-up and, above all, sending its results back (a
 * structured clone of every entity and position, on the main thread) cost more than composing the
 * files here. With the block and JSON readers that bar is high: on 2 cores, 50,000 entities (13 MB) in
 * 201 files loaded in 2.9 s on one thread and 3.5 s with a worker, in 50,001 files 4.2 s and 4.8 s
 * (docs/decisions/0200-linear-time-in-every-layout.md). Models this large are read by the yaml package
 * (anchors, tags, ...) only rarely; it composes about four times slower, which a worker can offset.
 */
const MIN_BYTES_PER_THREAD = 64 * 1024 * 1024;

// Only the compiled build has a runnable worker script; run from TypeScript sources, work stays here.
const WORKER_SCRIPT = fileURLToPath(new URL('./compose-worker.js', import.meta.url));

/**
 * Composes model files, in parallel for large models: the yaml package's parse is the cost of
 * loading, and it is CPU-bound. Worker threads (started before this returns) and this thread share the
 * files, this thread when it is otherwise idle: loadInputs parses evidence meanwhile. Only bytes the
 * compose cache does not hold count towards starting workers. RR_PARSE_THREADS=N sets the number of
 * threads (1 = no workers). Results keep the files' order.
 */
export function startComposeModelFiles(files: string[]): StartedShares<ComposedFile> {
  const started = startComposing(files, composeModelFile, (sent) => sent);
  // Bytes read here for files a worker composed are not needed any more.
  const results = started.results.finally(forgetLookedUpBytes);
  return { ...started, results };
}

function startComposing<T>(
  files: string[],
  here: (file: string) => Promise<T>,
  fromWorker: (composed: ComposedFile, file: string) => T,
): StartedShares<T> {
  return startShares<T, ComposedMessage>({
    items: files,
    sizes: files.map(composeWorkBytes),
    script: WORKER_SCRIPT,
    here,
    fromWorker: (sent, file) => fromWorker(composedFromMessage(sent), file),
    minBytesPerThread: MIN_BYTES_PER_THREAD,
  });
}

/** A model file composed, with the text it was composed from: what the incremental engine takes. */
export interface ComposedText {
  text: ModelText;
  composed: ComposedFile;
}

/**
 * Composes model files as startComposeModelFiles does (worker threads for large models, the compose
 * cache) and gives each file's decoded text with it: the text this thread decoded to compose it, else
 * (a worker composed it, or the cache held it) decoded from the bytes this thread read to size the work.
 * No file is read twice (docs/incremental.md, "The command line").
 */
export function startComposeModelTexts(files: string[]): StartedShares<ComposedText> {
  const started = startComposing(
    files,
    (file) => {
      const read = composeModelFileRead(file);
      return Promise.resolve({ composed: read.composed, text: read.text ?? textOf(file) });
    },
    (composed, file) => ({ composed, text: textOf(file) }),
  );
  return { ...started, results: started.results.finally(forgetLookedUpBytes) };
}

/** A file's text from the bytes read to size the work; a file that could not be read is read again, to say why. */
function textOf(file: string): ModelText {
  const looked = lookedUpBytes(file);
  return looked ? decodeModelBytes(file, looked.bytes) : readModelTextSync(file);
}
