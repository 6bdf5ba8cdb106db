// The work queue as the editor's queue page reads it (docs/api.md, GET /api/queue): the analysis's gaps,
// filtered, each with its entity's parent, and in groups by kind and parent with the parents' titles.
import { parentOf } from '../model/entity-parent.js';
import type { Model } from '../model/model.js';
import type { Analysis } from '../verify/analyze.js';
import { groupGaps, type ParentedGap } from '../verify/gap-groups.js';

/** The gaps of the work queue, filtered, each with its entity's parent, and in groups. */
export interface WorkQueue {
  gaps: ParentedGap[];
  count: number;
  /** the gaps by kind, then by parent, with counts (the rows are in `gaps`) */
  groups: WorkQueueGroup[];
}

/** One kind of gap in the work queue's groups. */
export interface WorkQueueGroup {
  kind: string;
  count: number;
  parents: { parent: string | null; title: string | null; count: number }[];
}

/** Which gaps to keep (each filter unset keeps every gap). */
export interface WorkQueueFilter {
  kind?: string | undefined;
  route?: string | undefined;
  entity?: string | undefined;
}

/** The work queue of an analysis of a model. */
export function workQueue(model: Model, analysis: Analysis, filter: WorkQueueFilter): WorkQueue {
  const gaps = analysis.gaps
    .filter(
      (g) =>
        (!filter.kind || g.kind === filter.kind) &&
        (!filter.route || g.route === filter.route) &&
        (!filter.entity || g.entity === filter.entity),
    )
    .map((g): ParentedGap => {
      const entity = model.byId.get(g.entity);
      return { ...g, parent: (entity && parentOf(entity.kind, entity.data)) ?? null };
    });
  const title = (id: string | null) => {
    const value = id === null ? undefined : model.byId.get(id)?.data.title;
    return typeof value === 'string' ? value : null;
  };
  const groups = groupGaps(gaps).map((k) => ({
    kind: k.kind,
    count: k.count,
    parents: k.parents.map((p) => ({ parent: p.parent, title: title(p.parent), count: p.count })),
  }));
  return { gaps, count: gaps.length, groups };
}
