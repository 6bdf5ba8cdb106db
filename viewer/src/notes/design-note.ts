// SPDX-License-Identifier: AGPL-3.0-or-later
// A design note (pnr-design-note-v1): an observation, question, requirement, decision or proposal about
// the design, with targets on the board or in the source, and the history of what people did with it.
import { checkpointSha, TELEMETRY_ID } from '../telemetry/event-files.js';
import { FieldReader, type JsonObject } from '../records/json-shape-check.js';
import type { ViewerRecordAuthor } from '../records/viewer-record-author.js';
import { ViewerRecordRequestError } from '../records/viewer-record-request-error.js';
import { compact } from '../records/viewer-records.js';
import {
  allowedFrom,
  DESIGN_NOTE_KINDS,
  DESIGN_NOTE_STATUSES,
  type DesignNoteAction,
  type DesignNoteKind,
  type DesignNoteStatus,
} from './design-note-actions.js';

export { DESIGN_NOTE_ACTIONS, DESIGN_NOTE_KINDS, DESIGN_NOTE_STATUSES } from './design-note-actions.js';
export type { DesignNoteAction, DesignNoteKind, DesignNoteStatus } from './design-note-actions.js';

export const DESIGN_NOTE_SCHEMA = 'pnr-design-note-v1';

/** What a note is about: a place on the board, a lane or event of the telemetry, or a source line. */
export type DesignNoteTarget =
  | { type: 'footprint'; ref: string }
  | { type: 'pad'; ref: string; pad: string }
  | { type: 'net'; net: string }
  | { type: 'point'; x: number; y: number; layer?: string }
  | { type: 'lane'; lane: string; run?: string }
  | { type: 'event'; seq: number; run?: string }
  | { type: 'source'; path: string; line?: number };

/** Where the note was written. */
export interface DesignNoteContext {
  run?: string | null;
  lane?: string;
  seq?: number;
  checkpoint?: string;
}

/** One step of a note's history. */
export interface DesignNoteHistoryEntry {
  revision: number;
  action: 'create' | DesignNoteAction;
  author: ViewerRecordAuthor;
  time: string;
  /** For edits: the fields that changed. */
  fields?: string[];
}

/** A design note as stored in `<notes>/<id>.json`. */
export interface DesignNote {
  schema: typeof DESIGN_NOTE_SCHEMA;
  id: string;
  kind: DesignNoteKind;
  status: DesignNoteStatus;
  title: string;
  body: string;
  targets: DesignNoteTarget[];
  context?: DesignNoteContext;
  author: ViewerRecordAuthor;
  created: string;
  updated: string;
  revision: number;
  decision?: { status: 'accepted' | 'rejected'; author: ViewerRecordAuthor; time: string; reason?: string };
  applied?: { author: ViewerRecordAuthor; time: string; detail?: string };
  comments: { author: ViewerRecordAuthor; time: string; text: string }[];
  history: DesignNoteHistoryEntry[];
}

/** Body fields each action takes besides `revision` and `author`. */
const ACTION_FIELDS: Record<DesignNoteAction, readonly string[]> = {
  edit: ['kind', 'title', 'body', 'targets', 'context'],
  accept: ['reason'],
  reject: ['reason'],
  apply: ['detail'],
  reopen: ['reason'],
  comment: ['text'],
  delete: [],
};

/** The body of POST /api/notes: a new note's content (the server adds its id, status, author and times). */
export type DesignNoteDraft = Pick<DesignNote, 'kind' | 'title'> &
  Partial<Pick<DesignNote, 'body' | 'targets' | 'context'>> & { author?: { name: string } };

const MAX_TEXT = 100_000;

/** The content fields of a new note from a POST /api/notes body. */
export function newDesignNoteContent(body: FieldReader): Pick<
  DesignNote,
  'kind' | 'title' | 'body' | 'targets'
> & {
  context?: DesignNoteContext;
} {
  const context = readContext(body);
  return {
    kind: body.oneOf('kind', DESIGN_NOTE_KINDS, { required: true })!,
    title: body.string('title', { required: true, min: 1, max: 200 })!,
    body: body.string('body', { max: MAX_TEXT }) ?? '',
    targets: readTargets(body) ?? [],
    ...(context ? { context } : {}),
  };
}

/** The body fields a POST /api/notes accepts. */
export const NEW_DESIGN_NOTE_FIELDS = ['kind', 'title', 'body', 'targets', 'context', 'author'] as const;

/** The body reader for an action, with its fields checked. */
export function actionBody(action: DesignNoteAction, body: unknown): FieldReader {
  return FieldReader.of(body ?? {}, 'body', ['revision', 'author', ...ACTION_FIELDS[action]]);
}

/**
 * The note after `action` by `author` (the same object when an edit changes nothing); throws
 * `bad-transition` when its status does not allow the action.
 */
