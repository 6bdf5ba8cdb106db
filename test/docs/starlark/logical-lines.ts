// Starlark's logical lines, as its tokenizer sees them: a statement runs on over newlines inside
// brackets and triple-quoted strings, comments end at the line's end. Each line keeps its indent
// (the block it belongs to) and the number of the physical line it starts on.

/** One statement's text, without comments, joined over its physical lines. */
export interface LogicalLine {
  /** columns of leading spaces: 0 at the top level of the file */
  indent: number;
  /** 1-based line of the file the statement starts on */
  line: number;
  text: string;
}

/** The file's logical lines; blank and comment-only lines are left out. */
export function logicalLines(source: string): LogicalLine[] {
  const lines: LogicalLine[] = [];
  let text = '';
  let depth = 0;
  let line = 1;
  let start = 1;
  let indent = 0;
  let atLineStart = true;
  const end = () => {
    if (text.trim() !== '') lines.push({ indent, line: start, text: text.trim() });
    text = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (atLineStart && depth === 0 && text === '') {
      // The indent of the statement: the spaces before its first character.
      let j = i;
      while (source[j] === ' ' || source[j] === '\t') j++;
      indent = j - i;
      start = line;
      atLineStart = false;
    }
    if (c === '#') {
      while (i + 1 < source.length && source[i + 1] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      const quote = source.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      let j = i + quote.length;
      while (j < source.length && !source.startsWith(quote, j)) {
        if (source[j] === '\\') j++;
        if (source[j] === '\n') {
          if (quote.length === 1)
            throw new Error(`line ${line}: a string is not closed before the line ends`);
          line++;
        }
        j++;
      }
      if (j >= source.length) throw new Error(`line ${line}: a string is not closed`);
      text += source.slice(i, j + quote.length);
      i = j + quote.length - 1;
    } else if (c === '\n') {
      line++;
      if (depth === 0) {
        end();
        atLineStart = true;
      } else text += ' ';
    } else if (c === '\\' && source[i + 1] === '\n') {
      // An explicit line continuation.
      i++;
      line++;
      text += ' ';
    } else {
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
      text += c;
    }
  }
  end();
  return lines;
}
