// What clearing, renaming and deleting do to the stamps file: its new text, every line in canonical order.
import type { Model } from '../model/model.js';
import {
  parseReviewStamps,
  serializeReviewStamps,
  type ReviewStamp,
  type ReviewStamps,
} from '../model/review-stamps.js';
import { canonical } from './fingerprint.js';
import type { LinkReview } from './link-reviews.js';

/** Who clears and when (an ISO 8601 UTC time). */
export interface Reviewer {
  by: string;
  at: string;
}

/**
 * The stamps after clearing some links: each cleared link stamped with its parent's fields as they are
 * now, by the reviewer; every other link of the model keeps the one stamp it is judged by, and stamps of
 * links the model no longer has are dropped. The reviewed texts are kept for the field-by-field view.
 */
export function clearedStampsText(
  model: Model,
  reviews: readonly LinkReview[],
  cleared: readonly LinkReview[],
  reviewer: Reviewer,
): string {
  const clearing = new Set(cleared.map((r) => r.link.key));
  const texts = new Map(model.reviewed?.texts ?? []);
  const stamps: ReviewStamp[] = [];
  for (const review of reviews) {
    const { link } = review;
    if (clearing.has(link.key)) {
      stamps.push({
        parent: link.parent.id,
        link: link.link,
        child: link.child,
        fields: { ...review.digests },
        by: reviewer.by,
        at: reviewer.at,
      });
      for (const [field, digest] of Object.entries(review.digests))
        texts.set(digest, canonical(link.parent.data[field]));
    } else if (review.stamp) stamps.push(review.stamp);
  }
  return serializeReviewStamps(stamps, texts);
}

/** The stamps text with an id renamed wherever it is a parent or a child; undefined when nothing changes. */
export function renamedStampsText(path: string, text: string, from: string, to: string): string | undefined {
  return rewritten(path, text, (s) =>
    s.parent === from || s.child === from
      ? [{ ...s, parent: s.parent === from ? to : s.parent, child: s.child === from ? to : s.child }]
      : [s],
  );
}

/** The stamps text without the links of a deleted entity; undefined when nothing changes. */
export function droppedStampsText(path: string, text: string, id: string): string | undefined {
  return rewritten(path, text, (s) => (s.parent === id || s.child === id ? [] : [s]));
}

function rewritten(
  path: string,
  text: string,
  change: (stamp: ReviewStamp) => ReviewStamp[],
): string | undefined {
  const stamps: ReviewStamps = parseReviewStamps(path, text);
  let changed = false;
  const out: ReviewStamp[] = [];
  for (const list of stamps.links.values())
    for (const stamp of list) {
      const next = change(stamp);
      if (next.length !== 1 || next[0] !== stamp) changed = true;
      out.push(...next);
    }
  return changed ? serializeReviewStamps(out, stamps.texts) : undefined;
}
