import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { isObsolete, positionOf } from '../model/entity.js';
import type { RuleContext } from './rule-context.js';
import { isRiskAccepted } from './risk-score.js';

/**
 * need-unsatisfied, requirement-orphan, risk-unmitigated and mitigation-unimplemented (obsolete entities
 * exempt). Links count as the trace index counts them (docs/verification.md, "Trace links"): a link to or
 * from an obsolete entity covers nothing. A field naming an unknown id or an entity of the wrong kind is
 * reported by dangling-reference or wrong-reference-kind; its entity is not reported again as unlinked.
 */
export function coverageRules(ctx: RuleContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { trace } = ctx;
  const broken = (id: string, ...fields: string[]) => fields.some((f) => trace.namesBroken(id, f));
  for (const e of ctx.model.entities) {
    if (isObsolete(e)) continue;
    switch (e.kind) {
      case 'user_need':
        if (trace.satisfiers(e.id).length === 0) {
          out.push(
            diagnostic(
              'need-unsatisfied',
              'error',
              `user need ${e.id} is satisfied by no requirement; add "satisfies: ${e.id}" to a requirement`,
              positionOf(e),
              e.id,
            ),
          );
        }
        break;
      case 'requirement': {
        const linked =
          trace.up(e.id, 'satisfies', 'refines', 'implements').length > 0 ||
          broken(e.id, 'satisfies', 'refines');
        if (!linked) {
          out.push(
            diagnostic(
              'requirement-orphan',
              'error',
              `requirement ${e.id} satisfies no user need, refines no requirement and implements no mitigation; link it with satisfies, refines or a mitigation's implemented_by`,
              positionOf(e),
              e.id,
            ),
          );
        }
        break;
      }
      case 'risk':
        if (trace.mitigationsOf(e.id).length === 0 && !broken(e.id, 'mitigated_by') && !isRiskAccepted(e)) {
          out.push(
            diagnostic(
              'risk-unmitigated',
              'error',
              `risk ${e.id} has no mitigation and no recorded acceptance; link a mitigation (mitigated_by, or mitigates on the mitigation) or record "residual: accepted: <why>"`,
              positionOf(e),
              e.id,
            ),
          );
        }
        break;
      case 'mitigation':
        if (trace.implementers(e.id).length === 0 && !broken(e.id, 'implemented_by')) {
          out.push(
            diagnostic(
              'mitigation-unimplemented',
              'error',
              `mitigation ${e.id} is implemented by no requirement; list the requirements in implemented_by`,
              positionOf(e),
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
