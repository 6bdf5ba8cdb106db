// YAML layouts the editor cannot change in place (docs/editing.md, "Refused layouts") are refused
// before anything is planned, with the file, line and what to do; JSON ones in json-layout.ts.
import { isAlias, isMap, isScalar, visit, type Node, type Pair } from 'yaml';
import { entityName, type EntityKind } from '../model/entity.js';
import { commentsIn } from './cst-comments.js';
import { EditError, placeOf } from './edit-error.js';
import { lineOf, type EditableFile } from './editable-file.js';
import type { EntityNode } from './entity-node.js';
import { unknownKeys } from './unknown-keys.js';

/** Refuses an entity the editor cannot rewrite surgically; returns quietly when it can. */
export function assertEditableEntity(file: EditableFile, kind: EntityKind, id: string, at: EntityNode): void {
  const name = entityName({ kind, id });
  const line = lineOf(file, at.node.range?.[0] ?? 0);
  const refuse = (why: string, fix: string) =>
    new EditError('unsupported-layout', `${placeOf(file.path, line)}${name} ${why}; ${fix}`, {
      file: file.path,
      line,
    });
  assertBlockDocument(file, at.docIndex);
  if (at.section?.seq.flow)
    throw refuse(
      `is in the flow-style section "${String((at.section.pair.key as { value?: unknown }).value)}" ([...])`,
      'write the section as a block list (one "- id: ..." item per entity) to edit it here',
    );
  if (isAlias(at.node))
    throw refuse(`is an alias (*${at.node.source}) of another node`, 'write the entity out to edit it here');
  if (!isMap(at.node) || at.node.flow)
    throw refuse(
      'is written as a flow mapping ({...})',
      'write it in block style (one field per line) to edit it here',
    );
  const map = at.node;
  const ownKeys = new Set<string>();
  for (const pair of map.items) {
    if (!isMergePair(pair)) {
      if (!isScalar(pair.key)) throw refuse('has a key that is not a plain value', 'edit the file by hand');
      ownKeys.add(String((pair.key as { value: unknown }).value));
      continue;
    }
    if (commentsIn(pair.srcToken).length > 0)
      throw refuse(
        'has a merge key (<<) that carries comments',
        'move the comment away from the "<<" line or write the merged fields out',
      );
  }
  const merged = Object.keys(at.data).filter((k) => !ownKeys.has(k));
  const custom = unknownKeys(kind, at.form, at.data).filter((k) => merged.includes(k));
  if (custom.length > 0)
    throw refuse(
      `gets the custom key${custom.length > 1 ? 's' : ''} ${custom.map((k) => `"${k}"`).join(', ')} through a merge key (<<)`,
      'write the merged fields out to edit it here',
    );
  const shared = anchorsUsedElsewhere(at.doc, at.node);
  if (shared.length > 0)
    throw refuse(
      `holds the anchor &${shared[0]} that other nodes use (*${shared[0]})`,
      'an edit here would change them too; write the shared fields out first',
    );
}

/** Refuses a document written in flow style as a whole (`{requirements: [...]}`). */
export function assertBlockDocument(file: EditableFile, docIndex: number): void {
  const contents = file.docs[docIndex]?.contents;
  if (isMap(contents) && contents.flow) {
    const line = lineOf(file, contents.range?.[0] ?? 0);
    throw new EditError(
      'unsupported-layout',
      `${placeOf(file.path, line)}the document is written as a flow mapping ({...}); write it in block style to edit it here`,
      { file: file.path, line },
    );
  }
}

/** Whether a pair is a merge key (`<<: *base`). */
export function isMergePair(pair: Pair): boolean {
  return isScalar(pair.key) && typeof pair.key.value === 'symbol';
}

/** Anchors defined inside a node that aliases outside it refer to. */
function anchorsUsedElsewhere(doc: { contents: unknown }, node: Node): string[] {
  const [from, to] = node.range ?? [0, 0];
  const inside = new Set<string>();
  const usedOutside = new Set<string>();
  visit(doc as Parameters<typeof visit>[0], {
    Node(_key, n) {
      const at = n.range?.[0] ?? -1;
      const within = at >= from && at < to;
      if (isAlias(n)) {
        if (!within) usedOutside.add(n.source);
      } else if (n.anchor && within) inside.add(n.anchor);
    },
  });
  return [...inside].filter((a) => usedOutside.has(a));
}
