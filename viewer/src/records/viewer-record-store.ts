// SPDX-License-Identifier: AGPL-3.0-or-later
// Immutable records of one kind in one folder: created once (temporary file, then a hard link that
// fails when the id is taken), never changed or deleted through the viewer.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createFileAtomicSync } from 'rules-rr/core/files/atomic-write.js';
import { JsonFolder, type FolderProblem } from './json-folder.js';
import { FieldReader } from './json-shape-check.js';
import { viewerRecordAuthor } from './viewer-record-author.js';
import { checkedViewerRecordId, newViewerRecordId } from './viewer-record-id.js';
import { ViewerRecordRequestError } from './viewer-record-request-error.js';
import type { ViewerRecordKind, StoredViewerRecord } from './viewer-records.js';

/** Who asks, and how the record's `run` is checked (it must name a run folder of the experiment). */
export interface ViewerRecordRequestContext {
  address: string;
  now: Date;
  checkRun: (run: string) => void;
}

/** The records of one kind under `<liveDir>/<kind.folder>/`. */
export class ViewerRecordStore {
  readonly dir: string;
  private readonly folder: JsonFolder<StoredViewerRecord>;

  constructor(
    liveDir: string,
    readonly kind: ViewerRecordKind,
  ) {
    this.dir = join(liveDir, kind.folder);
    this.folder = new JsonFolder(this.dir, (value, name) => this.checkStored(value, name), `${kind.folder}/`);
  }

  /** Checks a request body, stores the record and returns it; `exists` when the id is taken. */
  create(body: unknown, context: ViewerRecordRequestContext): StoredViewerRecord {
    const reader = FieldReader.of(body, 'body', ['id', 'author', 'run', ...this.kind.fields]);
    const given = reader.string('id', { max: 128 });
    const id =
      given === undefined
        ? newViewerRecordId(this.kind.prefix, context.now)
        : checkedViewerRecordId(given, this.kind.name);
    const run = reader.string('run', { max: 4096 }) || null;
    if (run !== null) context.checkRun(run);
    const record: StoredViewerRecord = {
      schema: this.kind.schema,
      id,
      created: context.now.toISOString(),
      author: viewerRecordAuthor(context.address, reader),
      run,
      ...this.kind.content(reader),
    };
    mkdirSync(this.dir, { recursive: true });
    if (!createFileAtomicSync(join(this.dir, `${id}.json`), JSON.stringify(record, null, 2) + '\n'))
      throw new ViewerRecordRequestError(
        'exists',
        `a ${this.kind.name} with id "${id}" already exists; records are immutable, so save under a new id`,
      );
    return record;
  }

  /** The records, by creation time, optionally of one lane and/or one run ('' for the root). */
  list(filter: { lane?: string; run?: string } = {}): {
    records: StoredViewerRecord[];
    problems: FolderProblem[];
  } {
    const { records, problems } = this.folder.read();
    const wanted = records.filter(
      (r) =>
        (filter.lane === undefined || r.lane === filter.lane) &&
        (filter.run === undefined || (r.run ?? '') === filter.run),
    );
    wanted.sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : a.id < b.id ? -1 : 1));
    return { records: wanted, problems };
  }

  /** One record by id; `not-found` when there is none, `bad-id` for an id that cannot name a record. */
  get(id: string): StoredViewerRecord {
    checkedViewerRecordId(id, this.kind.name);
    const found = this.folder.readOne(`${id}.json`);
    if (found === undefined)
      throw new ViewerRecordRequestError('not-found', `no ${this.kind.name} "${id}" in ${this.dir}`);
    if (typeof found === 'string')
      throw new ViewerRecordRequestError('not-found', `${this.kind.folder}/${id}.json ${found}`);
    return found;
  }

  private checkStored(value: unknown, name: string): StoredViewerRecord | string {
    const r = value as Partial<StoredViewerRecord> | null;
    if (typeof r !== 'object' || r === null || r.schema !== this.kind.schema)
      return `is not a ${this.kind.schema} record (schema ${JSON.stringify((r as { schema?: unknown } | null)?.schema)})`;
    if (`${r.id}.json` !== name)
      return `holds id ${JSON.stringify(r.id)}, which does not match its file name`;
    return r as StoredViewerRecord;
  }
}
