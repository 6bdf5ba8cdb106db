// Where a new entity goes (docs/editing.md, "Where new entities go"): with its siblings (the other
// children of the parent it refines, satisfies or mitigates), else in its parent's file, else in the
// sections file (YAML or JSON) holding most entities of its kind, or a new one-object file when the model
// keeps that kind (or, for a kind it has none of yet, most entities) one per file. A file the request
// chooses must be one that can take the kind.
import { basename, dirname, extname, join, resolve } from 'node:path';
import { KIND_WORDS, SECTION_OF_KIND, stringList, type Entity, type EntityKind } from '../model/entity.js';
import { parentFields } from '../model/entity-parent.js';
import { EditError } from './edit-error.js';
import { isJsonFile } from './editable-file.js';
import type { ModelSnapshot } from './model-snapshot.js';
import { nextFreeId } from './next-id.js';

/** The file a new entity is written to, and in which form. */
export interface Placement {
  file: string;
  form: 'sections' | 'single';
  /** whether the file does not exist yet */
  newFile: boolean;
}

/** What a create says about where the new entity belongs. */
export interface NewEntityChoice {
  /** the entity it refines, satisfies or mitigates (default: the first such reference in `data`) */
  parent?: string;
  /** the file chosen for it (absolute); it must be one of the files that can take the kind */
  file?: string;
  /** the id given; default the next free id */
  id?: string;
}

/** The id and file a new entity gets, with the files it could go to instead (GET /api/next-id). */
export interface NewEntityTarget extends Placement {
  id: string;
  /** the parent the placement and numbering followed, or null */
  parent: string | null;
  /** every file that can take the kind, the placement's among them, in load order */
  files: string[];
  /** the entity of the same file the new one is written after (its last sibling there, or its parent) */
  after: string | null;
}

/** The children of a parent that have a kind (the entities whose parent fields name it). */
function childrenOf(snapshot: ModelSnapshot, kind: EntityKind, parent: string): Entity[] {
  const fields = parentFields(kind);
  return snapshot.model.entities.filter(
    (e) => e.kind === kind && fields.some((f) => stringList(e.data[f]).includes(parent)),
  );
}

/** The files that can take a new entity of a kind: sections files holding that kind, or any when none does. */
export function filesForKind(snapshot: ModelSnapshot, kind: EntityKind): string[] {
  if (!snapshot.isDirectory) return [snapshot.modelPath];
  const sections = snapshot.composed
    .filter((c) => !c.unreadable && c.documents.some((d) => d.form === 'sections'))
    .map((c) => c.file);
  const holding = new Set(
    snapshot.model.entities.filter((e) => e.kind === kind && e.form === 'sections').map((e) => e.file),
  );
  return holding.size > 0 ? sections.filter((f) => holding.has(f)) : sections;
}

/** The id and file a new entity of a kind gets, given what the request says about it. */
export function newEntityTarget(
  snapshot: ModelSnapshot,
  kind: EntityKind,
  choice: NewEntityChoice = {},
): NewEntityTarget {
  const { model } = snapshot;
  const parent = choice.parent === undefined ? undefined : model.byId.get(choice.parent);
  const siblings = parent ? childrenOf(snapshot, kind, parent.id) : [];
  const files = filesForKind(snapshot, kind);
  let place: PlaceOrSingle;
  if (choice.file !== undefined) place = chosenFile(snapshot, kind, choice.file, files);
  else place = nearParent(snapshot, kind, parent, siblings, files) ?? defaultPlace(snapshot, kind);
  const near =
    siblings.length > 0
      ? siblings.map((e) => e.id)
      : 'file' in place
        ? model.entities.filter((e) => e.file === place.file).map((e) => e.id)
        : place.siblings.map((e) => e.id);
  const id = choice.id ?? nextFreeId(model, kind, { near });
  const placement = 'file' in place ? place : oneObjectFile(place.siblings, id);
  const listed = files.includes(placement.file) ? files : [...files, placement.file];
  return {
    id,
    ...placement,
    parent: parent?.id ?? null,
    files: listed,
    after: anchorIn(placement, parent, siblings),
  };
}

/** The entity a new one follows in its file: its last sibling there, else its parent when it is there. */
function anchorIn(placement: Placement, parent: Entity | undefined, siblings: Entity[]): string | null {
  if (placement.newFile || placement.form !== 'sections') return null;
  const here = siblings.filter((e) => e.file === placement.file);
  if (here.length > 0) return here[here.length - 1]!.id;
  return parent && parent.file === placement.file && siblings.length === 0 ? parent.id : null;
}

/** Chooses the file for a new entity of a kind with a given id (no parent, no chosen file). */
export function placeNewEntity(snapshot: ModelSnapshot, kind: EntityKind, id: string): Placement {
  const place = defaultPlace(snapshot, kind);
  return 'file' in place ? place : oneObjectFile(place.siblings, id);
}

/** A placement, or "a new one-object file beside these siblings" (named once the id is known). */
type PlaceOrSingle = Placement | { siblings: Entity[] };

