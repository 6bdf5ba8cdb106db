// SPDX-License-Identifier: AGPL-3.0-or-later
// The atopile language (`.ato` files) as an Ohm (PEG) grammar, rule by rule after atopile's own ANTLR
// grammar (AtoParser.g4/AtoLexer.g4): imports, block definitions (module, component, interface),
// instances (`x = new Y`), pins and signals, connections (`a ~ b`, `a ~> b`), assignments of attributes
// and physical values (`10kohm +/- 5%`, `3V to 5V`), retypes, declarations, asserts, traits, for loops,
// docstrings, comments and pragmas. The grammar reads the file line by line: spaces and tabs are skipped
// inside a line, never line breaks. Blocks are made from the lines' indentation afterwards
// (ato-blocks.ts), as atopile's lexer does with INDENT and DEDENT tokens. docs/viewer.md, "Source".
import * as ohm from 'ohm-js';

const SOURCE = String.raw`
Ato {
  File = Line* end
  Line = Content? comment? nl
  Content = Pragma | BlockHeader | ForHeader | SimpleStmts
  Pragma = pragma

  BlockHeader = blocktype name BlockSuper? ":" SimpleStmts?
  BlockSuper = "from" name
  ForHeader = "for" name "in" Iterable ":" SimpleStmts?
  Iterable = ListOfRefs | SlicedRef
  SlicedRef = FieldRef Slice?
  ListOfRefs = "[" ListOf<FieldRef, ","> ","? "]"
  Slice = "[" SliceNumber? ":" SliceNumber? (":" SliceNumber?)? "]"
  SliceNumber = number

  SimpleStmts = NonemptyListOf<SimpleStmt, ";"> ";"?
  SimpleStmt = DepImportStmt | ImportStmt | AssertStmt | PassStmt | TraitStmt
             | AssignStmt | CumAssignStmt | DirectedConnectStmt | ConnectStmt | RetypeStmt
             | PinDeclaration | SignalDeclaration | DeclarationStmt | StringStmt

  DepImportStmt = "import" TypePath "from" string
  ImportStmt = ImportFrom? "import" NonemptyListOf<TypePath, ",">
  ImportFrom = "from" string
  TypePath = NonemptyListOf<name, ".">

  AssignStmt = AssignTarget "=" ~"=" Assignable
  AssignTarget = FieldRef ":" unit  -- declared
               | FieldRef           -- plain
  CumAssignStmt = FieldRef ("+=" | "-=" | "|=" | "&=") Assignable
  Assignable = string | NewStmt | Boolean | Arith
  NewStmt = "new" name NewCount? Template?
  NewCount = "[" number "]"
  Template = "<" ListOf<TemplateArg, ","> ","? ">"
  TemplateArg = name "=" Literal

  DirectedConnectStmt = Connectable directedWire (DirectedConnectStmt | Connectable)
  ConnectStmt = Connectable wire Connectable
  Connectable = SignalDeclaration | PinDeclaration | FieldRef
  RetypeStmt = FieldRef "->" name
  PinDeclaration = "pin" (name | naturalNumber | string)
  SignalDeclaration = "signal" name
  DeclarationStmt = FieldRef ":" unit
  StringStmt = string
  PassStmt = "pass"
  AssertStmt = "assert" Arith CompareOp+
  CompareOp = ("<=" | ">=" | "<" | ">" | "within" | "is") Arith
  TraitStmt = "trait" TraitSubject TraitConstructor? Template?
  TraitSubject = FieldRef name  -- on
               | name  -- own
  TraitConstructor = "::" name

  Arith = Arith ("|" | "&") Sum  -- logic
        | Sum
  Sum = Sum ("+" ~"/-" | "-") Term  -- add
      | Term
  Term = Term ("*" ~"*" | "/") Power  -- mul
       | Power
  Power = Atom ("**" Atom)?
  Atom = Physical | FieldRef | "(" Arith ")"  -- group

  Physical = Quantity "to" Quantity  -- bound
           | Quantity plusMinus Tolerance  -- bilateral
           | Quantity  -- single
  Quantity = number unit?
  Tolerance = naturalNumber ("%" | unit)?

  FieldRef = NonemptyListOf<FieldPart, "."> PinRefEnd?
  FieldPart = name Index?
  Index = "[" (number | string) "]"
  PinRefEnd = "." naturalNumber

  Literal = string | Boolean | number
  Boolean = "True" ~idPart | "False" ~idPart

  number = sign? naturalNumber
  sign = "+" | "-"
  naturalNumber = hexNumber | binNumber | octNumber | floatNumber | decimal
  hexNumber = "0" ("x" | "X") hexDigit+
  binNumber = "0" ("b" | "B") ("0" | "1")+
  octNumber = "0" ("o" | "O") "0".."7"+
  floatNumber = digit+ "." digit+ exponent?  -- point
              | digit+ exponent  -- exponent
  exponent = ("e" | "E") sign? digit+
  decimal = digit+

  unit = name
  blocktype = ("component" | "module" | "interface") ~idPart
  wire = "~" ~(">" )
  directedWire = "~>" | "<~"
  plusMinus = "+/-" | "\u00B1"
  name = ~keyword idStart idPart*
  keyword = ("component" | "module" | "interface" | "pin" | "signal" | "new" | "from" | "import"
           | "for" | "in" | "assert" | "to" | "True" | "False" | "within" | "is" | "pass" | "trait") ~idPart
  idStart = letter | "_"
  idPart = alnum | "_"

  string = longString | shortString
  longString = "\"\"\"" (~"\"\"\"" stringChar)* "\"\"\""
             | "'''" (~"'''" stringChar)* "'''"
  shortString = "\"" (~("\"" | nl) stringChar)* "\""
              | "'" (~("'" | nl) stringChar)* "'"
  stringChar = "\\" any  -- escaped
             | any

  pragma = "#pragma" (~nl any)*
  comment = "#" (~nl any)*
  nl = "\r"? "\n"
  space := " " | "\t" | "\x0C" | lineJoin
  lineJoin = "\\" nl
}
`;

/** The compiled `.ato` grammar; the start rule is `File`. */
export const atoGrammar: ohm.Grammar = ohm.grammar(SOURCE);
