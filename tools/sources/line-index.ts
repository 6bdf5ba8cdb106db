/** A 1-based line and column (UTF-16 code units) in a text. */
export interface LinePosition {
  line: number;
  column: number;
}

/** Maps offsets of a text to lines and columns; line starts are found once, on first use. */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  /** The line and column of a UTF-16 offset. */
  position(offset: number): LinePosition {
    const starts = this.lineStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }

  /** The text of a 1-based line, trimmed (which also drops the '\r' of CRLF files). */
  lineText(line: number): string {
    const starts = this.lineStarts();
    const start = starts[line - 1] ?? this.text.length;
    const end = line < starts.length ? starts[line]! - 1 : this.text.length;
    return this.text.slice(start, end).trim();
  }

  private lineStarts(): number[] {
    if (this.starts === undefined) {
      const starts = [0];
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.starts = starts;
    }
    return this.starts;
  }
}
