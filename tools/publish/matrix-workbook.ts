// The traceability matrix as an XLSX workbook (exceljs), made reproducible: its document properties
// carry the baseline's date and every zip entry the same fixed time (exceljs's zip stamps them with the
// clock), so two publications of the same inputs give the same bytes. A module of its own: exceljs
// takes a second to load, and a large pack builds the workbook on a worker thread, so the publisher's
// own thread loads it only when it builds a small workbook itself.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PassThrough } from 'node:stream';

/** A sheet's rows: all of them, or chunks of them as they come. */
export type SheetRows = readonly string[][] | AsyncIterable<readonly string[][]>;

function chunksOf(rows: SheetRows): Iterable<readonly string[][]> | AsyncIterable<readonly string[][]> {
  return isTable(rows) ? [rows] : rows;
}

function isTable(rows: SheetRows): rows is readonly string[][] {
  return Array.isArray(rows);
}

/**
 * Both matrices as one XLSX workbook, its bytes the same for the same data and date. Written through
 * exceljs's streaming writer: its in-memory workbook kept an object per cell and took most of a large
 * publication (docs/decisions/0309-the-xlsx-is-streamed.md). Each sheet's rows are a table or chunks of
 * one still on their way (the worker starts on the first rows while the others come over).
 */
export async function matrixWorkbook(forward: SheetRows, backward: SheetRows, date: Date): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    // No styles: the writer renders and looks up a style for every cell, half of the workbook's time;
    // the header row is frozen instead of bold.
    useStyles: false,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'rr';
  workbook.lastModifiedBy = 'rr';
  workbook.created = date;
  workbook.modified = date;
  for (const [name, rows] of [
    ['Requirements to cases', forward],
    ['Cases to owners', backward],
  ] as const) {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    // An empty cell is left out, as a spreadsheet leaves it: left undefined, exceljs makes no cell
    // object for it (a third of a large workbook's cells).
    for await (const chunk of chunksOf(rows))
      for (const cells of chunk) sheet.addRow(cells.map((cell) => (cell === '' ? undefined : cell))).commit();
    sheet.commit();
  }
  await workbook.commit();
  return fixedZipDates(Buffer.concat(chunks), date);
}

/**
 * The zip again with every entry dated `date`: the streaming writer's zip (archiver) stamps entries
 * with the clock. JSZip reuses each entry's compressed bytes (the same method), so only the headers
 * are written anew; a test publishes twice in two time zones and compares the bytes.
 */
async function fixedZipDates(bytes: Buffer, date: Date): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  for (const entry of Object.values(zip.files)) entry.date = date;
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}
