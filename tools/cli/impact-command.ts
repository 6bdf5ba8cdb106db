// `rr impact ID`: what a change to an entity's normative text would make suspect (docs/change-control.md,
// "The workflow"): the links resting on it, the risks whose chain passes through it, and the cases of its
// verification sets (from the evidence when given, else from the lock).
import { changeImpact } from '../change-control/impact.js';
import { linkWords } from '../change-control/link-words.js';
import { entityName } from '../model/entity.js';
import { analyze } from '../verify/analyze.js';
import { loadInputs } from '../verify/inputs.js';
import { EXIT, type CliIo } from './cli-io.js';

/** Options of `rr impact`. */
export interface ImpactOptions {
  model: string;
  evidence?: string;
  format: 'text' | 'json';
}

/** `rr impact ID`: exit 0, or 2 when the id is unknown or the model cannot be read. */
export async function runImpact(id: string, options: ImpactOptions, io: CliIo): Promise<number> {
  const inputs = await loadInputs({
    model: options.model,
    ...(options.evidence ? { evidence: options.evidence } : {}),
  });
  const { model } = inputs;
  const entity = model.byId.get(id);
  if (!entity) {
    io.err(`rr impact: no entity has the id "${id}" in ${options.model}\n`);
    return EXIT.usage;
  }
  const impact = changeImpact(model, entity);
  const sets = new Set(impact.links.filter((l) => !l.childEntity).map((l) => l.child));
  const cases = inputs.evidence
    ? analyze(inputs)
        .cases.filter((a) => a.owner === id && sets.has(a.case.target))
        .map((a) => ({ target: a.case.target, path: a.case.path }))
    : (inputs.lock?.entries ?? [])
        .filter((e) => e.owner === id && sets.has(e.target))
        .map((e) => ({ target: e.target, path: e.path }));
  if (options.format === 'json') {
    const json = {
      entity: id,
      links: impact.links.map((l) => ({ parent: l.parent.id, link: l.link, child: l.child })),
      risks: impact.risks.map((r) => r.id),
      cases,
      casesFrom: inputs.evidence ? 'evidence' : inputs.lock ? 'lock' : null,
    };
    io.out(JSON.stringify(json, null, 2) + '\n');
    return EXIT.ok;
  }
  io.out(`a change to the normative text of ${entityName(entity)} would make suspect:\n`);
  for (const l of impact.links) io.out(`  ${linkWords(l)}\n`);
  if (impact.links.length === 0) io.out('  no link\n');
  io.out(`risks whose chain passes through it: ${impact.risks.map((r) => r.id).join(', ') || 'none'}\n`);
  const source = inputs.evidence
    ? 'in the evidence'
    : inputs.lock
      ? 'in the lock'
      : 'known (give --evidence)';
  io.out(`test cases of its verification sets ${source}: ${cases.length}\n`);
  for (const c of cases) io.out(`  ${c.target} ${c.path}\n`);
  return EXIT.ok;
}
