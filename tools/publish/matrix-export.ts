// The traceability matrix beside the HTML as CSV (RFC 4180) and XLSX (exceljs), one row per
// requirement and case, and one per case and owner. The XLSX is made reproducible: its document
// properties carry the baseline's date and every zip entry the same fixed time (exceljs stamps them
// with the clock), so two publications of the same inputs give the same bytes.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
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

/** Both matrices as one XLSX workbook, its bytes the same for the same data and date. */
export async function matrixWorkbook(forward: string[][], backward: string[][], date: Date): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'rr';
  workbook.lastModifiedBy = 'rr';
  workbook.created = date;
  workbook.modified = date;
  for (const [name, rows] of [
    ['Requirements to cases', forward],
    ['Cases to owners', backward],
  ] as const) {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRows(rows);
    sheet.getRow(1).font = { bold: true };
  }
  // Stored, not compressed: the entries are compressed once, below, where their dates are fixed.
  const written = Buffer.from(await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } }));
  return fixedZipTimes(written, date);
}

/** The zip again with every entry dated `date` and in the same order. */
async function fixedZipTimes(bytes: Buffer, date: Date): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const out = new JSZip();
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  for (const name of names)
    out.file(name, await zip.files[name]!.async('uint8array'), { date, createFolders: false });
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}
