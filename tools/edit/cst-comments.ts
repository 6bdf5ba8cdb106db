/** One comment of a file: where it starts and its text (`# ...`). */
export interface CommentToken {
  offset: number;
  source: string;
}

/** Every comment token under a CST token (any shape of the yaml package's concrete syntax tree). */
export function commentsIn(token: unknown): CommentToken[] {
  const out: CommentToken[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 200 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
      return;
    }
    const t = value as { type?: unknown; offset?: unknown; source?: unknown };
    if (t.type === 'comment' && typeof t.offset === 'number' && typeof t.source === 'string') {
      out.push({ offset: t.offset, source: t.source });
      return;
    }
    for (const v of Object.values(value)) walk(v, depth + 1);
  };
  walk(token, 0);
  return out.sort((a, b) => a.offset - b.offset);
}

/** Whether a flow collection has a comment between its brackets (comments after it do not count). */
export function hasCommentInside(node: {
  srcToken?: unknown;
  range?: [number, number, number] | null;
}): boolean {
  const [start, end] = node.range ?? [0, 0];
  return commentsIn(node.srcToken).some((c) => c.offset >= start && c.offset < end);
}
