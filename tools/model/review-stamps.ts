// The review stamps file (docs/change-control.md): for each trace link, the digests of its parent's
// normative fields when the link was last reviewed, who reviewed it and when, and the reviewed texts by
// digest. JSON Lines, one line per link or text, sorted, so two branches that clear different links
// merge line by line; rr.reviewed sits beside the verification lock (docs/decisions/0321-review-stamps-file.md).
import { dirname, resolve } from 'node:path';
import { byCodePoint } from './code-point-order.js';
import { diagnostic, type Diagnostic } from './diagnostic.js';
import type { Model } from './model.js';

/** The stamps file's name: beside the verification lock, else in the model's folder. */
export const REVIEW_STAMPS_FILE = 'rr.reviewed';

/** The first line of every stamps file: what it is, and the format's version. */
export const REVIEW_STAMPS_HEADER = '{"rr":"review stamps, see docs/change-control.md","version":1}';

/** The kinds of trace link a stamp can be about (docs/change-control.md, "Links"). */
export const LINK_RELATIONS = [
  'satisfies',
  'refines',
  'implements',
  'mitigates',
  'verifies',
  'validates',
] as const;
export type LinkRelation = (typeof LINK_RELATIONS)[number];

/** One link as last reviewed. */
export interface ReviewStamp {
  parent: string;
  link: LinkRelation;
  /** an entity id, or a verification set's target label (verifies, validates) */
  child: string;
  /** normative field → digest of its value, as the parent was when the link was reviewed */
  fields: Record<string, string>;
  /** who reviewed it ("Name <mail>") */
  by: string;
  /** when, as an ISO 8601 UTC time */
  at: string;
}

/** The stamps of a model as read: several per link after a union merge, the reviewed texts by digest. */
export interface ReviewStamps {
  path: string;
  /** link key (linkKey) → its stamps, in file order */
  links: Map<string, ReviewStamp[]>;
  /** digest → the reviewed value */
  texts: Map<string, unknown>;
  /** lines that could not be read */
  diagnostics: Diagnostic[];
}

/** The key of a link in ReviewStamps.links. */
export function linkKey(parent: string, link: LinkRelation, child: string): string {
  return `${parent}\u0000${link}\u0000${child}`;
}

/** Where a model's stamps file is: beside config.sets_lock when set, else in the model's folder. */
export function reviewStampsPathOf(
  model: Pick<Model, 'root' | 'config' | 'configSources'>,
  modelIsDirectory: boolean,
): string {
  const setAt = model.configSources.sets_lock;
  if (model.config.sets_lock && setAt)
    return resolve(dirname(resolve(dirname(setAt.file), model.config.sets_lock)), REVIEW_STAMPS_FILE);
  return resolve(modelIsDirectory ? model.root : dirname(model.root), REVIEW_STAMPS_FILE);
}

/** An empty set of stamps at a path: what the first clear starts from. */
export function emptyReviewStamps(path: string): ReviewStamps {
  return { path, links: new Map(), texts: new Map(), diagnostics: [] };
}

/** Reads a stamps file's text; lines that cannot be read become `review-stamps-invalid` errors. */
export function parseReviewStamps(path: string, text: string): ReviewStamps {
  const stamps = emptyReviewStamps(path);
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const problem = readLine(stamps, line);
    if (problem)
      stamps.diagnostics.push(
        diagnostic(
          'review-stamps-invalid',
          'error',
          `${problem}; ${line.startsWith('<<<<<<<') || line.startsWith('>>>>>>>') || line.startsWith('=======') ? 'a merge left conflict markers: keep the lines of both sides (rr reads duplicates) or' : 'fix the line or'} run \`rr suspect clear\` again (docs/change-control.md)`,
          { file: path, line: i + 1, column: 1 },
        ),
      );
  });
  return stamps;
}

function readLine(stamps: ReviewStamps, line: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'this line of the review stamps is not JSON';
  }
  if (!isObject(value)) return 'a line of the review stamps must be a JSON object';
  if ('rr' in value)
    return value.version === 1
      ? undefined
      : `review stamps version ${String(value.version)} is not 1; upgrade rr`;
  if ('text' in value) {
    if (typeof value.text !== 'string' || !('value' in value)) return 'a text line needs "text" and "value"';
    stamps.texts.set(value.text, value.value);
    return undefined;
  }
  const { parent, link, child, fields, by, at } = value;
  if (
    typeof parent !== 'string' ||
    typeof child !== 'string' ||
    typeof by !== 'string' ||
    typeof at !== 'string'
  )
    return 'a stamp needs string "parent", "child", "by" and "at"';
  if (typeof link !== 'string' || !(LINK_RELATIONS as readonly string[]).includes(link))
    return `a stamp's "link" must be one of ${LINK_RELATIONS.join(', ')}`;
  if (!isObject(fields) || Object.values(fields).some((d) => typeof d !== 'string'))
    return `a stamp's "fields" must map field names to digests`;
  const stamp: ReviewStamp = {
    parent,
    link: link as LinkRelation,
    child,
    fields: fields as Record<string, string>,
    by,
    at,
  };
  const key = linkKey(parent, stamp.link, child);
  const list = stamps.links.get(key);
  if (list) list.push(stamp);
  else stamps.links.set(key, [stamp]);
  return undefined;
}

/** One stamp as its line: keys in a fixed order, fields sorted. */
export function stampLine(stamp: ReviewStamp): string {
  const fields = Object.fromEntries(
    Object.keys(stamp.fields)
      .sort(byCodePoint)
      .map((f) => [f, stamp.fields[f]]),
  );
  return JSON.stringify({
    parent: stamp.parent,
    link: stamp.link,
    child: stamp.child,
    fields,
    by: stamp.by,
    at: stamp.at,
  });
}

/**
 * The file's text for these stamps (one per link) and the texts they refer to: the header, then every
 * line sorted in code-point order, "\n" endings. Texts no stamp refers to are dropped.
 */
export function serializeReviewStamps(
  stamps: Iterable<ReviewStamp>,
  texts: ReadonlyMap<string, unknown>,
): string {
  const lines: string[] = [];
  const used = new Set<string>();
  for (const stamp of stamps) {
    lines.push(stampLine(stamp));
    for (const digest of Object.values(stamp.fields)) used.add(digest);
  }
  for (const digest of used)
    if (texts.has(digest)) lines.push(JSON.stringify({ text: digest, value: texts.get(digest) }));
  lines.sort(byCodePoint);
  return [REVIEW_STAMPS_HEADER, ...lines].join('\n') + '\n';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
