// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads KiCad's S-expression netlist export, `(export (version "E") (design …) (components …)
// (libparts …) (nets …))`, with the tokenizer the board reader uses: one top-level section is built at a
// time.
import { atoms, child, children, childText, type SexprList } from '../geometry/sexpr-list.js';
import { SexprItemStream } from '../geometry/sexpr-item-stream.js';
import { SexprTokenizer } from '../geometry/sexpr-tokenizer.js';
import {
  NetlistFormatError,
  OWN_FIELDS,
  type ExportComponent,
  type ExportLibPart,
  type ExportNet,
  type KicadNetlistExport,
} from './kicad-netlist-export.js';

const SECTIONS = new Set(['design', 'components', 'libparts', 'nets']);

/** Parses the text of an S-expression netlist export; throws SexprSyntaxError or NetlistFormatError. */
export function readSexprNetlist(text: string): KicadNetlistExport {
  const result: KicadNetlistExport = {
    format: 'kicadsexpr',
    source: '',
    tool: '',
    sheets: [],
    components: [],
    libparts: [],
    nets: [],
  };
  const stream = new SexprItemStream({
    root(head, line) {
      if (head !== 'export')
        throw new NetlistFormatError(
          `the file is a (${head} …) S-expression; a KiCad netlist export is (export …) — write one with \`kicad-cli sch export netlist\``,
          line,
        );
    },
    wants: (head) => SECTIONS.has(head),
    item(list) {
      if (list.head === 'design') readDesign(list, result);
      else if (list.head === 'components')
        for (const comp of children(list, 'comp')) result.components.push(readComponent(comp));
      else if (list.head === 'libparts')
        for (const part of children(list, 'libpart')) result.libparts.push(readLibPart(part));
      else for (const net of children(list, 'net')) result.nets.push(readNet(net));
    },
  });
  const tokenizer = new SexprTokenizer(stream);
  tokenizer.push(text);
  tokenizer.end();
  stream.finish(tokenizer.currentLine);
  return result;
}

function readDesign(list: SexprList, into: KicadNetlistExport): void {
  into.source = childText(list, 'source') ?? '';
  into.tool = childText(list, 'tool') ?? '';
  for (const sheet of children(list, 'sheet')) {
    const block = child(sheet, 'title_block');
    into.sheets.push({
      names: childText(sheet, 'name') ?? '/',
      file: (block && childText(block, 'source')) ?? '',
    });
  }
}

/** The text of a child such as `(ref "R1")`; a clear error when it is missing. */
function required(list: SexprList, head: string): string {
  const value = childText(list, head);
  if (value === undefined) throw new NetlistFormatError(`(${list.head} …) has no (${head} …)`, list.line);
  return value;
}

function readComponent(comp: SexprList): ExportComponent {
  const libsource = child(comp, 'libsource');
  const fields: Record<string, string> = {};
  for (const field of children(child(comp, 'fields') ?? { head: '', items: [], line: 0 }, 'field')) {
    const name = childText(field, 'name');
    // `(field (name "Datasheet") "text")`: the text is the atom after the name list.
    const value = atoms(field).join(' ');
    if (name !== undefined && !OWN_FIELDS.has(name) && value !== '' && value !== '~') fields[name] = value;
  }
  const sheetpath = child(comp, 'sheetpath');
  return {
    ref: String(required(comp, 'ref')),
    value: String(childText(comp, 'value') ?? ''),
    footprint: String(childText(comp, 'footprint') ?? ''),
    description: String((libsource && childText(libsource, 'description')) ?? ''),
    lib: String((libsource && childText(libsource, 'lib')) ?? ''),
    part: String((libsource && childText(libsource, 'part')) ?? ''),
    fields,
    sheetNames: String((sheetpath && childText(sheetpath, 'names')) ?? '/'),
    line: comp.line,
  };
}

function readLibPart(part: SexprList): ExportLibPart {
  const pins = children(child(part, 'pins') ?? { head: '', items: [], line: 0 }, 'pin').map((pin) => ({
    num: String(required(pin, 'num')),
    name: String(childText(pin, 'name') ?? ''),
    type: String(childText(pin, 'type') ?? ''),
  }));
  return { lib: String(childText(part, 'lib') ?? ''), part: String(childText(part, 'part') ?? ''), pins };
}

function readNet(net: SexprList): ExportNet {
  return {
    name: String(required(net, 'name')),
    netClass: String(childText(net, 'class') ?? ''),
    nodes: children(net, 'node').map((node) => ({
      ref: String(required(node, 'ref')),
      pin: String(required(node, 'pin')),
      pinfunction: String(childText(node, 'pinfunction') ?? ''),
      pintype: String(childText(node, 'pintype') ?? ''),
      line: node.line,
    })),
    line: net.line,
  };
}
