// The review stamps follow renames and deletes in the same write, and clearing suspect links is an edit
// of its own that writes only the stamps (docs/change-control.md). The first clear creates the stamps
// file and a .gitattributes beside it that merges it line by line (merge=union).
import { join, dirname } from 'node:path';
import { linkReviews, type LinkReview } from '../change-control/link-reviews.js';
import { linkWords } from '../change-control/link-words.js';
import { clearedStampsText, droppedStampsText, renamedStampsText } from '../change-control/stamp-changes.js';
import { REVIEW_STAMPS_FILE } from '../model/review-stamps.js';
import { validateModel } from '../validate/validate-model.js';
import { EditError } from './edit-error.js';
import type { ClearSuspectRequest } from './edit-request.js';
import type { FileChange } from './file-change.js';
import type { ModelSnapshot } from './model-snapshot.js';

/** The line .gitattributes needs so that git merges the stamps file by keeping the lines of both sides. */
export const UNION_MERGE_LINE = `${REVIEW_STAMPS_FILE} merge=union`;

/** What a clear will write, and the links it clears. */
export interface ClearPlan {
  files: FileChange[];
  cleared: LinkReview[];
}

/** The stamps file after a rename, as a file change; none when the model has no stamps of that id. */
export function renameInReviewStamps(snapshot: ModelSnapshot, from: string, to: string): FileChange[] {
  const read = readableStamps(snapshot);
  if (!read) return [];
  const text = renamedStampsText(read.path, read.text, from, to);
  return text === undefined ? [] : [stampsChange(read.path, read.bytes, text)];
}

/** The stamps file without a deleted entity's links; none when it had none. */
export function dropFromReviewStamps(snapshot: ModelSnapshot, id: string): FileChange[] {
  const read = readableStamps(snapshot);
  if (!read) return [];
  const text = droppedStampsText(read.path, read.text, id);
  return text === undefined ? [] : [stampsChange(read.path, read.bytes, text)];
}

/**
 * Plans a clear: the links asked (every suspect link with `all`, every link on a model not stamped
 * yet) stamped with their parents' fields as they are now. Refused for a link that is not suspect,
 * a link whose child has errors, or a stamps file that does not read.
 */
export function planClearSuspect(snapshot: ModelSnapshot, request: ClearSuspectRequest): ClearPlan {
  const { model } = snapshot;
  const stamps = snapshot.reviewStamps;
  if (!stamps) throw new EditError('bad-request', 'the model has no place for review stamps');
  if (typeof request.by !== 'string' || request.by.trim() === '')
    throw new EditError(
      'bad-request',
      'a clear needs the reviewer ("Name <mail>"): set X-RR-Author or --author',
    );
  if (typeof request.at !== 'string' || Number.isNaN(Date.parse(request.at)))
    throw new EditError('bad-request', 'a clear needs the time of the review as an ISO 8601 time');
  readableStamps(snapshot);
  const reviews = linkReviews(model);
  const starting = !model.reviewed;
  let cleared: LinkReview[];
  if (request.all === true) {
    cleared = reviews.filter((r) => r.state !== 'reviewed');
  } else if (typeof request.child === 'string') {
    const parents = Array.isArray(request.parents) ? request.parents : [];
    cleared = reviews.filter(
      (r) =>
        r.state !== 'reviewed' &&
        r.link.child === request.child &&
        (parents.length === 0 || parents.includes(r.link.parent.id)),
    );
    if (cleared.length === 0)
      throw new EditError(
        'not-suspect',
        `${request.child} has no suspect link${parents.length > 0 ? ` to ${parents.join(', ')}` : ''}; \`rr suspect\` lists the suspect links`,
      );
  } else {
    const asked = Array.isArray(request.links) ? request.links : [];
    if (asked.length === 0) throw new EditError('bad-request', 'name the links to clear, or clear all');
    const byKey = new Map(
      reviews.map((r) => [`${r.link.parent.id}\u0000${r.link.link}\u0000${r.link.child}`, r]),
    );
    cleared = asked.map((l) => {
      const review = byKey.get(`${l.parent}\u0000${l.link}\u0000${l.child}`);
      if (!review)
        throw new EditError(
          'unknown-entity',
          `the model has no link "${l.child} ${l.link} ${l.parent}"; reload the model`,
        );
      if (review.state === 'reviewed')
        throw new EditError(
          'not-suspect',
          `${linkWords(review.link)} is not suspect: it was reviewed against the parent's current text`,
        );
      return review;
    });
  }
  const withErrors = childErrors(snapshot, cleared);
  if (withErrors.length > 0)
    throw new EditError(
      'child-has-errors',
      `nothing was cleared: ${withErrors.join('; ')}; fix the errors first (rr validate lists them)`,
    );
  const text = clearedStampsText(model, reviews, cleared, { by: request.by.trim(), at: request.at });
  const files = [stampsChange(stamps.path, stamps.bytes, text)];
  if (starting) files.push(...unionMergeAttribute(snapshot));
  return { files, cleared };
}

