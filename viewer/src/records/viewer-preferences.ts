// SPDX-License-Identifier: AGPL-3.0-or-later
// The user's runtime-control presets, shared by every viewer of the experiment:
// viewer-preferences.json (default <experiment>/viewer-preferences.json, --preferences moves it). Read
// at start and again whenever the file changed (another viewer wrote it), written atomically on change
// under a lock folder beside it, with a revision so two pages cannot overwrite each other unseen. A file
// that cannot be read is reported and never overwritten.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { withFolderLock } from '../notes/folder-lock.js';
import { writeFileAtomic } from '../telemetry/atomic-write.js';
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

  constructor(readonly file: string) {
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
    mkdirSync(dirname(this.file), { recursive: true });
    return withFolderLock(`${this.file}.lock`, () => {
      const now = this.read();
      if (now.problem)
        throw new ViewerRecordRequestError(
          'bad-body',
          `${this.file} cannot be read (${now.problem}); fix or remove it before saving presets, so nothing in it is lost`,
        );
      if (seen !== now.revision)
        throw new ViewerRecordRequestError(
          'stale-revision',
          `the presets are at revision ${now.revision}, not ${seen}: another viewer changed them; look again and retry`,
        );
      const file: PreferencesFile = {
        schema: PREFERENCES_SCHEMA,
        revision: now.revision + 1,
        updated: context.now.toISOString(),
        author,
        presets,
      };
      writeFileAtomic(this.file, `${JSON.stringify(file, null, 2)}\n`);
      this.current = this.read();
      return this.current;
    });
  }

  private read(): PreferencesState {
    this.stamp = stampOf(this.file);
    const empty = { file: this.file, revision: 0, updated: null, author: null, presets: DEFAULT_PRESETS };
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ...empty, problem: null };
      return { ...empty, problem: `cannot read it: ${(error as Error).message}` };
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { ...empty, problem: `not JSON: ${jsonErrorWhere(text, error as Error)}` };
    }
    try {
      const reader = FieldReader.of(value, this.file, ['schema', 'revision', 'updated', 'author', 'presets']);
      const schema = reader.string('schema', { max: 64, required: true });
      if (schema !== PREFERENCES_SCHEMA)
        return { ...empty, problem: `schema is ${JSON.stringify(schema)}, not ${PREFERENCES_SCHEMA}` };
      const file = value as PreferencesFile;
      return {
        file: this.file,
        revision: reader.integer('revision', { min: 0, required: true })!,
        updated: reader.string('updated', { max: 64 }) ?? null,
        author: file.author ?? null,
        presets: checkedPresets(
          reader.object('presets', ['paces', 'pruneAbovePercent', 'pruneAtWarnings'], { required: true })!,
        ),
        problem: null,
      };
    } catch (error) {
      return { ...empty, problem: (error as Error).message };
    }
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
