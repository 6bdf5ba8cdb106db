// Ranges inside a JSON object or list: where a child (a property or an item) may be removed with the
// comma and whitespace that separate it, and what separates a new child from its neighbours.
import { nodeEnd, type JsonNode } from './json-file.js';
import { lineIndent } from './line-endings.js';

/** Whether a container is written on one line up to its first child (or, when empty, as a whole). */
export function isInline(text: string, container: JsonNode): boolean {
  const first = container.children?.[0];
  const end = first ? first.offset : nodeEnd(container);
  return !text.slice(container.offset, end).includes('\n');
}

/** Offset of a container's closing bracket. */
export function closeOffset(container: JsonNode): number {
  return nodeEnd(container) - 1;
}

/**
 * The range a child owns: from the end of the child before it (or just inside the opening bracket) to
 * the start of the child after it (or the closing bracket), so its separating comma and whitespace.
 */
export function childExtent(container: JsonNode, index: number): [number, number] {
  const children = container.children ?? [];
  const before = children[index - 1];
  const after = children[index + 1];
  return [before ? nodeEnd(before) : container.offset + 1, after ? after.offset : closeOffset(container)];
}

/**
 * The ranges that remove some children of a container, one per child, with the separators that go
 * with them: after a child that stays, the comma before each removed one; at the start, the comma
 * after. Undefined when every child goes (the caller rewrites the container).
 */
export function childRemovals(
  container: JsonNode,
  removed: ReadonlySet<number>,
): [number, number][] | undefined {
  const children = container.children ?? [];
  if (children.length > 0 && removed.size >= children.length) return undefined;
  const ranges: [number, number][] = [];
  const firstKept = children.findIndex((_, i) => !removed.has(i));
  for (const i of [...removed].sort((a, b) => a - b)) {
    const child = children[i]!;
    ranges.push(
      i < firstKept ? [child.offset, children[i + 1]!.offset] : [nodeEnd(children[i - 1]!), nodeEnd(child)],
    );
  }
  return ranges;
}

/**
 * What separates two children of a container, LF line breaks: as between its first two children, else
 * a comma, a line break and the first child's indentation (a container on several lines), else
 * `comma` (the file's one-line separator).
 */
export function childSeparator(text: string, container: JsonNode, comma: string): string {
  const [first, second] = container.children ?? [];
  if (first && second) return text.slice(nodeEnd(first), second.offset).replace(/\r\n/g, '\n');
  if (first && !isInline(text, container)) return `,\n${lineIndent(text, first.offset)}`;
  return comma;
}

/** The indentation of a container's children (that of its first child's line, or one step deeper). */
export function childIndent(text: string, container: JsonNode, step: string): string {
  const first = container.children?.[0];
  if (first && !isInline(text, container)) return lineIndent(text, first.offset);
  return lineIndent(text, container.offset) + step;
}
