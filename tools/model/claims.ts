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
  for (let index = 0; index < items.length; index++) {
    const item: unknown = items[index];
    const path = `${field}/${index}`;
    if (typeof item === 'string') {
      claims.push(readClaim(entity, field, index, 'bare-label', item, `${path}`, options));
      continue;
    }
    if (!item || typeof item !== 'object' || typeof (item as { target?: unknown }).target !== 'string')
      continue;
    const o = item as Record<string, unknown>;
    const shape: ClaimShape = Array.isArray(o.cases) ? 'cases' : o.whole === true ? 'whole' : 'target-object';
    const claim = readClaim(entity, field, index, shape, o.target as string, `${path}/target`, options);
    if (typeof o.level === 'string') claim.level = o.level;
    if (typeof o.reason === 'string') claim.reason = o.reason;
    if (shape === 'cases') {
      const cases = o.cases as unknown[];
      for (let i = 0; i < cases.length; i++) {
        const text = cases[i];
        if (typeof text !== 'string') continue;
        const written = readSelector(text);
        claim.selectors.push(new ReadSelector(written, entity, path, i));
      }
    }
    claims.push(claim);
  }
  return claims;
}

// Classes rather than object literals with a getter each: one shape for all, and the position of a
// claim or selector, which only a message about it needs, is found on the prototype when asked for.

/** A selector as read from a claim, placed when asked where it is. */
class ReadSelector implements ClaimSelector {
  readonly selector: WrittenSelector['selector'];
  readonly problem?: string;

  constructor(
    written: WrittenSelector,
    private readonly entity: Entity,
    private readonly claimPath: string,
    private readonly item: number,
  ) {
    this.selector = written.selector;
    if (written.problem !== undefined) this.problem = written.problem;
  }

  get at(): SourcePosition {
    return positionOf(this.entity, `${this.claimPath}/cases/${this.item}`);
  }
}

/** A claim as read, placed when asked where it is. */
class ReadClaim implements Claim {
  label?: string;
  labelProblem?: string;
  readonly selectors: ClaimSelector[] = [];
  level?: string;
  reason?: string;

  constructor(
    readonly entity: Entity,
    readonly field: Claim['field'],
    readonly index: number,
    readonly shape: ClaimShape,
    readonly target: string,
    readonly wholeTarget: boolean,
    private readonly atPath: string,
  ) {}

  get at(): SourcePosition {
    return positionOf(this.entity, this.atPath);
  }
}

function readClaim(
  entity: Entity,
  field: Claim['field'],
  index: number,
  shape: ClaimShape,
  target: string,
  atPath: string,
  options: LabelOptions,
): ReadClaim {
  const claim = new ReadClaim(entity, field, index, shape, target, shape !== 'cases', atPath);
  const parsed = parseLabel(target, options);
  if (parsed.ok) claim.label = parsed.label.canonical;
  else claim.labelProblem = parsed.message;
  return claim;
}
