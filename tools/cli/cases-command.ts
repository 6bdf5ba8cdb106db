import { readFile } from 'node:fs/promises';
import { normalizeLabel } from '../model/labels.js';
import { caseLedger, matchesFilter, type LedgerFilter } from '../report/case-ledger.js';
import { analyze } from '../verify/analyze.js';
import { EXIT, type CliIo } from './cli-io.js';
import { loadInputs } from './load-inputs.js';

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
  const inputs = await loadInputs(options.model, options.evidence, options.lock);
  const mainRepo = inputs.model.config.main_repo ?? undefined;
  const lanes = new Map<string, Set<string>>();
  for (const spec of options.laneTargets) {
    const [name, file] = spec.split(/=(.*)/s);
    if (!name || !file) {
      io.err(`rr cases: --lane-targets takes NAME=FILE, got "${spec}"\n`);
      return EXIT.usage;
    }
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) {
      io.err(`rr cases: cannot read lane file ${file}\n`);
      return EXIT.usage;
    }
    const labels = new Set<string>();
    for (const [i, line] of text.split(/\r?\n/).entries()) {
      const trimmed = line.replace(/#.*/, '').trim();
      if (trimmed === '') continue;
      const label = normalizeLabel(trimmed, { mainRepo });
      if (!label) {
        io.err(`${file}:${i + 1}: "${trimmed}" is not a target label\n`);
        return EXIT.usage;
      }
      labels.add(label);
    }
    lanes.set(name, labels);
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
    io.out(JSON.stringify({ cases: rows }, null, 2) + '\n');
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
