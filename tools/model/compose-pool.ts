import { fileURLToPath } from 'node:url';
import { startShares, type StartedShares } from '../parallel/worker-shares.js';
import { composeWorkBytes, forgetLookedUpBytes } from './compose-cache.js';
import { composeModelFile, type ComposedFile } from './compose-file.js';

/**
 * Below this many bytes per thread a worker's start-up (loading its modules) costs more than it saves.
 * Model files the block reader reads compose about four times faster than the yaml package's parse, so
 * the bar is four times the 2 MB it was (docs/decisions.md, "Reading model files fast").
 */
const MIN_BYTES_PER_THREAD = 8 * 1024 * 1024;

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
  const started = startShares({
    items: files,
    sizes: files.map(composeWorkBytes),
    script: WORKER_SCRIPT,
    here: composeModelFile,
    minBytesPerThread: MIN_BYTES_PER_THREAD,
  });
  // Bytes read here for files a worker composed are not needed any more.
  const results = started.results.finally(forgetLookedUpBytes);
  return { ...started, results };
}
