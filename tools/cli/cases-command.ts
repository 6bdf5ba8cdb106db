import { caseLedger, matchesFilter, type LedgerFilter } from '../report/case-ledger.js';
import { analyze } from '../verify/analyze.js';
import { EXIT, type CliIo } from './cli-io.js';
import { LaneError, readLaneTargets } from './lane-targets.js';
import { loadInputs } from '../verify/inputs.js';
import { writePrettyJson } from '../report/json-chunks.js';

/** Options of `rr cases`. */
export interface CasesOptions {
  model: string;
  evidence: string;
  lock?: string;
  filter?: LedgerFilter;
  laneTargets: string[];
  lane?: string;
  format: 'text' | 'json';
}

/** `rr cases`: the case ledger, filtered by ownership, quarantine, lock, coarseness or lane. */
export async function runCases(options: CasesOptions, io: CliIo): Promise<number> {
  const inputs = await loadInputs({ model: options.model, evidence: options.evidence, lock: options.lock });
  const mainRepo = inputs.model.config.main_repo ?? undefined;
  let lanes: Map<string, Set<string>>;
  try {
    lanes = await readLaneTargets(options.laneTargets, mainRepo);
  } catch (error) {
    if (!(error instanceof LaneError)) throw error;
    io.err(`${error.located ? '' : 'rr cases: '}${error.message}\n`);
    return EXIT.usage;
  }
  if (options.lane && !lanes.has(options.lane)) {
    io.err(`rr cases: no lane named ${options.lane}; define it with --lane-targets ${options.lane}=FILE\n`);
    return EXIT.usage;
  }
  const rows = caseLedger(analyze(inputs), inputs.lock, lanes).filter(
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
