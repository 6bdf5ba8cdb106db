/** Line and column of an offset, as the yaml package's LineCounter gives them (both 1-based). */
export interface LinePositions {
  linePos(offset: number): { line: number; col: number };
}

/** The line starts rr's own model readers found, answering positions as the yaml package's LineCounter. */
export class LineStarts implements LinePositions {
  // Positions are mostly asked for in file order: the line of the last answer is tried first.
  private last = 0;

  constructor(private readonly starts: number[]) {}

  /** The line and column of an offset. */
  linePos(offset: number): { line: number; col: number } {
    const line = this.lineIndex(offset);
    return { line: line + 1, col: offset - this.starts[line]! + 1 };
  }

  /** The line and column of an offset as a [line, column] pair. */
  lineColumn(offset: number): [line: number, column: number] {
    const line = this.lineIndex(offset);
    return [line + 1, offset - this.starts[line]! + 1];
  }

  /** The 0-based index of the line holding an offset. */
  private lineIndex(offset: number): number {
    const starts = this.starts;
    for (let near = this.last; near < this.last + 2 && near < starts.length; near++)
      if (starts[near]! <= offset && (near + 1 === starts.length || starts[near + 1]! > offset))
        return (this.last = near);
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    this.last = lo;
    return lo;
  }
}
