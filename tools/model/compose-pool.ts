import { fileURLToPath } from 'node:url';
import { runInShares, workerCount } from '../parallel/worker-shares.js';
import { composeWorkBytes } from './compose-cache.js';
import { composeModelFile, type ComposedFile } from './compose-file.js';

/** Below this many bytes per thread a worker's start-up (loading yaml and ajv) costs more than it saves. */
const MIN_BYTES_PER_THREAD = 2 * 1024 * 1024;

// Only the compiled build has a runnable worker script; run from TypeScript sources, work stays here.
const WORKER_SCRIPT = fileURLToPath(new URL('./compose-worker.js', import.meta.url));

/**
 * Whether composing these files starts worker threads (what runInShares decides: over 2 MB of model
 * that the compose cache does not hold, in more than one file, on more than one core).
 */
export function composesOnWorkers(files: string[]): boolean {
  const sizes = files.map(composeWorkBytes);
  return (
    workerCount({ items: files, sizes, script: WORKER_SCRIPT, minBytesPerThread: MIN_BYTES_PER_THREAD }) > 0
  );
}

/**
 * Composes model files, in parallel for large models: the yaml package's parse is the cost of
 * loading, and it is CPU-bound. Worker threads and this thread share the files (this thread when it
 * is otherwise idle: loadInputs parses evidence meanwhile). RR_PARSE_THREADS=N sets the number of
 * threads (1 = no workers). Results keep the files' order.
 */
export function composeModelFiles(files: string[]): Promise<ComposedFile[]> {
  return runInShares({
    items: files,
    // Sizes synchronously, so the workers are running by the time the caller's own work starts.
    sizes: files.map(composeWorkBytes),
    script: WORKER_SCRIPT,
    here: composeModelFile,
    minBytesPerThread: MIN_BYTES_PER_THREAD,
  });
}
