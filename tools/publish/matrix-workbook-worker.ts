// Worker thread of matrix-workbook-thread.ts: loads exceljs at once, waits for the rows, builds the
// workbook and sends its bytes back. The rows come in chunks of JSON text, each parsed only when the
// workbook has written the ones before it.
import { parentPort } from 'node:worker_threads';
import { matrixWorkbook } from './matrix-workbook.js';
import type { WorkbookMessage } from './matrix-workbook-thread.js';

/** One sheet's chunks as they arrive, read in order. */
class Chunks implements AsyncIterable<string[][]> {
  private texts: string[] = [];
  private ended = false;
  private wake: () => void = () => {};

  add(text: string): void {
    this.texts.push(text);
    this.wake();
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string[][]> {
    for (;;) {
      const text = this.texts.shift();
      // trusted: matrix-workbook-thread.ts wrote this text from the pack's own tables a moment ago.
      if (text !== undefined) yield JSON.parse(text) as string[][];
      else if (this.ended) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

const sheets = [new Chunks(), new Chunks()] as const;

parentPort!.on('message', (message: WorkbookMessage) => {
  if ('date' in message)
    void matrixWorkbook(sheets[0], sheets[1], new Date(message.date)).then((bytes) => {
      const copy = new Uint8Array(bytes); // its own buffer, so the transfer moves exactly these bytes
      parentPort!.postMessage(copy, [copy.buffer]);
    });
  else if ('rows' in message) sheets[message.sheet].add(message.rows);
  else sheets[message.sheet].end();
});
