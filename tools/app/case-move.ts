// Moving a test case to another owner (or to none) through a checked model edit (docs/api.md, POST
// /api/cases/move): the claims that select it give it up (a literal selector is dropped; a glob or
// whole-target claim is rewritten into literal selectors of the other cases it selects, once the user
// confirms), the new owner gains a literal selector, and a lock entry of the case is re-locked in the
// same write.
import { claimField, claimsOf, type Claim } from '../model/claims.js';
import { entityName, type Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import { literalSelector, selects, writtenSelects } from '../model/selectors.js';
import type { Evidence } from '../evidence/test-case.js';
import type { Relock, UpdateManyRequest } from '../edit/edit-request.js';
import { entityVersion } from '../edit/entity-version.js';
import type { Analysis } from '../verify/analyze.js';
import type { AttributedCase } from '../verify/attribution.js';
import { caseKey } from '../verify/case-key.js';
import type { VerificationLock } from '../verify/verification-lock-file.js';
import { DomainError } from '../verify/domain-error.js';

/** A glob or whole-target claim that must be rewritten into literal selectors to let the case go. */
export interface Expansion {
  entity: string;
  target: string;
  /** the selector as written, or "whole target" */
  selector: string;
  /** the literal selectors it would become: the other cases it selects */
  becomes: string[];
}

/** A planned move: the edit, and what it does in words. */
export interface CaseMove {
  request: UpdateManyRequest;
  case: { target: string; path: string };
  from: string | null;
  to: string | null;
  /** entities whose claims give the case up */
  givers: string[];
  expansions: Expansion[];
  relocked: boolean;
}

const OWNERS = new Set(['requirement', 'user_need', 'mitigation']);

/** Plans moving a case; DomainError when the case or owner is unknown, multi-tag, or needs confirmation. */
export function planCaseMove(
  model: Model,
  analysis: Analysis,
  evidence: Evidence | undefined,
  lock: VerificationLock | undefined,
  move: { target: string; path: string; to: string | null; expand: boolean },
): CaseMove {
  const a = analysis.cases.find((c) => c.case.target === move.target && c.case.path === move.path);
  if (!a) throw new DomainError('unknown-case', `no case ${move.target} ${move.path} in the loaded evidence`);
  if (a.case.tags.length > 1) throw multiTag(a);
  const receiver = move.to === null ? undefined : model.byId.get(move.to);
  if (move.to !== null && !receiver)
    throw new DomainError('unknown-entity', `no entity has the id "${move.to}"`);
  if (receiver && !OWNERS.has(receiver.kind))
    throw new DomainError('bad-request', `${entityName(receiver)} cannot own test cases`);
  const options = model.config.main_repo ? { mainRepo: model.config.main_repo } : {};
  const others = (claim: Claim) =>
    (evidence?.targets.get(move.target)?.cases ?? [])
      .map((c) => c.path)
      .filter((p) => p !== move.path && claimSelects(claim, p));
  const updates: UpdateManyRequest['updates'] = [];
  const expansions: Expansion[] = [];
  const givers = a.claimedBy.filter((id) => id !== move.to);
  for (const id of givers) {
    const entity = model.byId.get(id)!;
    const field = claimField(entity)!;
    const items = structuredClone(entity.data[field]) as unknown[];
    const selecting = claimsOf(entity, options).filter(
      (c) => c.label === move.target && claimSelects(c, move.path),
    );
    for (const claim of selecting.reverse()) {
      const item = items[claim.index];
      if (claim.wholeTarget) {
        const becomes = others(claim);
        expansions.push({ entity: id, target: claim.target, selector: 'whole target', becomes });
        const rewritten: Record<string, unknown> = {
          target: claim.target,
          cases: becomes.map(literalSelector),
        };
        if (claim.level !== undefined) rewritten.level = claim.level;
        items.splice(claim.index, 1, ...(becomes.length > 0 ? [rewritten] : []));
        continue;
      }
      const cases = (item as { cases: unknown[] }).cases;
      const kept: unknown[] = [];
      for (const [i, s] of claim.selectors.entries()) {
        const text = cases.filter((c) => typeof c === 'string')[i];
        if (s.problem || !selects(s.selector, move.path)) kept.push(text);
        else if (s.selector.glob) {
          const becomes = others(claim).filter((p) => selects(s.selector, p));
          expansions.push({ entity: id, target: claim.target, selector: s.selector.text, becomes });
          kept.push(...becomes.map(literalSelector));
        }
      }
      const unique = [...new Set(kept)];
      if (unique.length === 0) items.splice(claim.index, 1);
      else items[claim.index] = { ...(item as object), cases: unique };
    }
    const data = { ...entity.data };
    if (items.length > 0) data[field] = items;
    else delete data[field];
    updates.push({ id, data, version: entityVersion(entity) });
  }
  if (expansions.length > 0 && !move.expand)
    throw new DomainError(
      'needs-expand',
      `moving ${move.target} ${move.path} rewrites ${expansions.length} glob or whole-target claim(s) into literal selectors of the other cases they select; confirm with expand`,
      { expansions },
    );
  if (receiver && !a.claimedBy.includes(receiver.id)) updates.push(gain(receiver, move, options));
  const relock: Relock[] = lock?.byKey.has(caseKey(move.target, move.path))
    ? [{ target: move.target, path: move.path, owner: move.to }]
    : [];
  return {
    request: { op: 'update-many', updates, relock },
    case: { target: move.target, path: move.path },
    from: a.owner,
    to: move.to,
    givers,
    expansions,
    relocked: relock.length > 0,
  };
}

/** The receiver's update: a literal selector added to its claim on the target, or a new claim. */
function gain(
  receiver: Entity,
  move: { target: string; path: string },
  options: { mainRepo?: string },
): UpdateManyRequest['updates'][number] {
  const field = claimField(receiver)!;
  const items = Array.isArray(receiver.data[field])
    ? (structuredClone(receiver.data[field]) as unknown[])
    : [];
  const claim = claimsOf(receiver, options).find((c) => c.label === move.target && c.shape === 'cases');
  const selector = literalSelector(move.path);
  if (claim) {
    const item = items[claim.index] as { cases: unknown[] };
    items[claim.index] = { ...item, cases: [...item.cases, selector] };
  } else items.push({ target: move.target, cases: [selector] });
  return { id: receiver.id, data: { ...receiver.data, [field]: items }, version: entityVersion(receiver) };
}

/** The refusal of a multi-tag case: its evidence names two ids, so no model edit can give it one owner. */
export function multiTag(a: AttributedCase): DomainError {
  const { target, path } = a.case;
  const message = `case ${target} ${path} is tagged with ${a.case.tags.join(', ')}; a multi-tag case cannot be moved: split the test or keep one tag`;
  return new DomainError('one-owner', message, {
    conflicts: [
      { code: 'multi-tag', message, case: { target, path }, entities: a.case.tags, owner: a.owner },
    ],
  });
}

function claimSelects(claim: Claim, path: string): boolean {
  return claim.wholeTarget || claim.selectors.some((s) => writtenSelects(s, path));
}
