// The traceability matrix beside the HTML as tables of cells, one row per requirement and case and one
// per case and owner, and as CSV (RFC 4180); the XLSX is written from the same tables
// (matrix-workbook.ts).
import type { PackMatrix } from './pack-matrix.js';

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
export function forwardTable(data: PackMatrix): string[][] {
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
export function backwardTable(data: PackMatrix): string[][] {
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
  // Quoted: a cell with a quote, comma or line break, and one a spreadsheet would read as a formula.
  const cell = (v: string) => {
    const c = v.charCodeAt(0);
    const formula = c === 61 /* = */ || c === 43 /* + */ || c === 45 /* - */ || c === 64; /* @ */
    return formula || NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  };
  // Joined a few thousand lines at a time: 400,000 lines appended to one string were kept as a tree
  // of pieces until the end, which the garbage collector copied over and over.
  const chunks: string[] = [];
  let lines: string[] = [];
  for (const row of rows) {
    let line = cell(row[0] ?? '');
    for (let i = 1; i < row.length; i++) line += ',' + cell(row[i]!);
    lines.push(line);
    if (lines.length === CSV_CHUNK_LINES) {
      chunks.push(lines.join('\r\n') + '\r\n');
      lines = [];
    }
  }
  if (lines.length > 0) chunks.push(lines.join('\r\n') + '\r\n');
  return chunks.join('');
}

const CSV_CHUNK_LINES = 4096;

const NEEDS_QUOTES = /[",\r\n]/;
