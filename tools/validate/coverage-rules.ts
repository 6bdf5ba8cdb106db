import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { positionOf, stringList } from '../model/entity.js';
import { isObsolete, type RuleContext } from './rule-context.js';
import { isRiskAccepted } from './risk-score.js';

/** need-unsatisfied, requirement-orphan, risk-unmitigated and mitigation-unimplemented (obsolete entities exempt). */
export function coverageRules(ctx: RuleContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  // An obsolete entity no longer covers anything; an unknown id counts, dangling-reference reports it.
  const live = (id: string) => {
    const target = ctx.model.byId.get(id);
    return target === undefined || !isObsolete(target);
  };
  for (const e of ctx.model.entities) {
    if (isObsolete(e)) continue;
    const at = positionOf(e);
    switch (e.kind) {
      case 'user_need':
        if (!ctx.satisfiers.has(e.id)) {
          out.push(
            diagnostic(
              'need-unsatisfied',
              'error',
              `user need ${e.id} is satisfied by no requirement; add "satisfies: ${e.id}" to a requirement`,
              at,
              e.id,
            ),
          );
        }
        break;
      case 'requirement': {
        const linked =
          stringList(e.data.satisfies).some(live) ||
          stringList(e.data.refines).some(live) ||
          ctx.implementedMitigations.has(e.id);
        if (!linked) {
          out.push(
            diagnostic(
              'requirement-orphan',
              'error',
              `requirement ${e.id} satisfies no user need, refines no requirement and implements no mitigation; link it with satisfies, refines or a mitigation's implemented_by`,
              at,
              e.id,
            ),
          );
        }
        break;
      }
      case 'risk':
        if (!ctx.mitigationsOfRisk.has(e.id) && !isRiskAccepted(e)) {
          out.push(
            diagnostic(
              'risk-unmitigated',
              'error',
              `risk ${e.id} has no mitigation and no recorded acceptance; link a mitigation (mitigated_by, or mitigates on the mitigation) or record "residual: accepted: <why>"`,
              at,
              e.id,
            ),
          );
        }
        break;
      case 'mitigation':
        if (!stringList(e.data.implemented_by).some(live)) {
          out.push(
            diagnostic(
              'mitigation-unimplemented',
              'error',
              `mitigation ${e.id} is implemented by no requirement; list the requirements in implemented_by`,
              at,
              e.id,
            ),
          );
        }
        break;
      default:
        break;
    }
  }
  return out;
}
