import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInShares } from '../parallel/worker-shares.js';
import { composeModelFile, type ComposedFile } from './compose-file.js';

/** Below this many bytes per thread a worker's start-up (loading yaml and ajv) costs more than it saves. */
const MIN_BYTES_PER_THREAD = 2 * 1024 * 1024;

// Only the compiled build has a runnable worker script; run from TypeScript sources, work stays here.
const WORKER_SCRIPT = fileURLToPath(new URL('./compose-worker.js', import.meta.url));

/** How composing shares the machine. */
export interface ComposeOptions {
  /**
   * The caller has CPU work of its own meanwhile (loadInputs parses evidence): a large model goes
   * wholly to worker threads, one core fewer, and they start before this call returns.
   */
  mainThreadBusy?: boolean;
}

/**
 * Composes model files, in parallel for large models: the yaml package's parse is the cost of
 * loading, and it is CPU-bound. The main thread takes one share, worker threads the others.
 * RR_PARSE_THREADS=N sets the number of threads (1 = no workers). Results keep the files' order.
 */
export function composeModelFiles(files: string[], options: ComposeOptions = {}): Promise<ComposedFile[]> {
  // Sizes synchronously, so the workers are running by the time the caller's own work starts.
  const sizes = files.map((f) => {
    try {
      return statSync(f).size;
    } catch {
      return 0; // the read itself reports why
    }
  });
  return runInShares({
    items: files,
    sizes,
    script: WORKER_SCRIPT,
    here: composeHere,
    minBytesPerThread: MIN_BYTES_PER_THREAD,
    mainTakesShare: options.mainThreadBusy !== true,
  });
}

async function composeHere(files: string[]): Promise<ComposedFile[]> {
  const out: ComposedFile[] = [];
  for (const file of files) out.push(await composeModelFile(file));
  return out;
}
