import { isMap, isScalar, isSeq, type Document, type Node, type Pair, type YAMLSeq } from 'yaml';
import { isObject } from '../model/compose-document.js';
import { SECTION_OF_KIND, type EntityKind } from '../model/entity.js';
import type { EditableFile } from './editable-file.js';
import { itemOf } from './editable-region.js';

/** Where an entity sits in a parsed file: its node, its document, and for a section entity its list. */
export interface EntityNode {
  form: 'sections' | 'single';
  docIndex: number;
  doc: Document.Parsed;
  /** the entity's node: a block mapping when the entity can be edited */
  node: Node;
  /** the entity's plain value as the loader sees it (`kind` excluded) */
  data: Record<string, unknown>;
  /**
   * for a section entity: the section's pair, its list and the entity's index in it (undefined for an
   * entity parsed alone, which is only ever updated, never deleted, through that parse)
   */
  section?: { pair: Pair; seq: YAMLSeq; index: number };
}

/**
 * Finds the first entity of a kind and id in a file, in the order the loader reads them; in a region
 * (one entity's list item parsed alone, editable-region.ts), that item when it is the entity.
 */
export function findEntityNode(file: EditableFile, kind: EntityKind, id: string): EntityNode | undefined {
  if (file.region) {
    const item = itemOf(file);
    if (item?.value.id !== id) return undefined;
    return { form: 'sections', docIndex: 0, doc: file.docs[0]!, node: item.node, data: { ...item.value } };
  }
  for (let docIndex = 0; docIndex < file.docs.length; docIndex++) {
    const doc = file.docs[docIndex]!;
    const value = file.values[docIndex];
    if (!isObject(value)) continue;
    if ('kind' in value) {
      if (value.kind === kind && value.id === id && doc.contents) {
        const data = { ...value };
        delete data.kind;
        return { form: 'single', docIndex, doc, node: doc.contents, data };
      }
      continue;
    }
    const section = SECTION_OF_KIND[kind];
    const items = value[section];
    if (!Array.isArray(items) || !isMap(doc.contents)) continue;
    const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === section);
    if (!pair || !isSeq(pair.value)) continue;
    const index = items.findIndex((item) => isObject(item) && item.id === id);
    const node = pair.value.items[index] as Node | undefined;
    if (index >= 0 && node) {
      return {
        form: 'sections',
        docIndex,
        doc,
        node,
        data: { ...(items[index] as Record<string, unknown>) },
        section: { pair, seq: pair.value, index },
      };
    }
  }
  return undefined;
}
