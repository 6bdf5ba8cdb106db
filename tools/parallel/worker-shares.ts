// Splits CPU-bound work over files into shares of about equal bytes and runs them on worker threads.
// The model loader (yaml composition) and evidence ingestion (XML parsing) both use it.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** How a piece of work is shared out. */
export interface ShareOptions<T> {
  /** items (usually file paths) and their sizes in bytes, index for index */
  items: string[];
  sizes: number[];
  /** compiled worker script: receives `workerData` = its items, posts back `T[]` in the same order */
  script: string;
  /** the same work in this thread, for small inputs and runs from TypeScript sources */
  here: (items: string[]) => Promise<T[]>;
  /** below this many bytes per thread a worker's start-up costs more than it saves */
  minBytesPerThread: number;
  /** whether this thread takes a share (false when it has other work meanwhile: a core is left to it) */
  mainTakesShare: boolean;
}

// The work allocates many short-lived objects (parse trees); a young generation larger than V8's
// default roughly halves the time spent in scavenges (bench/report).
const YOUNG_GENERATION_MB = 96;

/**
 * Runs `here` over every item, on worker threads when the input is large enough, and returns the results
 * in the items' order. RR_PARSE_THREADS=N sets the number of threads (1 = none).
 */
export async function runInShares<T>(options: ShareOptions<T>): Promise<T[]> {
  const { items, sizes, mainTakesShare } = options;
  const workers = workerCount(options);
  if (workers === 0) return options.here(items);
  const order = balance(items.length, sizes, workers + (mainTakesShare ? 1 : 0));
  const [own, ...others] = order;
  const jobs = mainTakesShare ? others : order;
  const results = await Promise.all([
    mainTakesShare ? options.here(own!.map((i) => items[i]!)) : Promise.resolve([]),
    ...jobs.map((share) =>
      inWorker<T>(
        options.script,
        share.map((i) => items[i]!),
      ),
    ),
  ]);
  const shares = mainTakesShare ? order : [[], ...order];
  const out = new Array<T>(items.length);
  shares.forEach((share, s) => share.forEach((itemIndex, k) => (out[itemIndex] = results[s]![k]!)));
  return out;
}

/** Worker threads to start: none for small inputs; a core is left to a main thread that does not share. */
function workerCount<T>(options: ShareOptions<T>): number {
  const configured = Number(process.env.RR_PARSE_THREADS);
  const { items, mainTakesShare } = options;
  if (items.length < (mainTakesShare ? 2 : 1) || !existsSync(options.script)) return 0;
  if (Number.isInteger(configured) && configured > 0) return Math.min(configured - 1, items.length);
  const total = options.sizes.reduce((a, b) => a + b, 0);
  if (total < options.minBytesPerThread) return 0;
  const wanted = Math.min(8, Math.ceil(total / options.minBytesPerThread), items.length);
  if (mainTakesShare) return Math.min(availableParallelism(), wanted) - 1;
  return Math.max(1, Math.min(availableParallelism() - 1, wanted));
}

function inWorker<T>(script: string, items: string[]): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: items,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.once('message', (results: T[]) => {
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker ${script} stopped with exit code ${code}`));
    });
  });
}

/** Splits item indexes into `n` shares of about equal bytes (largest first into the lightest share). */
function balance(count: number, sizes: number[], n: number): number[][] {
  const shares = Array.from({ length: n }, () => ({ bytes: 0, items: [] as number[] }));
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => sizes[b]! - sizes[a]!);
  for (const i of order) {
    const lightest = shares.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    lightest.bytes += sizes[i]!;
    lightest.items.push(i);
  }
  return shares.map((s) => s.items);
}