/** The links whose child (or, for a verification set, whose owner) has errors, in words. */
function childErrors(snapshot: ModelSnapshot, cleared: readonly LinkReview[]): string[] {
  if (cleared.length === 0) return [];
  const errors = new Map<string, number>();
  // Suspect links themselves are what a clear settles, whatever their severity.
  for (const d of validateModel(snapshot.model))
    if (d.severity === 'error' && d.entity && d.rule !== 'suspect-link')
      errors.set(d.entity, (errors.get(d.entity) ?? 0) + 1);
  const out: string[] = [];
  for (const review of cleared) {
    const id = review.link.childEntity?.id ?? review.link.parent.id;
    const count = errors.get(id);
    if (count) out.push(`${linkWords(review.link)}: ${id} has ${count} error${count === 1 ? '' : 's'}`);
  }
  return out;
}

/** The stamps file's text, or undefined when there is none; refused when it does not read. */
function readableStamps(snapshot: ModelSnapshot): { path: string; bytes: Buffer; text: string } | undefined {
  const stamps = snapshot.reviewStamps;
  if (!stamps?.bytes) return undefined;
  const problem = snapshot.model.reviewed?.diagnostics[0];
  if (problem)
    throw new EditError(
      'review-stamps-invalid',
      `${stamps.path}:${problem.line ?? 1}: the review stamps cannot be read (${problem.message}); the edit would have to change them`,
      { file: stamps.path, ...(problem.line !== undefined ? { line: problem.line } : {}) },
    );
  return { path: stamps.path, bytes: stamps.bytes, text: stamps.bytes.toString('utf8') };
}

function stampsChange(path: string, before: Buffer | undefined, text: string): FileChange {
  return {
    path,
    ...(before ? { before } : {}),
    after: Buffer.from(text, 'utf8'),
    edits: [],
    role: 'review-stamps',
  };
}

/** .gitattributes beside the stamps file with the union-merge line, unless it has a line for the file. */
function unionMergeAttribute(snapshot: ModelSnapshot): FileChange[] {
  const stamps = snapshot.reviewStamps!;
  const attributes = snapshot.gitAttributes ?? {
    path: join(dirname(stamps.path), '.gitattributes'),
    hash: null,
  };
  const text = attributes.bytes?.toString('utf8') ?? '';
  if (text.split(/\r?\n/).some((line) => line.trim().split(/\s+/)[0] === REVIEW_STAMPS_FILE)) return [];
  const after = `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${UNION_MERGE_LINE}\n`;
  return [
    {
      path: attributes.path,
      ...(attributes.bytes ? { before: attributes.bytes } : {}),
      after: Buffer.from(after, 'utf8'),
      edits: [],
      role: 'review-stamps',
    },
  ];
}
