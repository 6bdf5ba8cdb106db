// A composed file as JSON text, where JSON holds it exactly: the compose cache stores it so, and the
// compose pool's workers send it so (docs/decisions/0387-composed-files-cross-threads-as-json.md).
import type { ComposedFile } from './compose-file.js';

/** Whether a plain value holds a number JSON cannot hold (YAML's .inf and .nan would come back as null). */
function holdsNonFiniteNumber(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const item of Object.values(v)) stack.push(item);
    }
  }
  return false;
}

/**
 * Whether a composition holds a number JSON cannot hold. Only the files' own values can: entities'
 * fields, the config, project and meta blocks, schema_version (positions and messages are rr's own),
 * so the many positions are not walked.
 */
export function composedNonFinite(composed: ComposedFile): boolean {
  return composed.documents.some(
    (doc) =>
      doc.entities.some((entity) => holdsNonFiniteNumber(entity.data)) ||
      [doc.config, doc.project, doc.meta].some((block) => block && holdsNonFiniteNumber(block.value)) ||
      holdsNonFiniteNumber(doc.schemaVersion?.value),
  );
}

/** A composed file as a worker sends it: JSON text, or the file itself when JSON would change it. */
export type ComposedMessage = string | ComposedFile;

/**
 * A composed file for another thread: JSON text (stringifying and parsing cost about half of structured
 * cloning on either side), or the file itself when it holds a number JSON cannot.
 */
export function composedMessage(composed: ComposedFile): ComposedMessage {
  return composedNonFinite(composed) ? composed : JSON.stringify(composed);
}

/** The composed file a worker sent (composedMessage); its JSON is rr's own, from a thread of this process. */
export function composedFromMessage(sent: ComposedMessage): ComposedFile {
  // trusted: a compose worker of this process stringified a ComposedFile (composedMessage)
  return typeof sent === 'string' ? (JSON.parse(sent) as ComposedFile) : sent;
}
