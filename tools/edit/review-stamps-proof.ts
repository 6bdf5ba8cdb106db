// Proof of what an edit does to the review stamps (docs/editing.md): read back, the stamps leave every
// link that was reviewed still reviewed (under its new ids after a rename), and a clear leaves each
// cleared link reviewed. Links of a deleted entity go with it.
import { linkReviews } from '../change-control/link-reviews.js';
import { linkKey } from '../model/review-stamps.js';
import type { Model } from '../model/model.js';
import type { ModelSnapshot } from './model-snapshot.js';
import type { EditPlan } from './plan-edit.js';

/** Adds a reason for each way the stamps after the edit differ from what the request asks. */
export function checkReviewStamps(
  snapshot: ModelSnapshot,
  after: Model,
  plan: EditPlan,
  reasons: string[],
): void {
  const change = plan.files.find((f) => f.role === 'review-stamps' && f.path === snapshot.reviewStamps?.path);
  if (!change) return;
  const problem = after.reviewed?.diagnostics[0];
  if (problem) {
    reasons.push(`${change.path}: the rewritten review stamps would not read back (${problem.message})`);
    return;
  }
  const request = plan.request;
  const renamed = plan.renamed;
  const id = (x: string) => (renamed && x === renamed.from ? renamed.to : x);
  const deleted = request.op === 'delete' ? request.id : undefined;
  const afterStates = new Map(linkReviews(after).map((r) => [r.link.key, r.state]));
  const want = new Set<string>();
  for (const review of linkReviews(snapshot.model)) {
    const { parent, link, child } = {
      parent: review.link.parent.id,
      link: review.link.link,
      child: review.link.child,
    };
    if (deleted !== undefined && (parent === deleted || child === deleted)) continue;
    if (review.state === 'reviewed') want.add(linkKey(id(parent), link, id(child)));
  }
  if (request.op === 'clear-suspect') for (const review of plan.cleared ?? []) want.add(review.link.key);
  for (const key of want)
    if (afterStates.get(key) !== 'reviewed') {
      const [parent, link, child] = key.split('\u0000');
      reasons.push(`${change.path}: the link ${child} ${link} ${parent} would not read back as reviewed`);
    }
}
