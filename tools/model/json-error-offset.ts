// Where a text stops being strict JSON (RFC 8259: no comments, no trailing commas), found by
// jsonc-parser's scanner, the JSON reader rr's editor writes with (tools/edit/json-edit.ts).
import { ParseErrorCode } from 'jsonc-parser';
import { jsoncPackage } from './jsonc-package.js';

// Errors reported at the start of the token that the text ends inside: the text breaks where it ends.
// (ParseErrorCode is a const enum of numbers: its values are inlined, nothing is loaded for them.)
const ENDS_EARLY = new Set<ParseErrorCode>([
  ParseErrorCode.UnexpectedEndOfString,
  ParseErrorCode.UnexpectedEndOfComment,
  ParseErrorCode.UnexpectedEndOfNumber,
]);

/**
 * Offset of the first character that breaks strict JSON (RFC 8259), or undefined when the text is
 * JSON; for the errors JSON.parse reports without a position.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let first: number | undefined;
  try {
    jsoncPackage().visit(
      text,
      {
        onError: (error, offset, length) => {
          first ??= ENDS_EARLY.has(error) ? offset + length : offset;
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch {
    return undefined; // nesting too deep for the stack: no position
  }
  return first;
}
