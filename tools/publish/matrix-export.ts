// The traceability matrix beside the HTML as CSV (RFC 4180) and XLSX (exceljs), one row per
// requirement and case, and one per case and owner. The XLSX is made reproducible: its document
// properties carry the baseline's date and every zip entry the same fixed time (exceljs's zip stamps
// them with the clock), so two publications of the same inputs give the same bytes.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PassThrough } from 'node:stream';
import type { PackData } from './pack-data.js';

const FORWARD_HEADER = [
  'user_needs',
  'requirement',
  'title',
  'refines',
  'implements',
  'verdict',
  'target',
  'case',
  'result',
  'derived',
  'missing_links',
];
const BACKWARD_HEADER = ['target', 'case', 'result', 'owner', 'owner_kind', 'owner_verdict', 'quarantined'];

/** The forward matrix as rows of cells: a requirement without cases has one row with empty case cells. */
export function forwardTable(data: PackData): string[][] {
  const rows: string[][] = [FORWARD_HEADER];
  for (const r of data.forward) {
    const base = [
      r.needs.join(' '),
      r.requirement,
      r.title,
      r.parents.join(' '),
      r.mitigations.join(' '),
      r.verdict ?? '',
    ];
    const tail = [r.derived ? 'yes' : 'no', r.missingLinks ? 'yes' : 'no'];
    if (r.cases.length === 0) rows.push([...base, '', '', '', ...tail]);
    for (const c of r.cases) rows.push([...base, c.target, c.path, c.state, ...tail]);
  }
  return rows;
}

/** The backward matrix (case → owner) as rows of cells. */
export function backwardTable(data: PackData): string[][] {
  return [
    BACKWARD_HEADER,
    ...data.backward.map((r) => [
      r.target,
      r.path,
      r.state,
      r.owner ?? '',
      r.ownerKind ?? '',
      r.ownerVerdict ?? '',
      r.quarantined ? 'yes' : 'no',
    ]),
  ];
}

/** Rows as CSV: every cell quoted when it needs it, CRLF line ends as RFC 4180 has them. */
export function csvText(rows: readonly string[][]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Both matrices as one XLSX workbook, its bytes the same for the same data and date. Written through
 * exceljs's streaming writer: its in-memory workbook kept an object per cell and took most of a large
 * publication (docs/decisions/0309-the-xlsx-is-streamed.md).
 */
export async function matrixWorkbook(forward: string[][], backward: string[][], date: Date): Promise<Buffer> {
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
    rows.forEach((cells) => {
      sheet.addRow(cells).commit();
    });
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
