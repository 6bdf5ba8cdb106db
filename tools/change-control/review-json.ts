// A link's review state as JSON: what `rr suspect --format json`, `rr report --format json` and the
// editor's API give (docs/change-control.md).
import type { LinkReview } from './link-reviews.js';
import { clearCommand } from './link-words.js';

/** One link's review state. */
export interface LinkReviewJson {
  parent: string;
  parentKind: string;
  link: string;
  /** an entity id, or a verification set's target label */
  child: string;
  /** null for a verification set */
  childKind: string | null;
  state: 'reviewed' | 'suspect' | 'unstamped';
  reviewedBy: string | null;
  reviewedAt: string | null;
  /** what changed in the parent since the review; null when never reviewed */
  changes: { field: string; before: unknown; beforeKnown: boolean; after: unknown }[] | null;
  file: string;
  line: number;
  column: number;
  /** the command that clears it (suspect links) */
  clear?: string;
}

/** The JSON of one link review. */
export function linkReviewJson(review: LinkReview): LinkReviewJson {
  const { link, stamp } = review;
  const out: LinkReviewJson = {
    parent: link.parent.id,
    parentKind: link.parent.kind,
    link: link.link,
    child: link.child,
    childKind: link.childEntity?.kind ?? null,
    state: review.state,
    reviewedBy: stamp?.by ?? null,
    reviewedAt: stamp?.at ?? null,
    changes:
      review.state === 'suspect' && !stamp
        ? null
        : review.changes.map((c) => ({
            field: c.field,
            before: c.before ?? null,
            beforeKnown: c.beforeKnown,
            after: c.after ?? null,
          })),
    file: link.at.file,
    line: link.at.line,
    column: link.at.column,
  };
  if (review.state === 'suspect') out.clear = clearCommand(link);
  return out;
}
