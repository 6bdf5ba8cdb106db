// Other tools link a child item to its parent; rr names the link by the kinds at both ends (a
// requirement refines a requirement and satisfies a need, a mitigation mitigates a risk, a mitigation
// is implemented by requirements). docs/import-export.md has the table.
import type { EntityKind } from '../../model/entity.js';
import type { ImportedEntity } from './imported-model.js';
import type { ImportReport } from './import-report.js';

/** A link from a child item to its parent, as the source tool wrote it. */
export interface ParentLink {
  child: string;
  parent: string;
  /** where the link was written, for the report */
  at: string;
  /** what the source calls the link: "Parent relation", "link" */
  how: string;
}

/** Where a child→parent link between two kinds goes: the entity that holds it and the field. */
export function parentField(
  child: EntityKind,
  parent: EntityKind,
): { holder: 'child' | 'parent'; field: string } | undefined {
  if (child === 'requirement' && parent === 'user_need') return { holder: 'child', field: 'satisfies' };
  if (child === 'requirement' && parent === 'requirement') return { holder: 'child', field: 'refines' };
  if (child === 'requirement' && parent === 'mitigation')
    return { holder: 'parent', field: 'implemented_by' };
  if (child === 'mitigation' && parent === 'risk') return { holder: 'child', field: 'mitigates' };
  if (child === 'risk' && parent === 'mitigation') return { holder: 'child', field: 'mitigated_by' };
  return undefined;
}

/**
 * The ids of each reference list addReference has seen, so that a list many links add to (a
 * mitigation implemented by every requirement) is not searched once per link.
 */
const listed = new WeakMap<string[], Set<string>>();

/** Adds an id to a reference field, once. */
export function addReference(entity: ImportedEntity, field: string, id: string): boolean {
  const list = (entity.fields[field] as string[] | undefined) ?? [];
  let ids = listed.get(list);
  if (ids === undefined || ids.size !== list.length) {
    // First seen, or changed by someone else since: read it again.
    ids = new Set(list);
    listed.set(list, ids);
  }
  if (ids.has(id)) return false;
  list.push(id);
  ids.add(id);
  entity.fields[field] = list;
  return true;
}

/** Turns child→parent links into rr reference fields; links rr cannot hold go to the report. */
export function applyParentLinks(
  byId: Map<string, ImportedEntity>,
  links: ParentLink[],
  report: ImportReport,
): void {
  for (const link of links) {
    const child = byId.get(link.child);
    const parent = byId.get(link.parent);
    if (child === undefined || parent === undefined) {
      const missing = child === undefined ? link.child : link.parent;
      report.lose(
        `${link.how}s to items not imported`,
        link.at,
        `${link.child} → ${link.parent} (${missing} is not imported)`,
      );
      continue;
    }
    const place = parentField(child.kind, parent.kind);
    if (place === undefined) {
      report.lose(
        `${link.how}s rr has no field for`,
        link.at,
        `${child.kind} ${link.child} → ${parent.kind} ${link.parent}`,
      );
      continue;
    }
    const holder = place.holder === 'child' ? child : parent;
    const other = place.holder === 'child' ? parent : child;
    if (addReference(holder, place.field, other.id)) report.map(`${link.how} → ${place.field}`);
  }
}
