/** A place in a model file; line and column are 1-based. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}
