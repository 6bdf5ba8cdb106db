// SPDX-License-Identifier: AGPL-3.0-or-later
// The design notes of an experiment: one JSON file per note in the notes folder, shared by every viewer
// of the experiment. Writes hold the folder's lock (notes/.lock) and replace files atomically; after each
// change design-notes.md is rewritten. A deleted note moves to deleted/, so nothing is lost.
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createFileAtomicSync, writeFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import { JsonFolder, type FolderProblem } from '../records/json-folder.js';
import { FieldReader } from '../records/json-shape-check.js';
import { viewerRecordAuthor, type AgentAuthorMark } from '../records/viewer-record-author.js';
import { checkedViewerRecordId, newViewerRecordId } from '../records/viewer-record-id.js';
import { ViewerRecordRequestError } from '../records/viewer-record-request-error.js';
import {
  actionBody,
  changedDesignNote,
  checkTransition,
  NEW_DESIGN_NOTE_FIELDS,
  newDesignNoteContent,
  DESIGN_NOTE_SCHEMA,
  storedDesignNote,
  type DesignNote,
  type DesignNoteAction,
  type DesignNoteKind,
  type DesignNoteStatus,
} from './design-note.js';
import { withFolderLock } from './folder-lock.js';
import { designNotesMarkdown } from './design-notes-report.js';

/** The markdown feed the store keeps up to date in the notes folder. */
export const DESIGN_NOTES_FILE = 'design-notes.md';

/** Who asks, and when. */
export interface DesignNoteRequestContext {
  address: string;
  now: Date;
  /** Set when the Ask agent writes for the user at `address`. */
  agent?: AgentAuthorMark;
}

/** Notes of one folder. */
export class DesignNotesStore {
  private readonly folder: JsonFolder<DesignNote>;
  /** Writes of this process, one after another (the lock folder orders them against other processes). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly dir: string) {
    this.folder = new JsonFolder(dir, storedDesignNote, `${basename(dir)}/`);
  }

  /** Notes by creation time, optionally only some statuses and kinds. */
  list(filter: { status?: readonly DesignNoteStatus[]; kind?: readonly DesignNoteKind[] } = {}): {
    notes: DesignNote[];
    problems: FolderProblem[];
  } {
    const { records, problems } = this.folder.read();
    const notes = records
      .filter(
        (n) =>
          (!filter.status || filter.status.includes(n.status)) &&
          (!filter.kind || filter.kind.includes(n.kind)),
      )
      .sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : a.id < b.id ? -1 : 1));
    return { notes, problems };
  }

  /** One note; `not-found` when there is none. */
  get(id: string): DesignNote {
    checkedViewerRecordId(id, 'note');
    const found = this.folder.readOne(`${id}.json`);
    if (found === undefined)
      throw new ViewerRecordRequestError('not-found', `no note "${id}" in ${this.dir}`);
    if (typeof found === 'string')
      throw new ViewerRecordRequestError('not-found', `${basename(this.dir)}/${id}.json ${found}`);
    return found;
  }

  /** Creates a note from a POST /api/notes body. */
  create(body: unknown, context: DesignNoteRequestContext): Promise<DesignNote> {
    const reader = FieldReader.of(body, 'body', NEW_DESIGN_NOTE_FIELDS);
    const author = viewerRecordAuthor(context.address, reader, context.agent);
    const time = context.now.toISOString();
    const note: DesignNote = {
      schema: DESIGN_NOTE_SCHEMA,
      id: newViewerRecordId('n', context.now),
      ...newDesignNoteContent(reader),
      status: 'open',
      author,
      created: time,
      updated: time,
      revision: 1,
      comments: [],
      history: [{ revision: 1, action: 'create', author, time }],
    };
    return this.write(() => {
      if (!createFileAtomicSync(this.file(note.id), json(note)))
        throw new ViewerRecordRequestError('exists', `note ${note.id} exists already; try again`);
      return note;
    });
  }

  /** Applies an action to a note at the revision the client saw; resolves to the changed note, or null when deleted. */
  act(
    id: string,
    action: DesignNoteAction,
    body: unknown,
    context: DesignNoteRequestContext,
  ): Promise<DesignNote | null> {
    checkedViewerRecordId(id, 'note');
    const reader = actionBody(action, body);
    const revision = reader.integer('revision', { required: true, min: 1 })!;
    const author = viewerRecordAuthor(context.address, reader, context.agent);
    this.get(id); // an unknown note is refused before anything is created or locked
    return this.write(() => {
      const note = this.get(id);
      if (note.revision !== revision)
        throw new ViewerRecordRequestError(
          'stale-revision',
          `note ${id} is at revision ${note.revision}, not ${revision}: someone changed it meanwhile; look at it again and retry`,
          { note },
        );
      if (action === 'delete') {
        checkTransition(note, action);
        const deleted = join(this.dir, 'deleted');
        mkdirSync(deleted, { recursive: true });
        writeFileAtomicSync(
          join(deleted, `${id}.json`),
          json({ ...note, deleted: { author, time: context.now.toISOString() } }),
        );
        rmSync(this.file(id));
        return null;
      }
      const next = changedDesignNote(note, action, reader, author, context.now.toISOString());
      if (next !== note) writeFileAtomicSync(this.file(id), json(next));
      return next;
    });
  }

  private file(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  /** Runs a change under the folder lock, then rewrites design-notes.md. */
  private write<T>(change: () => T): Promise<T> {
    const run = this.queue
      .then(() => mkdirSync(this.dir, { recursive: true }))
      .then(() =>
        withFolderLock(join(this.dir, '.lock'), () => {
          const result = change();
          writeFileAtomicSync(
            join(this.dir, DESIGN_NOTES_FILE),
            designNotesMarkdown(this.list().notes, this.dir),
          );
          return result;
        }),
      );
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}
