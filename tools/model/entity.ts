import type { SourcePosition } from './source-position.js';

export const ENTITY_KINDS = ['user_need', 'requirement', 'risk', 'mitigation', 'test_method'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/**
 * The field naming the person or team responsible for an entity (docs/glossary.md, "responsible"). Model
 * files spell it `owner`; a test case's owner is something else: the one entity the case verifies.
 */
export const RESPONSIBLE_FIELD = 'owner';

/** The sections-document key that holds each kind. */
export const SECTION_OF_KIND: Record<EntityKind, string> = {
  user_need: 'user_needs',
  requirement: 'requirements',
  risk: 'risks',
  mitigation: 'mitigations',
  test_method: 'test_methods',
};

export const KIND_OF_SECTION: Record<string, EntityKind> = Object.fromEntries(
  Object.entries(SECTION_OF_KIND).map(([kind, section]) => [section, kind as EntityKind]),
);

/** The kind in words, as messages use it: "user need", "test method". */
export const KIND_WORDS: Record<EntityKind, string> = {
  user_need: 'user need',
  requirement: 'requirement',
  risk: 'risk',
  mitigation: 'mitigation',
  test_method: 'test method',
};

/** "requirement REQ-001": how messages name an entity. */
export function entityName(entity: { kind: EntityKind; id: string }): string {
  return `${KIND_WORDS[entity.kind]} ${entity.id}`;
}

/** Line and column (1-based) of a place inside an entity. */
export type LineColumn = [line: number, column: number];

/** One entity as loaded: its fields as written, and where each field and item sits. */
export interface Entity {
  kind: EntityKind;
  id: string;
  /** fields exactly as in the file (JSON values), `kind` excluded */
  data: Record<string, unknown>;
  file: string;
  form: 'sections' | 'single';
  /**
   * Positions by path inside the entity: '' is the entity itself, 'satisfies' the key of a field,
   * 'satisfies/1' an item, 'verified_by/0/cases/2' a nested item.
   */
  positions: Record<string, LineColumn>;
}

/** Position of a path inside an entity, falling back to the closest enclosing path. */
export function positionOf(entity: Entity, path = ''): SourcePosition {
  let p = path;
  for (;;) {
    const lc = entity.positions[p];
    if (lc) return { file: entity.file, line: lc[0], column: lc[1] };
    if (p === '') return { file: entity.file, line: 1, column: 1 };
    const cut = p.lastIndexOf('/');
    p = cut < 0 ? '' : p.slice(0, cut);
  }
}

/** A string-or-array-of-strings field as an array (non-strings dropped: the schema reports them). */
export function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/**
 * Whether an entity is obsolete (`status: obsolete`): it stays in the model and the trace, and counts for
 * nothing (docs/verification.md, "Trace links").
 */
export function isObsolete(entity: Entity): boolean {
  return entity.data.status === 'obsolete';
}
