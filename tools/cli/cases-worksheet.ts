// `rr cases --worksheet FILE`: a worksheet's proposals beside the case ledger, and with
// `--apply-accepted` its accepted rows applied as checked case moves (docs/worksheet.md).
import { resolve } from 'node:path';
import { readWorksheet } from '../agents/worksheet/read-worksheet.js';
import type { Worksheet } from '../agents/worksheet/worksheet.js';
import { WorksheetError } from '../agents/worksheet/worksheet-error.js';
import { worksheetBesideLedger, type WorksheetLedgerRow } from '../agents/worksheet/worksheet-ledger.js';
import { recoverJournal } from '../edit/journal.js';
import { ModelSession } from '../app/model-session.js';
import { applyAcceptedRows, type WorksheetRowResult } from '../app/worksheet-apply.js';
import { GitClient } from '../git/git-client.js';
import type { LedgerRow } from '../report/case-ledger.js';
import { caseLedger } from '../report/case-ledger.js';
import { writePrettyJson } from '../report/json-chunks.js';
import { EXIT, type CliIo } from './cli-io.js';
import { workspaceRoot } from '../sources/workspace-root.js';

/** The worksheet options of `rr cases`. */
export interface CasesWorksheetOptions {
  model: string;
  evidence: string;
  worksheet: string;
  applyAccepted?: boolean;
  dryRun?: boolean;
  expand?: boolean;
  format: 'text' | 'json';
}

/** Reads the worksheet; its problem (file:line) goes to stderr and undefined comes back. */
export async function worksheetOrReport(file: string, io: CliIo): Promise<Worksheet | undefined> {
  try {
    return await readWorksheet(file);
  } catch (error) {
    if (!(error instanceof WorksheetError)) throw error;
    io.err(`${error.message}\n`);
    return undefined;
  }
}

/** Prints the worksheet's rows beside the ledger rows. */
export function printWorksheet(
  sheet: Worksheet,
  ledger: readonly LedgerRow[],
  options: { format: 'text' | 'json'; shown: string; only?: readonly LedgerRow[] },
  io: CliIo,
): void {
  const only = options.only && new Set(options.only);
  const rows = worksheetBesideLedger(sheet.rows, ledger).filter(
    (r) => !only || (r.ledger && only.has(r.ledger)),
  );
  if (options.format === 'json') writePrettyJson(io.out, { worksheet: options.shown, rows });
  else {
    for (const row of rows) io.out(rowLine(options.shown, row));
    io.out(summaryLine(rows));
  }
}

/** `--apply-accepted`: the accepted rows as checked case moves, each refused alone; exit 1 when any is. */
export async function applyWorksheet(options: CasesWorksheetOptions, io: CliIo): Promise<number> {
  const modelPath = resolve(io.cwd, options.model);
  const file = resolve(io.cwd, options.worksheet);
  const git = await GitClient.open(modelPath);
  const root = git?.root ?? resolve(io.cwd, workspaceRoot(options.model, io.cwd));
  const recovery = await recoverJournal(root);
  if (recovery.outcome !== 'none') io.err(`rr cases: an interrupted save was settled: ${recovery.outcome}\n`);
  const sheet = await worksheetOrReport(file, io);
  if (!sheet) return EXIT.usage;
  const session = await ModelSession.open({
    modelPath,
    evidenceDir: resolve(io.cwd, options.evidence),
    root,
    targetGroups: new Map(),
  });
  const ledger = caseLedger(session.analysis(), session.verificationLock, new Map());
  const results = await applyAcceptedRows(session, worksheetBesideLedger(sheet.rows, ledger), {
    dryRun: options.dryRun === true,
    expand: options.expand === true,
  });
  const refused = results.filter((r) => r.outcome === 'refused').length;
  if (options.format === 'json')
    writePrettyJson(io.out, { worksheet: options.worksheet, dry_run: options.dryRun === true, results });
  else {
    for (const r of results) io.out(resultLines(options.worksheet, r, options.dryRun === true));
    const applied = results.filter((r) => r.outcome === 'applied').length;
    io.out(
      `${results.length} accepted row(s): ${applied} ${options.dryRun ? 'would be applied' : 'applied'}, ${refused} refused, ${results.length - applied - refused} in effect already\n`,
    );
  }
  return refused > 0 ? EXIT.errors : EXIT.ok;
}

function rowLine(file: string, row: WorksheetLedgerRow): string {
  const now = row.ledger
    ? row.ledger.quarantine
      ? `QUARANTINED (${row.ledger.quarantine})`
      : (row.ledger.owner ?? '-')
    : 'no such case';
  const proposed = row.proposed ?? 'none';
  return `${file}:${row.line}: ${row.target} ${row.path}\towner: ${now}\tproposed: ${proposed}\t${row.state}\tby ${row.proposed_by}\n    ${row.reason.replace(/\s*\n\s*/g, ' ')}\n`;
}

function summaryLine(rows: readonly WorksheetLedgerRow[]): string {
  const count = (state: WorksheetLedgerRow['state']) => rows.filter((r) => r.state === state).length;
  return `${rows.length} row(s): ${count('accepted')} accepted to apply, ${count('proposed')} not accepted, ${count('in-effect')} in effect, ${count('no-case')} without a case in the evidence\n`;
}

function resultLines(file: string, r: WorksheetRowResult, dryRun: boolean): string {
  const to = r.proposed ?? 'none';
  const head = `${file}:${r.line}: ${r.target} ${r.path}`;
  if (r.outcome === 'in-effect') return `${head}: in effect already (owner ${to})\n`;
  if (r.outcome === 'applied')
    return `${head}: ${dryRun ? 'would move' : 'moved'} from ${r.from ?? 'none'} to ${to}${r.files.length ? ` (${r.files.join(', ')})` : ''}\n`;
  const details = [
    ...(r.conflicts ?? []).map((c) => `    ${c.code}: ${c.message}\n`),
    ...(r.expansions ?? []).map(
      (e) => `    ${e.entity} ${e.target} ${e.selector} would become: ${e.becomes.join(', ') || 'nothing'}\n`,
    ),
  ];
  return `${head}: refused (${r.code}): ${r.message}\n${details.join('')}`;
}
