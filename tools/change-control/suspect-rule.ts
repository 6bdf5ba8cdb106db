// suspect-link (docs/change-control.md): each suspect link, at the place the link is written, naming
// the child, the parent, the parent's fields that changed since the review, and the command that clears it.
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { Model } from '../model/model.js';
import { clearCommand, suspectReason } from './link-words.js';
import { suspectLinks, type LinkReview } from './link-reviews.js';

/** The suspect-link findings of a model (none until stamping has started). Pure: no I/O. */
export function suspectLinkRule(model: Model, reviews?: readonly LinkReview[]): Diagnostic[] {
  if (!model.reviewed) return [];
  const suspect = reviews ? reviews.filter((r) => r.state === 'suspect') : suspectLinks(model);
  return suspect.map(suspectLinkFinding);
}

/** The suspect-link finding of one suspect link, at the place the link is written. */
export function suspectLinkFinding(review: LinkReview): Diagnostic {
  return diagnostic(
    'suspect-link',
    'warning',
    `${suspectReason(review)}; review the ${review.link.childEntity ? 'child' : 'set'} and run \`${clearCommand(review.link)}\``,
    review.link.at,
    review.link.childEntity?.id ?? review.link.parent.id,
  );
}
