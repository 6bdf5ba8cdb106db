// The work queue in groups (docs/editor.md, "Work queue"): gaps by kind, and within a kind by the
// parent of their entity, each group with its count, so hundreds of gaps of one kind read as a short
// list. Pure; the editor's page bundles it to group the rows its filters keep.
import type { Gap } from './gaps.js';

/** A gap with the parent of its entity (null when it has none). */
export interface ParentedGap extends Gap {
  parent: string | null;
}

/** The gaps of one kind under one parent. */
export interface GapParentGroup {
  parent: string | null;
  count: number;
  gaps: ParentedGap[];
}

/** The gaps of one kind, by parent. */
export interface GapKindGroup {
  kind: string;
  count: number;
  parents: GapParentGroup[];
}

/**
 * Groups gaps by kind (kinds in code-point order), then by parent (parents in id order, numbers as
 * numbers: ZEP-SYRS-2 before ZEP-SYRS-10; the gaps without a parent last).
 */
export function groupGaps(gaps: readonly ParentedGap[]): GapKindGroup[] {
  const kinds = new Map<string, Map<string | null, ParentedGap[]>>();
  for (const gap of gaps) {
    let parents = kinds.get(gap.kind);
    if (!parents) kinds.set(gap.kind, (parents = new Map<string | null, ParentedGap[]>()));
    const list = parents.get(gap.parent);
    if (list) list.push(gap);
    else parents.set(gap.parent, [gap]);
  }
  const sorted = [...kinds].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.map(([kind, parents]) => {
    const groups = [...parents].map(([parent, list]) => ({ parent, count: list.length, gaps: list }));
    const named = groups.filter((g) => g.parent !== null);
    named.sort((a, b) => a.parent!.localeCompare(b.parent!, 'en', { numeric: true }));
    const ordered = [...named, ...groups.filter((g) => g.parent === null)];
    return { kind, count: ordered.reduce((n, g) => n + g.count, 0), parents: ordered };
  });
}
