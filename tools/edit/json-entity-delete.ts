// Removing an entity from a JSON model file: its item with the separator that went with it, leaving
// `[]` when it was the section's last; a one-object file goes away (docs/editing.md).
import type { EntityRemoval } from './entity-delete.js';
import { childRemovals, closeOffset } from './json-container.js';
import type { JsonEntityNode } from './json-entity.js';

/** The removal of an entity from its JSON file. */
export function deleteJsonEntityEdits(at: JsonEntityNode, id: string): EntityRemoval {
  if (!at.section) return { removeFile: true };
  const { list, index } = at.section;
  // The last item leaves the section empty, `[]`, so it keeps its place for the next new entity.
  const [start, end] = childRemovals(list, new Set([index]))?.[0] ?? [list.offset + 1, closeOffset(list)];
  return { removeFile: false, edits: [{ start, end, text: '', entity: id, action: 'delete-entity' }] };
}