/** The chosen file, when it can take the kind (the default new file counts); else a clear refusal. */
function chosenFile(snapshot: ModelSnapshot, kind: EntityKind, file: string, files: string[]): Placement {
  const path = resolve(file);
  const fallback = defaultPlace(snapshot, kind);
  if ('file' in fallback && fallback.newFile && resolve(fallback.file) === path) return fallback;
  const listed = files.find((f) => resolve(f) === path);
  if (listed !== undefined) return { file: listed, form: 'sections', newFile: false };
  // Files by their full path, as every edit refusal names them (the editor shows them relative).
  const where = files.join(', ') || 'none';
  const what = KIND_WORDS[kind];
  let why: string;
  if (!snapshot.files.has(path) && !snapshot.listing.files.some((f) => resolve(f) === path))
    why = 'is not a file of the model';
  else if (snapshot.model.entities.some((e) => resolve(e.file) === path && e.form === 'single'))
    why = 'holds one entity (a one-object file)';
  else why = `holds no ${SECTION_OF_KIND[kind].replace(/_/g, ' ')}`;
  throw new EditError(
    'bad-file',
    `${path} ${why}, so it cannot take a new ${what}; choose one of the files that hold ${SECTION_OF_KIND[kind].replace(/_/g, ' ')}: ${where}`,
    { file: path },
  );
}

/**
 * Beside the parent: the file holding most of its other children of the kind (a new one-object file
 * beside them when they are one-object files), else the parent's own file when it can take the kind.
 */
function nearParent(
  snapshot: ModelSnapshot,
  kind: EntityKind,
  parent: Entity | undefined,
  siblings: Entity[],
  files: string[],
): PlaceOrSingle | undefined {
  if (!parent || !snapshot.isDirectory) return undefined;
  const inSections = siblings.filter((e) => e.form === 'sections');
  const singles = siblings.filter((e) => e.form === 'single');
  if (singles.length > inSections.length) return { siblings: singles };
  if (inSections.length > 0) return { file: fileWithMost(inSections), form: 'sections', newFile: false };
  if (parent.form === 'sections' && files.includes(parent.file))
    return { file: parent.file, form: 'sections', newFile: false };
  return undefined;
}

/** Where an entity of a kind goes when nothing says where: beside most entities of its kind. */
function defaultPlace(snapshot: ModelSnapshot, kind: EntityKind): PlaceOrSingle {
  const { model } = snapshot;
  if (!snapshot.isDirectory) return { file: snapshot.modelPath, form: 'sections', newFile: false };
  const inSections = model.entities.filter((e) => e.form === 'sections');
  const singles = model.entities.filter((e) => e.form === 'single');
  const sectionsOfKind = inSections.filter((e) => e.kind === kind);
  const singlesOfKind = singles.filter((e) => e.kind === kind);
  if (singlesOfKind.length > 0 || sectionsOfKind.length > 0) {
    if (singlesOfKind.length > sectionsOfKind.length) return { siblings: singlesOfKind };
    return { file: fileWithMost(sectionsOfKind), form: 'sections', newFile: false };
  }
  if (singles.length > inSections.length) return { siblings: singles };
  if (inSections.length > 0) return firstOfKind(snapshot, inSections, kind);
  const file = join(snapshot.modelPath, `${SECTION_OF_KIND[kind].replace(/_/g, '-')}.yaml`);
  return { file, form: 'sections', newFile: !snapshot.files.has(file) };
}

/**
 * The file for the first entity of a kind: the file holding most entities, or, in a model that keeps one
 * kind per file (two files or more, each of one kind), a file of its own beside it (`risks.yaml` next to
 * `requirements.yaml`, not a risk among requirements).
 */
function firstOfKind(snapshot: ModelSnapshot, inSections: Entity[], kind: EntityKind): Placement {
  const file = fileWithMost(inSections);
  const kindsByFile = new Map<string, Set<EntityKind>>();
  for (const e of inSections) kindsByFile.set(e.file, (kindsByFile.get(e.file) ?? new Set()).add(e.kind));
  const onePerFile = kindsByFile.size > 1 && [...kindsByFile.values()].every((kinds) => kinds.size === 1);
  const own = join(dirname(file), `${SECTION_OF_KIND[kind].replace(/_/g, '-')}.yaml`);
  if (onePerFile && !snapshot.files.has(own)) return { file: own, form: 'sections', newFile: true };
  return { file, form: 'sections', newFile: false };
}

/** The file holding most of the entities (the first in load order on a tie). */
function fileWithMost(entities: Entity[]): string {
  return mostCommon(entities.map((e) => e.file));
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[0]!;
  for (const [v, n] of counts) if (n > counts.get(best)!) best = v;
  return best;
}

/**
 * A new one-object file beside its siblings, named the way they are (the id, or the id in lower case);
 * YAML unless every sibling in that folder is a JSON file.
 */
function oneObjectFile(siblings: Entity[], id: string): Placement {
  const dir = mostCommon(siblings.map((e) => dirname(e.file)));
  const here = siblings.filter((e) => dirname(e.file) === dir);
  const stem = (e: Entity) => basename(e.file, extname(e.file));
  const lower = here.filter((e) => stem(e) === e.id.toLowerCase() && stem(e) !== e.id).length;
  const exact = here.filter((e) => stem(e) === e.id).length;
  const yamlExts = here.map((e) => extname(e.file)).filter((x) => !isJsonFile(`x${x}`));
  const ext = yamlExts.length > 0 ? mostCommon(yamlExts) : '.json';
  const name = (lower > exact ? id.toLowerCase() : id) + ext;
  return { file: join(dir, name), form: 'single', newFile: true };
}
