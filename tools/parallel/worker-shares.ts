// Runs CPU-bound work over files on worker threads and this thread together, from one shared queue:
// each thread claims the next item (largest first) with an atomic counter, so a thread that is busy
// with other work (the main thread parsing evidence) simply claims fewer. Workers post their results in
// batches as they go, so the main thread can put them to use before the last item is done. The model
// loader and evidence reading use it.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';

/** How a piece of work is shared out; `W` is what a worker sends back for an item (default: `T`). */
export interface ShareOptions<T, W = T> {
  /** items (usually file paths) and their sizes in bytes, index for index */
  items: string[];
  sizes: number[];
  /** compiled worker script: calls serveShare with the same work as `here` */
  script: string;
  /** the work for one item, on this thread */
  here: (item: string) => Promise<T>;
  /** turns what a worker sent for an item into its result (when workers send an encoding) */
  fromWorker?: (sent: W, item: string) => T;
  /** below this many bytes per thread a worker's start-up costs more than it saves */
  minBytesPerThread: number;
  /**
   * told each item's result on this thread as soon as it is here (workers send theirs in batches while
   * they work), so the caller can use results while the rest are still being worked on
   */
  onResult?: (index: number, result: T) => void;
}

/** What a worker is given: the items, the order to take them in, and the shared next-index counter. */
interface ShareQueue {
  items: string[];
  order: number[];
  next: SharedArrayBuffer;
}

// The work allocates many short-lived objects (parse trees); a young generation larger than V8's
// default roughly halves the time spent in scavenges (bench/report).
const YOUNG_GENERATION_MB = 96;

/** Work under way: how many worker threads share it (0: this thread alone), and its results to come. */
export interface StartedShares<T> {
  workers: number;
  results: Promise<T[]>;
}

/** Runs the work over every item (see startShares) and returns the results in the items' order. */
export function runInShares<T, W = T>(options: ShareOptions<T, W>): Promise<T[]> {
  return startShares(options).results;
}

/**
 * Starts the work over every item, on worker threads too when the input is large enough; the workers
 * are running when this returns. This thread takes an item only when its event loop is free, so work
 * the caller does meanwhile goes first. RR_PARSE_THREADS=N sets the number of threads (1 = no workers).
 */
export function startShares<T, W = T>(options: ShareOptions<T, W>): StartedShares<T> {
  const workers = workerCount(options);
  return { workers, results: shareOut(options, workers) };
}

async function shareOut<T, W>(options: ShareOptions<T, W>, workers: number): Promise<T[]> {
  const { items, sizes, onResult } = options;
  const out = new Array<T>(items.length);
  const settle = (i: number, result: T) => {
    out[i] = result;
    onResult?.(i, result);
  };
  if (workers === 0) {
    // After what the caller starts next in the same turn: loadInputs lists the evidence and starts its
    // workers before a small model is composed here, so they parse while this thread composes.
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < items.length; i++) settle(i, await options.here(items[i]!));
    return out;
  }
  const queue: ShareQueue = {
    items,
    order: items.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]!),
    next: new SharedArrayBuffer(4),
  };
  const decode = options.fromWorker ?? ((sent: W) => sent as unknown as T);
  const fromWorker = (batch: [number, W][]) => {
    for (const [i, sent] of batch) settle(i, decode(sent, items[i]!));
  };
  const started = Array.from({ length: workers }, () => inWorker<W>(options.script, queue, fromWorker));
  const own = (async () => {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      const i = claim(queue);
      if (i === undefined) return;
      settle(i, await options.here(items[i]!));
    }
  })();
  await Promise.all([own, ...started]);
  return out;
}

/** A worker posts what it has done at least this often (ms), so the main thread can use it early. */
const BATCH_INTERVAL_MS = 25;

/** What a worker posts: results of some items, and whether it has finished. */
interface ShareBatch<T> {
  results: [number, T][];
  done: boolean;
}

/** In a worker script: takes items from the queue it was given until none are left, posting results in batches. */
export async function serveShare<T>(work: (item: string) => Promise<T>): Promise<void> {
  // trusted: shareOut built this queue on rr's own main thread and passed it in workerData
  const queue = workerData as ShareQueue;
  let results: [number, T][] = [];
  let posted = performance.now();
  for (let i = claim(queue); i !== undefined; i = claim(queue)) {
    results.push([i, await work(queue.items[i]!)]);
    if (performance.now() - posted >= BATCH_INTERVAL_MS) {
      parentPort!.postMessage({ results, done: false } satisfies ShareBatch<T>);
      results = [];
      posted = performance.now();
    }
  }
  parentPort!.postMessage({ results, done: true } satisfies ShareBatch<T>);
}

/** The next item's index, or undefined when every item is taken. */
function claim(queue: ShareQueue): number | undefined {
  const k = Atomics.add(new Int32Array(queue.next), 0, 1);
  return k < queue.order.length ? queue.order[k] : undefined;
}

/** Worker threads to start beside this one: none for small inputs or from TypeScript sources. */
function workerCount<T, W>(options: ShareOptions<T, W>): number {
  const { items } = options;
  // Only the compiled build has a runnable worker script; run from TypeScript sources, work stays here.
  if (items.length < 2 || !existsSync(options.script)) return 0;
  const configured = Number(process.env.RR_PARSE_THREADS);
  if (Number.isInteger(configured) && configured > 0) return Math.min(configured, items.length) - 1;
  const total = options.sizes.reduce((a, b) => a + b, 0);
  const wanted = Math.min(
    8,
    availableParallelism(),
    Math.ceil(total / options.minBytesPerThread),
    items.length,
  );
  return Math.max(0, wanted - 1);
}

/** Runs a worker over the queue, handing each batch it posts to `received`; resolves when it is done. */
function inWorker<T>(
  script: string,
  queue: ShareQueue,
  received: (results: [number, T][]) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      workerData: queue,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.on('message', (batch: ShareBatch<T>) => {
      try {
        received(batch.results);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        void worker.terminate();
        return;
      }
      if (!batch.done) return;
      resolve();
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker ${script} stopped with exit code ${code}`));
    });
  });
}
