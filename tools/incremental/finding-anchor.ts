import type { Diagnostic } from '../model/diagnostic.js';
import { positionOf } from '../model/entity.js';
import type { Model } from '../model/model.js';

/** A finding tied to a field of an entity rather than to a line: it moves with the entity. */
export interface AnchoredFinding {
  diagnostic: Diagnostic;
  /** the entity's field path the finding points at ('' for the entity itself); undefined: unanchored */
  path?: string;
}

/**
 * Remembers which field of its entity a finding points at, so a finding computed from position-free
 * facts (the trace links) can be placed again after lines moved, without running its rule again.
 */
export function anchorFinding(d: Diagnostic, model: Model): AnchoredFinding {
  const entity = d.entity === undefined ? undefined : model.byId.get(d.entity);
  if (!entity || entity.file !== d.file) return { diagnostic: d };
  for (const [path, [line, column]] of Object.entries(entity.positions)) {
    if (line === d.line && column === d.column) return { diagnostic: d, path };
  }
  return { diagnostic: d };
}

/** The finding at its entity's field as the current model has it. */
export function reanchor(anchored: AnchoredFinding, model: Model): Diagnostic {
  const { diagnostic: d, path } = anchored;
  const entity = path === undefined || d.entity === undefined ? undefined : model.byId.get(d.entity);
  if (!entity) return d;
  const at = positionOf(entity, path);
  return { ...d, file: at.file, line: at.line, column: at.column };
}
