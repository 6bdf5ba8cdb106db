/** Thrown inside the scanner with the offset where the text stops being JSON. */
class JsonStop extends Error {
  constructor(readonly offset: number) {
    super(`not JSON from offset ${offset}`);
  }
}

const LITERAL = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/**
 * Offset of the first character that breaks strict JSON (RFC 8259), or undefined when the text is
 * JSON; for the errors JSON.parse reports without a position.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const expect = (c: string) => {
    if (text[i] !== c) throw new JsonStop(i);
    i++;
  };
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) throw new JsonStop(i);
        i = ESCAPE.lastIndex;
      } else if (text.charCodeAt(i) < 0x20) {
        throw new JsonStop(i);
      } else i++;
    }
    expect('"');
  };
  const value = (): void => {
    space();
    if (text[i] === '{' || text[i] === '[') {
      const close = text[i] === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (close === '}') {
          space();
          string();
          space();
          expect(':');
        }
        value();
        space();
        if (text[i] !== ',') break;
        i++;
      }
      expect(close);
    } else if (text[i] === '"') {
      string();
    } else {
      LITERAL.lastIndex = i;
      if (!LITERAL.test(text)) throw new JsonStop(i);
      i = LITERAL.lastIndex;
    }
  };
  try {
    value();
    space();
    return i < text.length ? i : undefined;
  } catch (error) {
    if (error instanceof JsonStop) return error.offset;
    return undefined; // nesting too deep for the stack: no position
  }
}
