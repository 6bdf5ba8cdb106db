// Where an entity sits in a JSON model file: the whole document (a one-object file) or an item of its
// section's list, found the way the loader finds it.
import { findNodeAtLocation, getNodeValue } from 'jsonc-parser';
import { isObject } from '../model/compose-document.js';
import { SECTION_OF_KIND, type EntityKind } from '../model/entity.js';
import type { JsonFile, JsonNode } from './json-file.js';

/** An entity's object node, its plain value (`kind` excluded), and for a section entity its list. */
export interface JsonEntityNode {
  form: 'sections' | 'single';
  node: JsonNode;
  data: Record<string, unknown>;
  section?: { list: JsonNode; index: number };
}

/** Finds the first entity of a kind and id in a JSON file. */
export function findJsonEntity(file: JsonFile, kind: EntityKind, id: string): JsonEntityNode | undefined {
  const { root } = file;
  if (root.type !== 'object') return undefined;
  if (findNodeAtLocation(root, ['kind'])) {
    const value: unknown = getNodeValue(root);
    if (!isObject(value) || value.kind !== kind || value.id !== id) return undefined;
    const data = { ...value };
    delete data.kind;
    return { form: 'single', node: root, data };
  }
  const list = findNodeAtLocation(root, [SECTION_OF_KIND[kind]]);
  if (list?.type !== 'array') return undefined;
  const items = list.children ?? [];
  const index = items.findIndex(
    (item) => item.type === 'object' && findNodeAtLocation(item, ['id'])?.value === id,
  );
  if (index < 0) return undefined;
  const node = items[index]!;
  return {
    form: 'sections',
    node,
    data: getNodeValue(node) as Record<string, unknown>,
    section: { list, index },
  };
}
