// Where a conflict of a refused save is shown: next to the field that caused it (docs/editor.md, "The
// form and the verification set"). The one-owner codes go to the verification set; parent codes to the
// parent fields; anything else to the top of the form.
import type { EntityKind, Problem } from '../api/api-types.js';
import { claimsFieldOf } from './kind-fields.js';

const CLAIM_CODES = new Set([
  'shared-case',
  'same-code-multiple-owners',
  'bad-selector',
  'bad-target',
  'whole-target-reference',
  'lock-owner-changed',
  'lock-invalid',
  'attribution-conflict',
  'takes-from-tag',
  'unknown-target',
  'coarse-claim',
  'multi-tag',
  'redundant-selector',
]);

/** Conflicts grouped by the form field they belong to; `''` holds the rest. */
export function placeConflicts(kind: EntityKind, conflicts: readonly Problem[]): Map<string, Problem[]> {
  const claims = claimsFieldOf(kind);
  const placed = new Map<string, Problem[]>();
  const put = (field: string, c: Problem) => placed.set(field, [...(placed.get(field) ?? []), c]);
  for (const c of conflicts) {
    if (claims && (CLAIM_CODES.has(c.code) || ('case' in c && c.case))) put(claims, c);
    else if (c.code === 'multi-parent-refines') put('refines', c);
    else if (c.code === 'multi-parent-implements')
      put(kind === 'mitigation' ? 'implemented_by' : 'refines', c);
    else if (c.code === 'bad-id') put('id', c);
    else put('', c);
  }
  return placed;
}
