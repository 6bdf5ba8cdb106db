// Builds the matrix workbook on a worker thread while this thread lays out the pages: on a large pack
// the XLSX is a fifth of the work and needs nothing the pages need. The worker is started as soon as
// the evidence is read, so that loading exceljs (a second) overlaps the analysis, when the other core
// has nothing to do; it then waits for the rows. Each sheet's rows go over as one JSON text (a single
// string is copied at once; a structured clone of millions of cells is not), the bytes come back as a
// transferred buffer. Run from TypeScript sources (tests), the work stays on this thread.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const WORKER_SCRIPT = fileURLToPath(new URL('./matrix-workbook-worker.js', import.meta.url));

/** Below this many rows the worker's start-up (loading exceljs again) costs more than it saves. */
const MIN_ROWS_FOR_A_WORKER = 20_000;

/**
 * What the worker is sent: the pack's date, then each sheet's rows (0: forward, 1: backward) in chunks
 * of JSON text, each sheet closed by `end`.
 */
export type WorkbookMessage = { date: string } | { sheet: 0 | 1; rows: string } | { sheet: 0 | 1; end: true };

/** Rows a chunk holds: the worker parses one when it needs it, so the parsed rows die young. */
const CHUNK_ROWS = 10_000;

/** Builds the workbook once its rows are known; close() lets go of its worker. */
export interface WorkbookBuilder {
  build(forward: string[][], backward: string[][], date: Date): Promise<Buffer>;
  close(): void;
}

/** Whether a workbook of `rows` rows is built on a worker thread. */
export function workbookOnWorker(rows: number): boolean {
  return rows >= MIN_ROWS_FOR_A_WORKER && existsSync(WORKER_SCRIPT);
}

/**
 * A builder for a workbook of about `expectedRows` rows: a large one starts its worker now, so the
 * worker is ready when build() is called; a small one builds on this thread.
 */
export function workbookBuilder(expectedRows: number): WorkbookBuilder {
  if (!workbookOnWorker(expectedRows)) return { build: buildHere, close: () => {} };
  const worker = new Worker(WORKER_SCRIPT);
  worker.unref(); // while it waits for its rows it must not keep the process alive
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the workbook's worker stopped with exit code ${code} before it was done`)),
    );
  });
  failed.catch(() => {}); // an unused worker's end is nobody's error; build() reports it when used
  return {
    build(forward, backward, date) {
      worker.ref();
      const done = new Promise<Buffer>((resolve) => {
        worker.once('message', (bytes: Uint8Array) => {
          resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
          void worker.terminate();
        });
      });
      // In chunks: the worker starts on the first rows while this thread writes out the others.
      const send = (message: WorkbookMessage) => worker.postMessage(message);
      send({ date: date.toISOString() });
      for (const sheet of [0, 1] as const) {
        const rows = sheet === 0 ? forward : backward;
        for (let i = 0; i < rows.length; i += CHUNK_ROWS)
          send({ sheet, rows: JSON.stringify(rows.slice(i, i + CHUNK_ROWS)) });
        send({ sheet, end: true });
      }
      return Promise.race([done, failed]);
    },
    close() {
      void worker.terminate(); // done by then, unless the publication failed on the way
    },
  };
}

/** The workbook of both matrices, built on a worker thread when they are large. */
export function matrixWorkbookSoon(forward: string[][], backward: string[][], date: Date): Promise<Buffer> {
  return workbookBuilder(forward.length + backward.length).build(forward, backward, date);
}

function buildHere(forward: string[][], backward: string[][], date: Date): Promise<Buffer> {
  return import('./matrix-workbook.js').then(({ matrixWorkbook }) => matrixWorkbook(forward, backward, date));
}
