// SPDX-License-Identifier: AGPL-3.0-or-later
// The structure of one `.ato` file as ato-parser.ts reads it: imports, block definitions and their
// statements, each with the line and column it starts at (1-based), comments and docstrings.

/** Where a construct starts in its file (1-based). */
export interface AtoPosition {
  line: number;
  column: number;
}

export type AtoBlockKind = 'module' | 'component' | 'interface';

/** `from "file.ato" import A, B`, `import A` (the standard library) or `import A from "file.ato"`. */
export interface AtoImport extends AtoPosition {
  names: string[];
  from?: string;
}

/** One side of a connection: a field reference, or a pin or signal declared in place. */
export interface AtoEndpoint {
  ref: string;
  declares?: 'pin' | 'signal';
}

/** A value on the right of `=`. */
export interface AtoValue {
  kind: 'string' | 'quantity' | 'range' | 'tolerance' | 'boolean' | 'expression' | 'new';
  /** The value as written (strings without their quotes). */
  text: string;
}

/** A statement inside a block (or at the top of a file). */
export type AtoStatement = AtoPosition & { comment?: string } & (
    | { kind: 'import'; import: AtoImport }
    | { kind: 'instance'; target: string; type: string; count?: number; template?: Record<string, string> }
    | { kind: 'assign'; target: string; value: AtoValue; unit?: string; operator: string }
    | { kind: 'pin'; name: string }
    | { kind: 'signal'; name: string }
    | { kind: 'connect'; left: AtoEndpoint; right: AtoEndpoint; directed?: '~>' | '<~' }
    | { kind: 'retype'; target: string; type: string }
    | { kind: 'declare'; target: string; unit: string }
    | { kind: 'assert'; text: string }
    | { kind: 'trait'; text: string }
    | { kind: 'doc'; text: string }
    | { kind: 'pass' }
    | { kind: 'pragma'; text: string }
    | {
        kind: 'for';
        variable: string;
        /** The iterable as written, without spaces (`[r1,r2]`, `resistors[0:2]`). */
        iterable: string;
        /** The references of a loop over a list; absent for a loop over a slice. */
        items?: string[];
        body: AtoStatement[];
      }
    | { kind: 'block'; block: AtoBlock }
  );

/** `module Name from Super:` with its body. */
export interface AtoBlock extends AtoPosition {
  kind: AtoBlockKind;
  name: string;
  extends?: string;
  /** The last line of the block's body. */
  endLine: number;
  /** The first statement when it is a string (atopile's docstring). */
  doc?: string;
  /** The comment lines right above the definition. */
  comment?: string;
  body: AtoStatement[];
}

/** A `#` comment. */
export interface AtoComment extends AtoPosition {
  text: string;
}

/** One parsed `.ato` file. */
export interface AtoFile {
  /** The file as named in errors and answers (relative to the source folder). */
  file: string;
  doc?: string;
  imports: AtoImport[];
  blocks: AtoBlock[];
  /** Statements outside any block other than imports and block definitions. */
  statements: AtoStatement[];
  comments: AtoComment[];
  lineCount: number;
}
