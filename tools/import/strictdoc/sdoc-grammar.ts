// The StrictDoc formats as an Ohm (PEG) grammar: `.sdoc` documents and `.sgra` grammar files. StrictDoc
// defines these formats with a PEG grammar of its own, so this one follows it rule by rule, a little
// more lenient where StrictDoc's own versions differ (one or more blank lines between nodes, `[SECTION]`
// and `[[SECTION]]`, `REQ_PREFIX` and `PREFIX`). Every rule is lexical (lower-case): the format is
// line-based, so no whitespace is skipped implicitly. docs/import-export.md describes what is read.
// Characters are read with ranges of code units, not ohm-js's `any`, `upper` and `alnum`: those take
// each code point from a copy of the rest of the input (a slice per character read or tried); the
// rules below carry the same descriptions, so error messages read as before, and only non-ASCII
// letters go to `upper` and `alnum`.
import * as ohm from 'ohm-js';

const SOURCE = String.raw`
SDoc {
  document = blank* documentHead itemList blank* end
  fragment = blank* "[FRAGMENT]" nl itemList blank* end
  grammarFile = blank* grammarBlock blank* end

  documentHead = "[DOCUMENT]" nl headEntry* (blank+ grammarBlock)?
  headEntry = key ":" inlineValue nl nestedLine*
  nestedLine = (" " | "- ") lineText nl

  grammarBlock = "[GRAMMAR]" nl (importFromFile | elementList)
  importFromFile = "IMPORT_FROM_FILE:" hspace+ lineText nl
  elementList = "ELEMENTS:" nl grammarElement+
  grammarElement = "- TAG:" hspace+ tagName hspace* nl elementPart*
  elementPart = "  " key ":" hspace* nl (elementItem | elementProperty)*
  elementItem = "  - " key ":" inlineValue nl elementProperty*
  elementProperty = "    " key ":" inlineValue nl

  itemList = (blank+ item)*
  item = section | compositeNode | oldComposite | include | freeText | leafNode

  section = "[SECTION]" nl field* itemList blank+ "[/SECTION]" hspace* nl
  compositeNode = "[[" tagName "]]" hspace* nl field* relations? itemList blank+ "[[/" tagName "]]" hspace* nl
  oldComposite = "[COMPOSITE_" tagName "]" hspace* nl field* relations? itemList blank+ "[/COMPOSITE_" tagName "]" hspace* nl
  include = "[" includeTag "]" hspace* nl "FILE:" hspace+ lineText nl
  includeTag = "DOCUMENT_FROM_FILE" | "FRAGMENT_FROM_FILE"
  freeText = "[FREETEXT]" nl textLine* "[/FREETEXT]" hspace* nl
  textLine = ~"[/FREETEXT]" lineText nl
  leafNode = "[" ~reserved tagName "]" hspace* nl field* relations?
  reserved = ("SECTION" | "/" | "DOCUMENT" | "GRAMMAR" | "FRAGMENT" | "FREETEXT" | "COMPOSITE_") ~alnumChar

  field = ~("RELATIONS:" | "REFS:") key ":" fieldValue
  fieldValue = hspace+ multiLine hspace* nl  -- multiLine
             | hspace+ lineText nl           -- singleLine
             | hspace* nl                    -- empty
  multiLine = ">>>" hspace* nl multiLineText "<<<"
  multiLineText = multiLinePart*
  multiLinePart = ~"<<<" lineText nl

  relations = ("RELATIONS" | "REFS") ":" hspace* nl relation+
  relation = "- " key ":" inlineValue nl relationProperty*
  relationProperty = "  " key ":" inlineValue nl

  inlineValue = hspace* lineText
  key = upperChar (upperChar | digit | "_")*
  tagName = upperChar (upperChar | digit | "_")*
  lineText = (~nl lineChar)*
  blank = hspace* nl
  hspace = " " | "\t"
  nl = "\r"? "\n"

  lineChar (any character) = "\u0000".."\uFFFF"
  upperChar (an uppercase letter) = "A".."Z" | ~"\u0000".."\u007F" upper
  alnumChar (an alpha-numeric character) = "A".."Z" | "a".."z" | "0".."9" | ~"\u0000".."\u007F" alnum
}
`;

/** The compiled StrictDoc grammar; start rules: `document`, `fragment`, `grammarFile`. */
export const sdocGrammar: ohm.Grammar = ohm.grammar(SOURCE);
