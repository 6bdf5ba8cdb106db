import { positionOf, type Entity } from './entity.js';
import { parseLabel, type LabelOptions } from './labels.js';
import { readSelector, type WrittenSelector } from './selectors.js';
import type { SourcePosition } from './source-position.js';

/** A claim item's shape: cases, whole target, or a deprecated one (`bare-target-reference`). */
export type ClaimShape = 'cases' | 'whole' | 'bare-label' | 'target-object';

/** One claim item of an entity's verified_by / validated_by, normalized. */
export interface Claim {
  entity: Entity;
  field: 'verified_by' | 'validated_by';
  index: number;
  shape: ClaimShape;
  /** the target as written */
  target: string;
  /** the normalized label, or undefined when the target is not a valid label */
  label?: string;
  labelProblem?: string;
  /** true for whole, bare-label and target-object claims */
  wholeTarget: boolean;
  selectors: ClaimSelector[];
  level?: string;
  reason?: string;
  at: SourcePosition;
}

/** One case selector of a claim, with its problem when it cannot be used. */
export interface ClaimSelector extends WrittenSelector {
  at: SourcePosition;
}

/** Which field holds an entity kind's claims, if any. */
export function claimField(entity: Entity): 'verified_by' | 'validated_by' | undefined {
  if (entity.kind === 'user_need') return 'validated_by';
  if (entity.kind === 'requirement' || entity.kind === 'mitigation') return 'verified_by';
  return undefined;
}

// An entity object never changes once loaded, and the editor's save checks analyse models that share
// most entity objects with the model before them: remembering each entity's claims spares parsing
// every label and selector again. The array is frozen; callers copy it before changing it.
const remembered = new WeakMap<Entity, { mainRepo: string | undefined; claims: Claim[] }>();

/** The claims of one entity; items the schema rejects (wrong types) are skipped. */
export function claimsOf(entity: Entity, options: LabelOptions = {}): Claim[] {
  const known = remembered.get(entity);
  if (known && known.mainRepo === options.mainRepo) return known.claims;
  const claims = Object.freeze(readClaims(entity, options)) as Claim[];
  remembered.set(entity, { mainRepo: options.mainRepo, claims });
  return claims;
}

function readClaims(entity: Entity, options: LabelOptions): Claim[] {
  const field = claimField(entity);
  if (!field) return [];
  const items = entity.data[field];
  if (!Array.isArray(items)) return [];
  const claims: Claim[] = [];
  items.forEach((item: unknown, index) => {
    const path = `${field}/${index}`;
    let claim: Claim | undefined;
    if (typeof item === 'string') {
      claim = base(entity, field, index, 'bare-label', item, true, path, options);
    } else if (
      item &&
      typeof item === 'object' &&
      typeof (item as { target?: unknown }).target === 'string'
    ) {
      const o = item as Record<string, unknown>;
      const shape: ClaimShape = Array.isArray(o.cases)
        ? 'cases'
        : o.whole === true
          ? 'whole'
          : 'target-object';
      claim = base(
        entity,
        field,
        index,
        shape,
        o.target as string,
        shape !== 'cases',
        `${path}/target`,
        options,
      );
      if (typeof o.level === 'string') claim.level = o.level;
      if (typeof o.reason === 'string') claim.reason = o.reason;
      if (shape === 'cases') {
        (o.cases as unknown[]).forEach((text, i) => {
          if (typeof text !== 'string') return;
          const written = readSelector(text);
          claim!.selectors.push({
            ...written,
            // Where a selector is, only for a message about it: most never need one.
            get at() {
              return positionOf(entity, `${path}/cases/${i}`);
            },
          });
        });
      }
    }
    if (claim) claims.push(claim);
  });
  return claims;
}

function base(
  entity: Entity,
  field: Claim['field'],
  index: number,
  shape: ClaimShape,
  target: string,
  wholeTarget: boolean,
  atPath: string,
  options: LabelOptions,
): Claim {
  const claim: Claim = {
    entity,
    field,
    index,
    shape,
    target,
    wholeTarget,
    selectors: [],
    // Where the claim is, only for a message about it: most never need one.
    get at() {
      return positionOf(entity, atPath);
    },
  };
  const parsed = parseLabel(target, options);
  if (parsed.ok) claim.label = parsed.label.canonical;
  else claim.labelProblem = parsed.message;
  return claim;
}
