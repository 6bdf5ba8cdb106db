// Where a new entity goes (docs/editing.md, "Where new entities go"): next to its siblings — the
// sections file (YAML or JSON) holding most entities of its kind, or a new one-object file when the
// model keeps that kind (or, for a kind it has none of yet, most entities) one per file.
import { basename, dirname, extname, join } from 'node:path';
import { SECTION_OF_KIND, type Entity, type EntityKind } from '../model/entity.js';
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

/** The id and file a new entity of a kind would get now (GET /api/next-id). */
export function newEntityTarget(snapshot: ModelSnapshot, kind: EntityKind): Placement & { id: string } {
  const id = nextFreeId(snapshot.model, kind);
  return { id, ...placeNewEntity(snapshot, kind, id) };
}

/** Chooses the file for a new entity of a kind with a given id. */
export function placeNewEntity(snapshot: ModelSnapshot, kind: EntityKind, id: string): Placement {
  const { model } = snapshot;
  if (!snapshot.isDirectory) return { file: snapshot.modelPath, form: 'sections', newFile: false };
  const inSections = model.entities.filter((e) => e.form === 'sections');
  const singles = model.entities.filter((e) => e.form === 'single');
  const sectionsOfKind = inSections.filter((e) => e.kind === kind);
  const singlesOfKind = singles.filter((e) => e.kind === kind);
  if (singlesOfKind.length > 0 || sectionsOfKind.length > 0) {
    if (singlesOfKind.length > sectionsOfKind.length) return oneObjectFile(singlesOfKind, id);
    return { file: fileWithMost(sectionsOfKind), form: 'sections', newFile: false };
  }
  if (singles.length > inSections.length) return oneObjectFile(singles, id);
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
