// How messages name a link and its review.
import { entityName } from '../model/entity.js';
import type { LinkReview } from './link-reviews.js';
import type { ReviewLink } from './review-links.js';

/** "requirement REQ-002 refines requirement REQ-001", "verification set //pkg:t of requirement REQ-001". */
export function linkWords(link: ReviewLink): string {
  if (!link.childEntity) return `verification set ${link.child} of ${entityName(link.parent)}`;
  return `${entityName(link.childEntity)} ${link.link} ${entityName(link.parent)}`;
}

/** The command that clears one link: `rr suspect clear CHILD PARENT`. */
export function clearCommand(link: ReviewLink): string {
  return `rr suspect clear ${shellWord(link.child)} ${shellWord(link.parent.id)}`;
}

/** Why a link is suspect, in a sentence without the fix. */
export function suspectReason(review: LinkReview): string {
  const { link, stamp, changes } = review;
  if (!stamp) return `${linkWords(link)}: the link has not been reviewed since stamping started`;
  const fields = changes.map((c) => c.field);
  const what = fields.length === 1 ? `${fields[0]} has` : `${fields.join(', ')} have`;
  return `${linkWords(link)}: the parent's ${what} changed since ${stamp.by} reviewed the link on ${stamp.at.slice(0, 10)}`;
}

function shellWord(text: string): string {
  return /^[\w@/:.+=-]+$/u.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
