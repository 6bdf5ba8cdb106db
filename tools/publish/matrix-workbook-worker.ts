// Worker thread of matrix-workbook-thread.ts: loads exceljs at once, waits for the rows, builds the
// workbook and sends its bytes back.
import { parentPort } from 'node:worker_threads';
import { matrixWorkbook } from './matrix-workbook.js';
import type { WorkbookRequest } from './matrix-workbook-thread.js';

parentPort!.once('message', (request: WorkbookRequest) => {
  // trusted: matrix-workbook-thread.ts wrote this text from the pack's own tables a moment ago.
  const [forward, backward] = JSON.parse(request.rows) as [string[][], string[][]];
  void matrixWorkbook(forward, backward, new Date(request.date)).then((bytes) => {
    const copy = new Uint8Array(bytes); // its own buffer, so the transfer moves exactly these bytes
    parentPort!.postMessage(copy, [copy.buffer]);
  });
});
