// JSON layouts the editor cannot change safely are refused before anything is planned, with the file,
// line and what to do (docs/editing.md, "Refused layouts").
import { EditError, placeOf } from './edit-error.js';
import { keyOf, type JsonFile, type JsonNode } from './json-file.js';
import { lineNumberAt } from './line-endings.js';

/**
 * Refuses a JSON file with a key twice in one object: which of the two the loader reads is the yaml
 * package's choice, not JSON's, so an edit could change the other one.
 */
export function assertEditableJson(file: JsonFile): void {
  const stack: JsonNode[] = [file.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const children = node.children ?? [];
    if (node.type === 'object') {
      const seen = new Map<string, JsonNode>();
      for (const property of children) {
        const key = keyOf(property);
        const first = seen.get(key);
        if (first) {
          const line = lineNumberAt(file.text, property.offset);
          throw new EditError(
            'unsupported-layout',
            `${placeOf(file.path, line)}the key "${key}" appears twice in one object (first at line ${lineNumberAt(file.text, first.offset)}); remove one of them to edit this file here`,
            { file: file.path, line },
          );
        }
        seen.set(key, property);
      }
    }
    for (const child of children) stack.push(child);
  }
}
