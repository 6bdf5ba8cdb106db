// Builds the matrix workbook on a worker thread while this thread lays out the pages: on a large pack
// the XLSX is a fifth of the work and needs nothing the pages need. The rows go over as one JSON text
// (a single string is copied at once; a structured clone of millions of cells is not), the bytes come
// back as a transferred buffer. Run from TypeScript sources (tests), the work stays on this thread.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const WORKER_SCRIPT = fileURLToPath(new URL('./matrix-workbook-worker.js', import.meta.url));

/** Below this many rows the worker's start-up (loading exceljs again) costs more than it saves. */
const MIN_ROWS_FOR_A_WORKER = 20_000;

/** What the worker is sent: both tables and the pack's date. */
export interface WorkbookRequest {
  rows: string;
  date: string;
}

/** Whether a workbook of `rows` rows is built on a worker thread. */
export function workbookOnWorker(rows: number): boolean {
  return rows >= MIN_ROWS_FOR_A_WORKER && existsSync(WORKER_SCRIPT);
}

/** The workbook of both matrices, built on a worker thread when they are large. */
export function matrixWorkbookSoon(forward: string[][], backward: string[][], date: Date): Promise<Buffer> {
  if (!workbookOnWorker(forward.length + backward.length))
    return import('./matrix-workbook.js').then(({ matrixWorkbook }) =>
      matrixWorkbook(forward, backward, date),
    );
  const request: WorkbookRequest = { rows: JSON.stringify([forward, backward]), date: date.toISOString() };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, { workerData: request });
    let done = false;
    worker.once('message', (bytes: Uint8Array) => {
      done = true;
      resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`the workbook's worker stopped with exit code ${code} before it was done`));
    });
  });
}
