import { caseLedger, matchesFilter, type LedgerFilter } from '../report/case-ledger.js';
import { analyze } from '../verify/analyze.js';
import { EXIT, type CliIo } from './cli-io.js';
import { TargetGroupError, readTargetGroups } from './target-groups.js';
import { loadInputs } from '../verify/inputs.js';
import { writePrettyJson } from '../report/json-chunks.js';

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
}

/** `rr cases`: the case ledger, filtered by ownership, quarantine, lock, coarseness or target group. */
export async function runCases(options: CasesOptions, io: CliIo): Promise<number> {
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
  const rows = caseLedger(analyze(inputs), inputs.lock, targetGroups).filter(
    (r) =>
      (!options.filter || matchesFilter(r, options.filter)) &&
      (!options.lane || r.lanes.includes(options.lane)),
  );
  if (options.format === 'json') {
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
