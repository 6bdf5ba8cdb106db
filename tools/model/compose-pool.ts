import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { composeModelFile, type ComposedFile } from './compose-file.js';

/** Below this many bytes a worker's start-up (loading yaml and ajv) costs more than it saves. */
const PARALLEL_MIN_BYTES = 2 * 1024 * 1024;

// Only the compiled build has a runnable worker script; run from TypeScript sources, work stays here.
const WORKER_SCRIPT = fileURLToPath(new URL('./compose-worker.js', import.meta.url));

/**
 * Composes model files, in parallel for large models: the yaml package's parse is the cost of
 * loading, and it is CPU-bound. The main thread takes one share, worker threads the others.
 * RR_PARSE_THREADS=N sets the number of threads (1 = no workers). Results keep the files' order.
 */
export async function composeModelFiles(files: string[]): Promise<ComposedFile[]> {
  const sizes = await Promise.all(
    files.map((f) =>
      stat(f)
        .then((s) => s.size)
        .catch(() => 0),
    ),
  );
  const total = sizes.reduce((a, b) => a + b, 0);
  const threads = threadCount(total);
  if (threads <= 1 || files.length < 2) return composeHere(files);

  const shares = balance(files, sizes, threads);
  const [own, ...others] = shares;
  const [mine, ...theirs] = await Promise.all([composeHere(own!), ...others.map(composeInWorker)]);
  const byFile = new Map<string, ComposedFile>();
  for (const result of [...mine!, ...theirs.flat()]) byFile.set(result.file, result);
  return files.map((f) => byFile.get(f)!);
}

function threadCount(totalBytes: number): number {
  const configured = Number(process.env.RR_PARSE_THREADS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  if (totalBytes < PARALLEL_MIN_BYTES || !existsSync(WORKER_SCRIPT)) return 1;
  return Math.min(availableParallelism(), 4, Math.ceil(totalBytes / PARALLEL_MIN_BYTES));
}

async function composeHere(files: string[]): Promise<ComposedFile[]> {
  const out: ComposedFile[] = [];
  for (const file of files) out.push(await composeModelFile(file));
  return out;
}

function composeInWorker(files: string[]): Promise<ComposedFile[]> {
  if (!existsSync(WORKER_SCRIPT)) return composeHere(files);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, { workerData: files });
    worker.once('message', (results: ComposedFile[]) => {
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Splits files into `n` shares of about equal bytes (largest first into the lightest share). */
function balance(files: string[], sizes: number[], n: number): string[][] {
  const shares = Array.from({ length: n }, () => ({ bytes: 0, files: [] as string[] }));
  const order = files.map((f, i) => i).sort((a, b) => sizes[b]! - sizes[a]!);
  for (const i of order) {
    const lightest = shares.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    lightest.bytes += sizes[i]!;
    lightest.files.push(files[i]!);
  }
  return shares.map((s) => s.files);
}
