// SPDX-License-Identifier: AGPL-3.0-or-later
// What KiCad's netlist export (`kicad-cli sch export netlist`) says, in the same shape for its two formats,
// the S-expression (kicadsexpr) and the XML (kicadxml) one; each part keeps the line it was read from so a
// problem found later names it.

/** One `(comp …)` / `<comp>`. */
export interface ExportComponent {
  ref: string;
  value: string;
  footprint: string;
  description: string;
  /** `(libsource (lib …) (part …))`: the symbol the component was placed from. */
  lib: string;
  part: string;
  /** Fields other than Reference, Value and Footprint, with their text. */
  fields: Record<string, string>;
  /** `(sheetpath (names "/a/b/"))`: the sheet the component sits on. */
  sheetNames: string;
  line: number;
}

/** One pin of a library part: `(pin (num "1") (name "A0") (type "input"))`. */
export interface ExportPartPin {
  num: string;
  name: string;
  type: string;
}

/** One `(libpart (lib …) (part …))` and its pins. */
export interface ExportLibPart {
  lib: string;
  part: string;
  pins: ExportPartPin[];
}

/** One `(node (ref …) (pin …) (pinfunction …) (pintype …))` of a net. */
export interface ExportNode {
  ref: string;
  pin: string;
  pinfunction: string;
  pintype: string;
  line: number;
}

export interface ExportNet {
  name: string;
  netClass: string;
  nodes: ExportNode[];
  line: number;
}

/** One sheet of the design: its path name ("/pic_sockets/") and file. */
export interface ExportSheet {
  names: string;
  file: string;
}

/** A whole netlist export. */
export interface KicadNetlistExport {
  format: 'kicadsexpr' | 'kicadxml';
  source: string;
  tool: string;
  sheets: ExportSheet[];
  components: ExportComponent[];
  libparts: ExportLibPart[];
  nets: ExportNet[];
}

/** A netlist export whose content is not what KiCad writes, at a 1-based line. */
export class NetlistFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'NetlistFormatError';
  }
}

/** Field names a component carries in its own members, not among its other fields. */
export const OWN_FIELDS = new Set(['Reference', 'Value', 'Footprint']);
