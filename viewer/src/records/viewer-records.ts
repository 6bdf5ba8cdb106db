// SPDX-License-Identifier: AGPL-3.0-or-later
// Viewer records (docs/glossary.md): the immutable records the viewer writes into the live directory on
// the user's request: pins (a lane's state at an event), annotation drafts and annotated snapshots.
// Shapes are in docs/viewer-api.md.
import { checkpointSha, TELEMETRY_ID } from '../telemetry/event-files.js';
import { FieldReader, type JsonObject } from './json-shape-check.js';
import type { ViewerRecordAuthor } from './viewer-record-author.js';
import { checkedViewerRecordId } from './viewer-record-id.js';
import { ViewerRecordRequestError } from './viewer-record-request-error.js';

/** Fields every stored record has. */
export interface StoredViewerRecord {
  schema: string;
  id: string;
  created: string;
  author: ViewerRecordAuthor;
  /** The run folder the record is about (relative to the experiment folder), or null for the root. */
  run: string | null;
  lane?: string;
  /** the event a pin or snapshot is at, and the board checkpoint it shows */
  seq?: number;
  checkpoint?: string;
  label?: string;
  title?: string;
  text?: string;
  annotations?: BoardAnnotation[];
  [field: string]: unknown;
}

/** The name of a record kind, as the page asks for it. */
export type ViewerRecordKindName = ViewerRecordKind['name'];

/** One kind of immutable record: its folder, schema identifier, id prefix and content check. */
export interface ViewerRecordKind {
  name: 'pin' | 'draft' | 'snapshot';
  /** Folder in the live directory, and the plural the API lists them under. */
  folder: 'pins' | 'drafts' | 'snapshots';
  schema: string;
  prefix: string;
  /** Body fields besides `id`, `author` and `run`. */
  fields: readonly string[];
  /** The checked content fields of a request body. */
  content(body: FieldReader): JsonObject;
}

const BOARD_ANNOTATION_SHAPES = ['point', 'line', 'arrow', 'rect', 'polygon', 'text'] as const;

/** A shape drawn on the board in a draft or snapshot, in board millimetres. */
export interface BoardAnnotation {
  shape: (typeof BOARD_ANNOTATION_SHAPES)[number];
  points: [number, number][];
  text?: string;
  layer?: string;
  /** #rrggbb */
  color?: string;
}
const POINT_COUNTS: Record<(typeof BOARD_ANNOTATION_SHAPES)[number], [number, number]> = {
  point: [1, 1],
  text: [1, 1],
  line: [2, 10_000],
  arrow: [2, 10_000],
  rect: [2, 2],
  polygon: [3, 10_000],
};

function lane(body: FieldReader, required: boolean): string | undefined {
  return body.string('lane', { required, max: 128, pattern: TELEMETRY_ID, hint: 'must be a lane id' });
}

function checkpoint(body: FieldReader): string | undefined {
  const ref = body.string('checkpoint', { max: 200 });
  if (ref !== undefined && checkpointSha(ref) === undefined)
    throw new ViewerRecordRequestError(
      'bad-body',
      `${body.where}.checkpoint must be a checkpoint reference boards/<sha256>.<ext>; got ${JSON.stringify(ref.slice(0, 80))}`,
    );
  return ref;
}

function viewerRecordRef(body: FieldReader, key: string, what: string): string | undefined {
  const id = body.string(key, { max: 128 });
  return id === undefined ? undefined : checkedViewerRecordId(id, what);
}

