// Worker thread of matrix-workbook-thread.ts: loads exceljs at once, waits for the rows, builds the
// workbook and sends its bytes back. The first sheet is started before the second's rows are here.
import { parentPort } from 'node:worker_threads';
import { matrixWorkbook } from './matrix-workbook.js';
import type { WorkbookMessage } from './matrix-workbook-thread.js';

// trusted: matrix-workbook-thread.ts wrote these texts from the pack's own tables a moment ago.
const rows = (text: string) => JSON.parse(text) as string[][];

let backward: (rows: string[][]) => void = () => {};
const backwardRows = new Promise<string[][]>((resolve) => (backward = resolve));

parentPort!.on('message', (message: WorkbookMessage) => {
  if ('backward' in message) {
    backward(rows(message.backward));
    return;
  }
  void matrixWorkbook(rows(message.forward), backwardRows, new Date(message.date)).then((bytes) => {
    const copy = new Uint8Array(bytes); // its own buffer, so the transfer moves exactly these bytes
    parentPort!.postMessage(copy, [copy.buffer]);
  });
});
