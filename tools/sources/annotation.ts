import type { Diagnostic } from '../model/diagnostic.js';

/** One entity id named by a source annotation, at the place the id is written. */
export interface Annotation {
  id: string;
  /** 'verifies', 'implements', or the word the pattern puts before `{id}`, in lower case */
  verb: string;
  /** relative to the scanned root, '/'-separated */
  file: string;
  /** 1-based */
  line: number;
  /** 1-based, in UTF-16 code units like every column rr reports */
  column: number;
  /** the source line, trimmed */
  text: string;
}

/** The annotations found under a root, grouped by entity, with the problems met on the way. */
export interface AnnotationScan {
  /** sorted by file (code-point order), line, column */
  annotations: Annotation[];
  /** entity id (keys in code-point order) to its annotations, in the order of `annotations` */
  byEntity: Map<string, Annotation[]>;
  diagnostics: Diagnostic[];
  /** files read as text: not skipped as binary, oversized or unreadable */
  filesScanned: number;
}
