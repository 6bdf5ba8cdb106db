import type { Claim } from '../model/claims.js';
import type { ComposedFile } from '../model/compose-file.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { stringList, type Entity } from '../model/entity.js';

/** The fields through which an entity's rules look at other entities (the trace links). */
const LINK_FIELDS = ['satisfies', 'refines', 'implemented_by', 'mitigates', 'mitigated_by'] as const;

/** Whether two composed files are the same value (positions and diagnostics included). */
export function sameComposedFile(a: ComposedFile, b: ComposedFile): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two lists of diagnostics are the same, in order. */
export function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What one file tells other files' rules, without positions: each entity's id, kind, status and trace
 * links, and the values of its config blocks. Rules of one entity read other entities only through
 * these (docs/incremental.md), so a file whose facts are unchanged cannot change another file's findings.
 */
export function fileLinkFacts(file: ComposedFile): string {
  const parts: unknown[] = [];
  for (const doc of file.documents) {
    if (doc.config) parts.push(['config', doc.config.value]);
    for (const e of doc.entities) parts.push(entityFacts(e));
  }
  return JSON.stringify(parts);
}

function entityFacts(e: Entity): unknown[] {
  return [e.id, e.kind, e.data.status ?? null, ...LINK_FIELDS.map((f) => stringList(e.data[f]))];
}

/** A claim as the evidence rules and the shared-case rule read it: all of it, its entity by id. */
export function claimFacts(claim: Claim): string {
  return JSON.stringify({ ...claim, entity: claim.entity.id });
}
