import { caseLedger, matchesFilter, type LedgerFilter } from '../report/case-ledger.js';
import { analyze } from '../verify/analyze.js';
import { EXIT, type CliIo } from './cli-io.js';
import { TargetGroupError, readTargetGroups } from './target-groups.js';
import { loadInputs } from '../verify/inputs.js';
import { writePrettyJson } from '../report/json-chunks.js';
import { applyWorksheet, printWorksheet, worksheetOrReport } from './cases-worksheet.js';
import { resolve } from 'node:path';

/** Options of `rr cases`. */
export interface CasesOptions {
  model: string;
  evidence: string;
  lock?: string;
  filter?: LedgerFilter;
  /** `--lane-targets NAME=FILE`: the target groups (commander names the option after the flag) */
  laneTargets: string[];
  /** `--lane NAME`: only cases of the targets of this target group */
  lane?: string;
  format: 'text' | 'json';
  /** `--worksheet FILE`: an attribution worksheet shown beside the ledger */
  worksheet?: string;
  /** `--apply-accepted`: apply the worksheet's accepted rows as checked case moves */
  applyAccepted?: boolean;
  /** with `--apply-accepted`: plan and check the moves, write nothing */
  dryRun?: boolean;
  /** with `--apply-accepted`: let moves rewrite glob and whole-target claims into literal selectors */
  expand?: boolean;
}

/** `rr cases`: the case ledger, filtered by ownership, quarantine, lock, coarseness or target group. */
export async function runCases(options: CasesOptions, io: CliIo): Promise<number> {
  if ((options.applyAccepted || options.dryRun || options.expand) && !options.worksheet) {
    io.err('rr cases: --apply-accepted, --dry-run and --expand act on a worksheet; give --worksheet FILE\n');
    return EXIT.usage;
  }
  if (options.applyAccepted && options.lock) {
    io.err(
      "rr cases: --apply-accepted re-locks moved cases in the model's own lock (config.sets_lock); leave out --lock\n",
    );
    return EXIT.usage;
  }
  if (options.worksheet && options.applyAccepted)
    return applyWorksheet({ ...options, worksheet: options.worksheet }, io);
  const sheet = options.worksheet
    ? await worksheetOrReport(resolve(io.cwd, options.worksheet), io)
    : undefined;
  if (options.worksheet && !sheet) return EXIT.usage;
  const inputs = await loadInputs({ model: options.model, evidence: options.evidence, lock: options.lock });
  const mainRepo = inputs.model.config.main_repo ?? undefined;
  let targetGroups: Map<string, Set<string>>;
  try {
    targetGroups = await readTargetGroups(options.laneTargets, mainRepo);
  } catch (error) {
    if (!(error instanceof TargetGroupError)) throw error;
    io.err(`${error.located ? '' : 'rr cases: '}${error.message}\n`);
    return EXIT.usage;
  }
  if (options.lane && !targetGroups.has(options.lane)) {
    io.err(
      `rr cases: no target group (lane) named ${options.lane}; define it with --lane-targets ${options.lane}=FILE\n`,
    );
    return EXIT.usage;
  }
  const ledger = caseLedger(analyze(inputs), inputs.lock, targetGroups);
  const rows = ledger.filter(
    (r) =>
      (!options.filter || matchesFilter(r, options.filter)) &&
      (!options.lane || r.lanes.includes(options.lane)),
  );
  if (sheet) {
    // The worksheet's rows are joined with the whole ledger; a filter or target group narrows the rows shown.
    const narrowed = options.filter !== undefined || options.lane !== undefined;
    printWorksheet(
      sheet,
      ledger,
      { format: options.format, shown: options.worksheet!, ...(narrowed ? { only: rows } : {}) },
      io,
    );
  } else if (options.format === 'json') {
    writePrettyJson(io.out, { cases: rows });
  } else {
    for (const r of rows) {
      const owner = r.quarantine ? `QUARANTINED (${r.quarantine})` : (r.owner ?? '-');
      const how = r.basis ? ` [${r.basis}]` : '';
      io.out(
        `${r.target} ${r.path}\t${r.result}\t${owner}${how}\tlock: ${r.lock_status}${r.coarse ? '\tcoarse' : ''}\n`,
      );
    }
    io.out(`${rows.length} case(s)\n`);
  }
  return inputs.unreadable ? EXIT.usage : EXIT.ok;
}
