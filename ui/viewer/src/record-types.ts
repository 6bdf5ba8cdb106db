// Records the viewer writes on the user's request (docs/viewer-api.md): pins, drafts, snapshots and
// design notes, as the page reads and creates them.

/** Who wrote a record, as the server recorded it. */
export interface Author {
  user: string;
  address: string;
  name?: string;
}

export type RecordKind = 'pin' | 'draft' | 'snapshot';

/** A shape drawn on the board in a draft or snapshot, in board millimetres. */
export interface Annotation {
  shape: 'point' | 'line' | 'arrow' | 'rect' | 'polygon' | 'text';
  points: [number, number][];
  text?: string;
  layer?: string;
  color?: string;
}

/** Fields every stored pin, draft and snapshot has. */
export interface StoredRecord {
  schema: string;
  id: string;
  created: string;
  author: Author;
  run: string | null;
  lane?: string;
  seq?: number;
  checkpoint?: string;
  label?: string;
  title?: string;
  text?: string;
  annotations?: Annotation[];
}

export type NoteKind = 'observation' | 'question' | 'requirement' | 'decision' | 'proposal';
export type NoteStatus = 'open' | 'accepted' | 'rejected' | 'applied';
export const NOTE_KINDS: NoteKind[] = ['observation', 'question', 'requirement', 'decision', 'proposal'];

/** What a note points at. */
export type NoteTarget =
  | { type: 'footprint'; ref: string }
  | { type: 'pad'; ref: string; pad: string }
  | { type: 'net'; net: string }
  | { type: 'point'; x: number; y: number; layer?: string }
  | { type: 'lane'; lane: string; run?: string }
  | { type: 'event'; seq: number; run?: string }
  | { type: 'source'; path: string; line?: number };

/** Where a note was written. */
export interface NoteContext {
  run: string | null;
  lane?: string;
  seq?: number;
  checkpoint?: string;
}

/** A design note (pnr-design-note-v1). */
export interface DesignNote {
  schema: string;
  id: string;
  kind: NoteKind;
  status: NoteStatus;
  title: string;
  body?: string;
  targets: NoteTarget[];
  context?: NoteContext;
  author: Author;
  created: string;
  updated: string;
  revision: number;
  decision?: { status: string; author: Author; time: string; reason?: string } | null;
  applied?: { author: Author; time: string; detail?: string } | null;
  comments?: { author: Author; time: string; text: string }[];
}

/** The body of POST /api/notes. */
export interface NoteDraft {
  kind: NoteKind;
  title: string;
  body?: string;
  targets?: NoteTarget[];
  context?: NoteContext;
}

export type NoteAction = 'edit' | 'accept' | 'reject' | 'apply' | 'reopen' | 'comment' | 'delete';

/** Which actions a note's status allows (the server checks the same). */
export function actionsFor(status: NoteStatus): NoteAction[] {
  switch (status) {
    case 'open':
      return ['accept', 'reject', 'delete'];
    case 'accepted':
      return ['apply', 'reopen', 'delete'];
    case 'rejected':
      return ['reopen', 'delete'];
    case 'applied':
      return ['delete'];
  }
}

/** A target as a short text ("U2", "net +3V3", "(12.5, 8) mm"). */
export function targetText(t: NoteTarget): string {
  switch (t.type) {
    case 'footprint':
      return t.ref;
    case 'pad':
      return `${t.ref} pad ${t.pad}`;
    case 'net':
      return `net ${t.net}`;
    case 'point':
      return `(${t.x}, ${t.y}) mm${t.layer ? ` on ${t.layer}` : ''}`;
    case 'lane':
      return `lane ${t.lane}`;
    case 'event':
      return `event ${t.seq}`;
    case 'source':
      return `${t.path}${t.line !== undefined ? `:${t.line}` : ''}`;
  }
}
