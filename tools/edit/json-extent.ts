// The JSON half of the text proof: the range an edit may rewrite is the field (or deleted entity) it
// claims to change, with the comma and whitespace that separate it from its neighbours.
import { keyOf, type JsonFile } from './json-file.js';
import { childExtent } from './json-container.js';
import { entityName, type Entity } from '../model/entity.js';
import { findJsonEntity } from './json-entity.js';

/** Where an entity of a JSON file may be rewritten: one field, or the whole entity; a string says why not. */
export function jsonOwnExtent(
  file: JsonFile,
  entity: Entity,
  field: string | undefined,
): [number, number] | string {
  const at = findJsonEntity(file, entity.kind, entity.id);
  if (!at) return `${entityName(entity)} is not where the model says`;
  if (field === undefined)
    return at.section ? childExtent(at.section.list, at.section.index) : [0, file.text.length];
  const index = (at.node.children ?? []).findIndex((p) => keyOf(p) === field);
  if (index < 0) return `the field "${field}" of ${entityName(entity)} is not in the file`;
  return childExtent(at.node, index);
}
