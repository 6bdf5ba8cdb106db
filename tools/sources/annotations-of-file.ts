import type { Diagnostic } from '../model/diagnostic.js';
import type { Annotation } from './annotation.js';
import { compileAnnotationPatterns, ID_TOKEN } from './annotation-pattern.js';
import { LineIndex } from './line-index.js';
import { multiVerifiesAnnotation } from './multi-verifies-annotation.js';

/** What one file's text holds: its annotations (by line, column) and multi-id findings. */
export interface FileAnnotations {
  annotations: Annotation[];
  diagnostics: Diagnostic[];
}

/** Options of an annotation search. */
export interface AnnotationOptions {
  /** when given, a token that is not one of these ids is not an annotation */
  knownIds?: ReadonlySet<string>;
}

const ID = new RegExp(ID_TOKEN, 'g');
const DIGIT = /[0-9]/;

/**
 * Finds the annotations in one file's text (pure; `path` is only copied into results). Patterns
 * without exactly one `{id}` are skipped here; scanAnnotations reports them.
 */
export function annotationsOfFile(
  path: string,
  text: string,
  patterns: readonly string[],
  options: AnnotationOptions = {},
): FileAnnotations {
  const annotations: Annotation[] = [];
  const diagnostics: Diagnostic[] = [];
  const lines = new LineIndex(text);
  // Offsets of ids already recorded: two patterns that match the same text give one annotation.
  const taken = new Set<number>();
  for (const pattern of compileAnnotationPatterns(patterns).patterns) {
    if (!text.includes(pattern.anchor)) continue;
    for (const match of text.matchAll(pattern.regex)) {
      const named = namedIds(match, options.knownIds);
      if (named.length === 0 || named.some((id) => taken.has(id.offset))) continue;
      const at = lines.position(match.index);
      const lineText = lines.lineText(at.line);
      for (const id of named) {
        taken.add(id.offset);
        const column = lines.position(id.offset).column;
        annotations.push({
          id: id.id,
          verb: pattern.verb,
          file: path,
          line: at.line,
          column,
          text: lineText,
        });
      }
      if (named.length > 1) {
        // Quote up to the last id: prose after it is not part of what needs splitting.
        const last = named[named.length - 1]!;
        const written = text.slice(match.index, last.offset + last.id.length);
        const ids = named.map((id) => id.id);
        diagnostics.push(multiVerifiesAnnotation({ file: path, ...at }, written, ids));
      }
    }
  }
  annotations.sort((a, b) => a.line - b.line || a.column - b.column);
  diagnostics.sort((a, b) => a.line! - b.line! || a.column! - b.column!);
  return { annotations, diagnostics };
}

interface IdAt {
  id: string;
  offset: number;
}

/**
 * The distinct ids a match names. With known ids, the tokens that are known ids. Without, the first
 * token and those after it that contain a digit, so prose after an id (`@verifies REQ-1 when idle`)
 * is not read as more ids.
 */
function namedIds(match: RegExpExecArray, knownIds?: ReadonlySet<string>): IdAt[] {
  const [listStart] = match.indices![1]!;
  const seen = new Set<string>();
  const out: IdAt[] = [];
  let first = true;
  for (const token of match[1]!.matchAll(ID)) {
    const id = token[0];
    const counts = knownIds ? knownIds.has(id) : first || DIGIT.test(id);
    first = false;
    if (!counts || seen.has(id)) continue;
    seen.add(id);
    out.push({ id, offset: listStart + token.index });
  }
  return out;
}