export function changedDesignNote(
  note: DesignNote,
  action: Exclude<DesignNoteAction, 'delete'>,
  body: FieldReader,
  author: ViewerRecordAuthor,
  time: string,
): DesignNote {
  checkTransition(note, action);
  const next: DesignNote = structuredClone(note);
  const entry: DesignNoteHistoryEntry = { revision: note.revision + 1, action, author, time };
  switch (action) {
    case 'edit': {
      const fields: string[] = [];
      const change = <K extends 'kind' | 'title' | 'body' | 'targets' | 'context'>(
        key: K,
        value: DesignNote[K] | undefined,
      ) => {
        if (value === undefined || JSON.stringify(value) === JSON.stringify(note[key])) return;
        next[key] = value;
        fields.push(key);
      };
      change('kind', body.oneOf('kind', DESIGN_NOTE_KINDS));
      change('title', body.string('title', { min: 1, max: 200 }));
      change('body', body.string('body', { max: MAX_TEXT }));
      change('targets', readTargets(body));
      change('context', readContext(body));
      // Saving an unchanged note is not an error; it just changes nothing (the same note comes back).
      if (fields.length === 0) return note;
      entry.fields = fields;
      break;
    }
    case 'accept':
    case 'reject': {
      const reason = body.string('reason', { max: MAX_TEXT });
      next.status = action === 'accept' ? 'accepted' : 'rejected';
      next.decision = { status: next.status, author, time, ...(reason ? { reason } : {}) };
      break;
    }
    case 'apply': {
      const detail = body.string('detail', { max: MAX_TEXT });
      next.status = 'applied';
      next.applied = { author, time, ...(detail ? { detail } : {}) };
      break;
    }
    case 'reopen':
      body.string('reason', { max: MAX_TEXT });
      next.status = 'open';
      delete next.decision;
      break;
    case 'comment':
      next.comments.push({
        author,
        time,
        text: body.string('text', { required: true, min: 1, max: MAX_TEXT })!,
      });
      break;
  }
  next.revision = entry.revision;
  next.updated = time;
  next.history.push(entry);
  return next;
}

/** Throws `bad-transition` when the note's status does not allow the action. */
export function checkTransition(note: DesignNote, action: DesignNoteAction): void {
  const from = allowedFrom(action);
  if (from && !from.includes(note.status))
    throw new ViewerRecordRequestError(
      'bad-transition',
      `cannot ${action} note ${note.id}: it is ${note.status}, and ${action} needs a note that is ${from.join(' or ')}`,
    );
}

/** A stored file's content as a note, or what is wrong with it. */
export function storedDesignNote(value: unknown, name: string): DesignNote | string {
  const n = value as Partial<DesignNote> | null;
  if (typeof n !== 'object' || n === null || n.schema !== DESIGN_NOTE_SCHEMA)
    return `is not a ${DESIGN_NOTE_SCHEMA} note (schema ${JSON.stringify((n as { schema?: unknown } | null)?.schema)})`;
  if (`${n.id}.json` !== name) return `holds id ${JSON.stringify(n.id)}, which does not match its file name`;
  if (!(DESIGN_NOTE_STATUSES as readonly unknown[]).includes(n.status))
    return `has an unknown status ${JSON.stringify(n.status)}`;
  if (!(DESIGN_NOTE_KINDS as readonly unknown[]).includes(n.kind))
    return `has an unknown kind ${JSON.stringify(n.kind)}`;
  if (typeof n.title !== 'string' || typeof n.revision !== 'number' || typeof n.created !== 'string')
    return 'lacks its title, revision or created time';
  return {
    ...n,
    body: typeof n.body === 'string' ? n.body : '',
    targets: Array.isArray(n.targets) ? n.targets : [],
    comments: Array.isArray(n.comments) ? n.comments : [],
    history: Array.isArray(n.history) ? n.history : [],
  } as DesignNote;
}

function readContext(body: FieldReader): DesignNoteContext | undefined {
  const c = body.object('context', ['run', 'lane', 'seq', 'checkpoint']);
  if (!c) return undefined;
  const checkpoint = c.string('checkpoint', { max: 200 });
  if (checkpoint !== undefined && checkpointSha(checkpoint) === undefined)
    throw new ViewerRecordRequestError('bad-body', `${c.where}.checkpoint must be boards/<sha256>.<ext>`);
  return compact({
    run: c.string('run', { max: 4096 }),
    lane: c.string('lane', { max: 128, pattern: TELEMETRY_ID, hint: 'must be a lane id' }),
    seq: c.integer('seq', { min: 0 }),
    checkpoint,
  });
}

const TARGET_FIELDS: Record<DesignNoteTarget['type'], readonly string[]> = {
  footprint: ['ref'],
  pad: ['ref', 'pad'],
  net: ['net'],
  point: ['x', 'y', 'layer'],
  lane: ['lane', 'run'],
  event: ['seq', 'run'],
  source: ['path', 'line'],
};

function readTargets(body: FieldReader): DesignNoteTarget[] | undefined {
  const list = body.array('targets', { max: 100 });
  return list?.map((item, i) => {
    const where = `${body.where}.targets[${i}]`;
    const type = FieldReader.of(item, where, ['type', ...Object.values(TARGET_FIELDS).flat()]).oneOf(
      'type',
      Object.keys(TARGET_FIELDS) as DesignNoteTarget['type'][],
      { required: true },
    )!;
    const t = FieldReader.of(item, where, ['type', ...TARGET_FIELDS[type]]);
    const text = (key: string, max = 200) => t.string(key, { required: true, min: 1, max })!;
    const fields: JsonObject = (() => {
      switch (type) {
        case 'footprint':
          return { ref: text('ref') };
        case 'pad':
          return { ref: text('ref'), pad: text('pad') };
        case 'net':
          return { net: text('net') };
        case 'point':
          return compact({
            x: t.number('x', { required: true }),
            y: t.number('y', { required: true }),
            layer: t.string('layer', { max: 64 }),
          });
        case 'lane':
          return compact({
            lane: t.string('lane', {
              required: true,
              max: 128,
              pattern: TELEMETRY_ID,
              hint: 'must be a lane id',
            }),
            run: t.string('run', { max: 4096 }),
          });
        case 'event':
          return compact({
            seq: t.integer('seq', { required: true, min: 0 }),
            run: t.string('run', { max: 4096 }),
          });
        case 'source':
          return compact({ path: text('path', 4096), line: t.integer('line', { min: 1 }) });
      }
    })();
    return { type, ...fields } as DesignNoteTarget;
  });
}
