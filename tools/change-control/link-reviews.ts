// Each watched link against its stamp: reviewed (the parent's normative fields are as stamped), or
// suspect (they changed since, or the link has no stamp once the model is stamped), with the fields
// that changed and, where the stamps file kept it, the text each had when the link was reviewed.
import { isDeepStrictEqual } from 'node:util';
import type { Entity } from '../model/entity.js';
import type { Model } from '../model/model.js';
import type { ReviewStamp, ReviewStamps } from '../model/review-stamps.js';
import { fieldDigests, type FieldDigests } from './fingerprint.js';
import { NORMATIVE_FIELDS } from './normative-fields.js';
import { reviewLinks, type ReviewLink } from './review-links.js';

/** A normative field of the parent that differs from its reviewed value. */
export interface FieldChange {
  field: string;
  /** the value when the link was reviewed; undefined when the field was absent or its text is not kept */
  before?: unknown;
  /** whether `before` is known (kept in the stamps file, or the field was absent) */
  beforeKnown: boolean;
  /** the value now; undefined when the field was removed */
  after?: unknown;
}

/** A link's review state. */
export interface LinkReview {
  link: ReviewLink;
  /** unstamped: the model has no stamps file yet, so nothing is tracked */
  state: 'reviewed' | 'suspect' | 'unstamped';
  /** the stamp the link was compared with; none when never reviewed */
  stamp?: ReviewStamp;
  /** what changed in the parent since the stamp (empty when reviewed or never reviewed) */
  changes: FieldChange[];
  /** the parent's field digests now: what a clear stamps */
  digests: FieldDigests;
}

/** The review state of every watched link of a model. Pure: no I/O. */
export function linkReviews(model: Model): LinkReview[] {
  const digestsOf = memoByEntity(fieldDigests);
  // Before stamping starts no link is judged: digests are made only if a clear asks for them, so an
  // analysis of a large unstamped model does not pay for them.
  if (!model.reviewed)
    return reviewLinks(model).map((link) => ({
      link,
      state: 'unstamped' as const,
      changes: [],
      get digests() {
        return digestsOf(link.parent);
      },
    }));
  const stamps = model.reviewed;
  return reviewLinks(model).map((link) => reviewOfLink(stamps, link, digestsOf(link.parent)));
}

/** The suspect links of a model. */
export function suspectLinks(model: Model): LinkReview[] {
  return linkReviews(model).filter((r) => r.state === 'suspect');
}

/**
 * One link judged against the stamps of a stamped model, given its parent's field digests now (the
 * incremental engine gives them from its own memo, docs/incremental.md).
 */
export function reviewOfLink(stamps: ReviewStamps, link: ReviewLink, digests: FieldDigests): LinkReview {
  const candidates = stamps.links.get(link.key) ?? [];
  // After a union merge a link can have several stamps: any review against today's text counts.
  const current = latest(candidates.filter((s) => isDeepStrictEqual(s.fields, digests)));
  if (current) return { link, state: 'reviewed', stamp: current, changes: [], digests };
  const stamp = latest(candidates);
  if (!stamp) return { link, state: 'suspect', changes: [], digests };
  return {
    link,
    state: 'suspect',
    stamp,
    changes: fieldChanges(link.parent, stamp, digests, stamps.texts),
    digests,
  };
}

/** The fields whose digest differs from the stamp's, in the kind's field order. */
function fieldChanges(
  parent: Entity,
  stamp: ReviewStamp,
  digests: FieldDigests,
  texts: ReadonlyMap<string, unknown>,
): FieldChange[] {
  const order = [...NORMATIVE_FIELDS[parent.kind]];
  for (const field of Object.keys(stamp.fields)) if (!order.includes(field)) order.push(field);
  const out: FieldChange[] = [];
  for (const field of order) {
    const was = stamp.fields[field];
    if (was === digests[field]) continue;
    const change: FieldChange = { field, beforeKnown: was === undefined || texts.has(was) };
    if (was !== undefined && texts.has(was)) change.before = texts.get(was);
    if (parent.data[field] !== undefined && parent.data[field] !== null) change.after = parent.data[field];
    out.push(change);
  }
  return out;
}

/** The stamp reviewed last (the later line on a tie). */
function latest(stamps: ReviewStamp[]): ReviewStamp | undefined {
  let best: ReviewStamp | undefined;
  for (const s of stamps) if (!best || s.at >= best.at) best = s;
  return best;
}

function memoByEntity<T>(compute: (entity: Entity) => T): (entity: Entity) => T {
  const memo = new Map<Entity, T>();
  return (entity) => {
    let value = memo.get(entity);
    if (value === undefined) memo.set(entity, (value = compute(entity)));
    return value;
  };
}