/** Checked annotations: shapes with the number of points each takes, in board millimetres. */
function boardAnnotations(body: FieldReader, required: boolean): BoardAnnotation[] | undefined {
  const list = body.array('annotations', { required, max: 1000 });
  return list?.map((item, i) => {
    const a = FieldReader.of(item, `${body.where}.annotations[${i}]`, [
      'shape',
      'points',
      'text',
      'layer',
      'color',
    ]);
    const shape = a.oneOf('shape', BOARD_ANNOTATION_SHAPES, { required: true })!;
    const [min, max] = POINT_COUNTS[shape];
    const points = a.array('points', { required: true, min, max })!.map((p, j) => {
      if (!Array.isArray(p) || p.length !== 2 || !p.every((n) => typeof n === 'number' && Number.isFinite(n)))
        throw new ViewerRecordRequestError(
          'bad-body',
          `${a.where}.points[${j}] must be a point [x, y] of two numbers (millimetres)`,
        );
      return p as [number, number];
    });
    return compact({
      shape,
      points,
      text: a.string('text', { max: 10_000 }),
      layer: a.string('layer', { max: 64 }),
      color: a.string('color', { max: 7, pattern: /^#[0-9a-fA-F]{6}$/, hint: 'must be a colour #rrggbb' }),
    });
  });
}

/** A pin: a lane's state at an event, to come back to. */
export const PIN: ViewerRecordKind = {
  name: 'pin',
  folder: 'pins',
  schema: 'pnr-viewer-pin-v1',
  prefix: 'pin',
  fields: ['lane', 'seq', 'label', 'checkpoint'],
  content: (body) =>
    compact({
      lane: lane(body, true),
      seq: body.integer('seq', { required: true, min: 0 }),
      label: body.string('label', { max: 200 }),
      checkpoint: checkpoint(body),
    }),
};

/** A draft: annotations being worked on; saving again makes a new draft that supersedes the last. */
export const DRAFT: ViewerRecordKind = {
  name: 'draft',
  folder: 'drafts',
  schema: 'pnr-viewer-draft-v1',
  prefix: 'draft',
  fields: ['lane', 'seq', 'checkpoint', 'title', 'text', 'annotations', 'supersedes'],
  content: (body) =>
    compact({
      lane: lane(body, false),
      seq: body.integer('seq', { min: 0 }),
      checkpoint: checkpoint(body),
      title: body.string('title', { max: 200 }),
      text: body.string('text', { max: 100_000 }),
      annotations: boardAnnotations(body, true),
      supersedes: viewerRecordRef(body, 'supersedes', 'draft'),
    }),
};

/** A snapshot: an annotated, citable view of a lane at an event. */
export const SNAPSHOT: ViewerRecordKind = {
  name: 'snapshot',
  folder: 'snapshots',
  schema: 'pnr-viewer-snapshot-v1',
  prefix: 'snap',
  fields: ['lane', 'seq', 'checkpoint', 'title', 'text', 'annotations', 'view', 'draft'],
  content: (body) => {
    const view = body.object('view', ['center', 'zoom', 'layers', 'side']);
    let center: [number, number] | undefined;
    if (view?.has('center')) {
      const c = view.value.center;
      if (!Array.isArray(c) || c.length !== 2 || !c.every((n) => typeof n === 'number' && Number.isFinite(n)))
        throw new ViewerRecordRequestError(
          'bad-body',
          `${view.where}.center must be a point [x, y] of two numbers`,
        );
      center = c as [number, number];
    }
    const layers = view?.array('layers', { max: 200 })?.map((l, i) => {
      if (typeof l !== 'string' || l.length === 0 || l.length > 64)
        throw new ViewerRecordRequestError('bad-body', `${view.where}.layers[${i}] must be a layer name`);
      return l;
    });
    return compact({
      lane: lane(body, true),
      seq: body.integer('seq', { required: true, min: 0 }),
      checkpoint: checkpoint(body),
      title: body.string('title', { required: true, min: 1, max: 200 }),
      text: body.string('text', { max: 100_000 }),
      annotations: boardAnnotations(body, false),
      view: view
        ? compact({
            center,
            zoom: view.number('zoom', { min: 0 }),
            layers,
            side: view.oneOf('side', ['front', 'back'] as const),
          })
        : undefined,
      draft: viewerRecordRef(body, 'draft', 'draft'),
    });
  },
};

/** The record kinds by name. */
export const VIEWER_RECORD_KINDS = [PIN, DRAFT, SNAPSHOT] as const;

/** An object type with its possibly-undefined fields made optional instead. */
export type Compact<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** The object without its undefined fields (records are written without empty keys). */
export function compact<T extends Record<string, unknown>>(value: T): Compact<T> {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v;
  return out as Compact<T>;
}
