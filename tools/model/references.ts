import type { Config } from './config.js';
import { diagnostic, type Diagnostic } from './diagnostic.js';
import {
  ENTITY_KINDS,
  KIND_WORDS,
  entityName,
  positionOf,
  stringList,
  type Entity,
  type EntityKind,
} from './entity.js';
import { closestName } from './spelling.js';

/** Which kind each reference field must point at. */
export const REFERENCE_FIELDS: readonly { kind: EntityKind; field: string; target: EntityKind }[] = [
  { kind: 'requirement', field: 'satisfies', target: 'user_need' },
  { kind: 'requirement', field: 'refines', target: 'requirement' },
  { kind: 'risk', field: 'mitigated_by', target: 'mitigation' },
  { kind: 'mitigation', field: 'mitigates', target: 'risk' },
  { kind: 'mitigation', field: 'implemented_by', target: 'requirement' },
];

/** The reference fields of each kind (a requirement has two, a user need none). */
const FIELDS_OF_KIND = new Map(
  ENTITY_KINDS.map((kind) => [kind, REFERENCE_FIELDS.filter((r) => r.kind === kind)]),
);

/**
 * Reports references to ids that do not exist or name an entity of the wrong kind. `byId` is the model's
 * every id, in load order, with its entity's kind; `entities` may be some of the model's (one file's).
 */
export function checkReferences(
  entities: readonly Entity[],
  byId: ReadonlyMap<string, { kind: EntityKind }>,
  config: Config,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  let ids: string[] | undefined;
  for (const entity of entities) {
    for (const ref of FIELDS_OF_KIND.get(entity.kind) ?? []) {
      const value = entity.data[ref.field];
      if (value === undefined) continue;
      const list = stringList(value);
      list.forEach((id, i) => {
        const target = byId.get(id);
        if (target?.kind === ref.target) return; // the common case: no message, no position to find
        const at = positionOf(entity, Array.isArray(value) ? `${ref.field}/${i}` : ref.field);
        if (!target) {
          const near = closestName(id, (ids ??= [...byId.keys()]));
          const hint = near ? `; did you mean "${near}"?` : '';
          out.push(
            diagnostic(
              'dangling-reference',
              'error',
              `${entityName(entity)}: ${ref.field} names "${id}", which does not exist${hint}`,
              at,
              entity.id,
            ),
          );
        } else if (target.kind !== ref.target) {
          out.push(
            diagnostic(
              'wrong-reference-kind',
              'error',
              `${entityName(entity)}: ${ref.field} names "${id}", which is ${article(KIND_WORDS[target.kind])}, not ${article(KIND_WORDS[ref.target])}`,
              at,
              entity.id,
            ),
          );
        }
      });
    }
    if (entity.kind === 'requirement' && typeof entity.data.method === 'string') {
      const method = entity.data.method;
      const target = byId.get(method);
      const isLevel = config.levels.some((l) => l.name === method);
      if (target && target.kind !== 'test_method') {
        out.push(
          diagnostic(
            'wrong-reference-kind',
            'error',
            `requirement ${entity.id}: method names "${method}", which is ${article(KIND_WORDS[target.kind])}, not a test method`,
            positionOf(entity, 'method'),
            entity.id,
          ),
        );
      } else if (!target && !isLevel) {
        const levels = config.levels.map((l) => l.name).join(', ');
        out.push(
          diagnostic(
            'dangling-reference',
            'error',
            `requirement ${entity.id}: method "${method}" is neither a test method id nor a configured level (${levels})`,
            positionOf(entity, 'method'),
            entity.id,
          ),
        );
      }
    }
  }
  return out;
}

function article(word: string): string {
  return /^[aeio]/.test(word) ? `an ${word}` : `a ${word}`; // not 'u': "a user need"
}
