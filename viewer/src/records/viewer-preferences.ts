// SPDX-License-Identifier: AGPL-3.0-or-later
// The user's runtime-control presets, shared by every viewer of the experiment:
// viewer-preferences.json (default <experiment>/viewer-preferences.json, --preferences moves it). Read
// at start and again whenever the file changed (another viewer wrote it). It is rr's revisioned record
// file: written atomically under a lock folder beside it, with a revision so two pages cannot overwrite
// each other unseen. A file that cannot be read is reported and never overwritten.
import { readFileSync, statSync } from 'node:fs';
import {
  RevisionConflictError,
  RevisionedJsonFile,
  UnreadableRecordError,
  type RevisionedRead,
} from 'rules-rr/core/files/revisioned-json-file.js';
import { FieldReader } from './json-shape-check.js';
import { viewerRecordAuthor, type ViewerRecordAuthor } from './viewer-record-author.js';
import { ViewerRecordRequestError } from './viewer-record-request-error.js';

export const PREFERENCES_SCHEMA = 'pnr-viewer-preferences-v1';

/** The presets themselves. */
export interface ControlPresets {
  /** Paces (events per second, 0 = as fast as possible) offered in the Pace selector. */
  paces: number[];
  /** Running lanes whose latest cost is this many percent above the best running lane's are prune candidates; null: off. */
  pruneAbovePercent: number | null;
  /** Lanes with this many warnings or more are prune candidates; null: off. */
  pruneAtWarnings: number | null;
}

/** The file's content. */
export interface PreferencesFile {
  schema: typeof PREFERENCES_SCHEMA;
  revision: number;
  updated: string;
  author: ViewerRecordAuthor;
  presets: ControlPresets;
}

/** What GET /api/preferences answers. */
export interface PreferencesState {
  file: string;
  revision: number;
  updated: string | null;
  author: ViewerRecordAuthor | null;
  presets: ControlPresets;
  /** Why the file could not be used (its presets are then the defaults, and it is not overwritten). */
  problem: string | null;
}

export const DEFAULT_PRESETS: ControlPresets = {
  paces: [0, 1, 2, 5, 10, 20, 50, 100],
  pruneAbovePercent: null,
  pruneAtWarnings: null,
};

/** viewer-preferences.json of one experiment. */
export class PreferencesStore {
  private stamp = '';
  private current: PreferencesState;
  private readonly store: RevisionedJsonFile<PreferencesFile>;

  constructor(readonly file: string) {
    this.store = new RevisionedJsonFile(file, { read: readPreferences, unreadable: 'keep' });
    this.current = this.read();
  }

  /** The presets as the file says now (re-read when it changed). */
  state(): PreferencesState {
    const stamp = stampOf(this.file);
    if (stamp !== this.stamp) this.current = this.read();
    return this.current;
  }

  /** Replaces the presets; `revision` must be the one the page saw. */
  async update(body: unknown, context: { address: string; now: Date }): Promise<PreferencesState> {
    const reader = FieldReader.of(body, 'body', ['revision', 'presets', 'author']);
    const seen = reader.integer('revision', { min: 0, required: true })!;
    const presets = checkedPresets(
      reader.object('presets', ['paces', 'pruneAbovePercent', 'pruneAtWarnings'], { required: true })!,
    );
    const author = viewerRecordAuthor(context.address, reader);
    try {
      await this.store.update(seen, (_current, revision) => ({
        schema: PREFERENCES_SCHEMA,
        revision,
        updated: context.now.toISOString(),
        author,
        presets,
      }));
    } catch (error) {
      if (error instanceof UnreadableRecordError)
        throw new ViewerRecordRequestError(
          'bad-body',
          `${this.file} cannot be read (${error.problem}); fix or remove it before saving presets, so nothing in it is lost`,
        );
      if (error instanceof RevisionConflictError)
        throw new ViewerRecordRequestError(
          'stale-revision',
          `the presets are at revision ${error.current}, not ${error.expected}: another viewer changed them; look again and retry`,
        );
      throw error;
    }
    this.current = this.read();
    return this.current;
  }

  private read(): PreferencesState {
    this.stamp = stampOf(this.file);
    const read = readPreferences(this.file);
    if (read.state === 'ok') {
      const { revision, updated, author, presets } = read.value;
      return {
        file: this.file,
        revision,
        updated: updated ?? null,
        author: author ?? null,
        presets,
        problem: null,
      };
    }
    return {
      file: this.file,
      revision: 0,
      updated: null,
      author: null,
      presets: DEFAULT_PRESETS,
      problem: read.state === 'bad' ? read.message : null,
    };
  }
}

/** Reads and checks a preferences file; its presets are checked as a request's are. */
function readPreferences(file: string): RevisionedRead<PreferencesFile> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'absent' };
    return { state: 'bad', message: `cannot read it: ${(error as Error).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { state: 'bad', message: `not JSON: ${jsonErrorWhere(text, error as Error)}` };
  }
  try {
    const reader = FieldReader.of(value, file, ['schema', 'revision', 'updated', 'author', 'presets']);
    const schema = reader.string('schema', { max: 64, required: true });
    if (schema !== PREFERENCES_SCHEMA)
      return { state: 'bad', message: `schema is ${JSON.stringify(schema)}, not ${PREFERENCES_SCHEMA}` };
    return {
      state: 'ok',
      value: {
        schema: PREFERENCES_SCHEMA,
        revision: reader.integer('revision', { min: 0, required: true })!,
        updated: reader.string('updated', { max: 64 }) as string,
        author: (value as PreferencesFile).author,
        presets: checkedPresets(
          reader.object('presets', ['paces', 'pruneAbovePercent', 'pruneAtWarnings'], { required: true })!,
        ),
      },
    };
  } catch (error) {
    return { state: 'bad', message: (error as Error).message };
  }
}

function checkedPresets(reader: FieldReader): ControlPresets {
  const paces = reader.array('paces', { max: 20, required: true })!;
  const checked = paces.map((p, i) => {
    if (typeof p !== 'number' || !Number.isFinite(p) || p < 0 || p > 100_000)
      throw new ViewerRecordRequestError(
        'bad-body',
        `${reader.where}.paces[${i}] must be events per second from 0 to 100000; got ${JSON.stringify(p)}`,
      );
    return p;
  });
  return {
    paces: [...new Set(checked)].sort((a, b) => a - b),
    pruneAbovePercent: reader.number('pruneAbovePercent', { min: 0, max: 100_000 }) ?? null,
    pruneAtWarnings: reader.integer('pruneAtWarnings', { min: 1 }) ?? null,
  };
}

function stampOf(file: string): string {
  try {
    const st = statSync(file);
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  } catch {
    return 'none';
  }
}

/** JSON.parse's message with the line and column of its position, when it gives one. */
function jsonErrorWhere(text: string, error: Error): string {
  const at = /position (\d+)/.exec(error.message);
  if (!at) return error.message;
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `line ${line}, column ${column}: ${error.message}`;
}
