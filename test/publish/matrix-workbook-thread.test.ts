// The matrix workbook built on a worker thread (what a large pack does) is the workbook built on this
// thread, byte for byte, and reads back with every row. Runs the compiled build, where the worker
// script exists (from TypeScript sources the work stays on this thread).
import ExcelJS from 'exceljs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildIfStale, REPO } from '../built-dist.js';

type Build = (forward: string[][], backward: string[][], date: Date) => Promise<Buffer>;

const built = async <T>(file: string): Promise<T> =>
  (await import(pathToFileURL(join(REPO, 'dist', 'tools', 'publish', file)).href)) as T;

describe('the matrix workbook on a worker thread', () => {
  it('gives the bytes of the workbook built here, and every row reads back', async () => {
    await buildIfStale('dist/tools/publish/matrix-workbook-worker.js', ['tools/publish']);
    const { matrixWorkbookSoon, workbookOnWorker } = await built<{
      matrixWorkbookSoon: Build;
      workbookOnWorker: (rows: number) => boolean;
    }>('matrix-workbook-thread.js');
    const { matrixWorkbook } = await built<{ matrixWorkbook: Build }>('matrix-workbook.js');
    // Over the worker's threshold (in several chunks), with values that need escaping in XML and
    // empty cells (a requirement without a case).
    const forward = [
      ['requirement', 'case'],
      ...Array.from({ length: 15_000 }, (_, i) => [`REQ-${i}`, i % 1000 === 7 ? '' : `c<${i}>&"`]),
    ];
    const backward = [['case', 'owner'], ...Array.from({ length: 15_000 }, (_, i) => [`c${i}`, `REQ-${i}`])];
    expect(workbookOnWorker(forward.length + backward.length)).toBe(true);
    const date = new Date(Date.UTC(2026, 2, 1, 12));
    const onWorker = await matrixWorkbookSoon(forward, backward, date);
    const here = await matrixWorkbook(forward, backward, date);
    expect(onWorker.equals(here)).toBe(true);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(onWorker).buffer); // exceljs's load takes an ArrayBuffer
    const sheet = book.getWorksheet('Requirements to cases')!;
    expect(sheet.rowCount).toBe(forward.length);
    expect(sheet.getRow(12_346).values).toEqual([undefined, 'REQ-12344', 'c<12344>&"']);
    // An empty cell is an empty cell of the spreadsheet, its row's other cells in their columns.
    expect(sheet.getRow(12_009).getCell(1).value).toBe('REQ-12007');
    expect(sheet.getRow(12_009).getCell(2).value).toBeNull();
    expect(sheet.getRow(12_009).getCell(2).text).toBe('');
    expect(book.getWorksheet('Cases to owners')!.rowCount).toBe(backward.length);
  }, 120_000);
});
