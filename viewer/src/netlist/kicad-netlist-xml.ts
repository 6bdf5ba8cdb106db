// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads KiCad's XML netlist export (`kicad-cli sch export netlist --format kicadxml`): `<export>` with
// `<design>`, `<components>`, `<libparts>` and `<nets>`. Parsed with saxes through rr's XML reader,
// which reads no DTD and keeps each element's line.
import { parseXml, type XmlElement } from 'rules-rr/core/xml/xml-document.js';
import {
  NetlistFormatError,
  OWN_FIELDS,
  type ExportComponent,
  type ExportLibPart,
  type ExportNet,
  type KicadNetlistExport,
} from './kicad-netlist-export.js';

/** Parses the text of an XML netlist export; throws NetlistFormatError with the line. */
export function readXmlNetlist(text: string): KicadNetlistExport {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new NetlistFormatError(parsed.message, parsed.line ?? 1);
  const root = parsed.elements[0];
  if (root === undefined) throw new NetlistFormatError('the file holds no XML element', 1);
  if (root.name !== 'export')
    throw new NetlistFormatError(
      `the root element is <${root.name}>; a KiCad netlist export is <export> — write one with \`kicad-cli sch export netlist --format kicadxml\``,
      root.line,
    );
  const design = first(root, 'design');
  const sheets = all(design, 'sheet').map((sheet) => ({
    names: sheet.attributes.name ?? '/',
    file: first(first(sheet, 'title_block'), 'source')?.text ?? '',
  }));
  const sheetPaths = new SheetPaths(sheets.map((s) => s.names));
  return {
    format: 'kicadxml',
    source: first(design, 'source')?.text ?? '',
    tool: first(design, 'tool')?.text ?? '',
    sheets,
    components: all(first(root, 'components'), 'comp').map(readComponent),
    libparts: all(first(root, 'libparts'), 'libpart').map(readLibPart),
    nets: all(first(root, 'nets'), 'net').map((net) => readNet(net, sheetPaths)),
  };
}

function first(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

function all(element: XmlElement | undefined, name: string): XmlElement[] {
  return element === undefined ? [] : element.children.filter((c) => c.name === name);
}

function attribute(element: XmlElement, name: string): string {
  const value = element.attributes[name];
  if (value === undefined)
    throw new NetlistFormatError(`<${element.name}> has no ${name}="…" attribute`, element.line);
  return value;
}

function readComponent(comp: XmlElement): ExportComponent {
  const libsource = first(comp, 'libsource');
  const fields: Record<string, string> = {};
  for (const field of all(first(comp, 'fields'), 'field')) {
    const name = field.attributes.name;
    if (name !== undefined && !OWN_FIELDS.has(name) && field.text !== '' && field.text !== '~')
      fields[name] = field.text;
  }
  return {
    ref: attribute(comp, 'ref'),
    value: first(comp, 'value')?.text ?? '',
    footprint: first(comp, 'footprint')?.text ?? '',
    description: libsource?.attributes.description ?? '',
    lib: libsource?.attributes.lib ?? '',
    part: libsource?.attributes.part ?? '',
    fields,
    sheetNames: first(comp, 'sheetpath')?.attributes.names ?? '/',
    line: comp.line,
  };
}

function readLibPart(part: XmlElement): ExportLibPart {
  return {
    lib: part.attributes.lib ?? '',
    part: part.attributes.part ?? '',
    pins: all(first(part, 'pins'), 'pin').map((pin) => ({
      num: attribute(pin, 'num'),
      name: pin.attributes.name ?? '',
      type: pin.attributes.type ?? '',
    })),
  };
}

/**
 * The design's sheet paths ("/", "/power/"), to find the longest one a net name starts with by looking up
 * the name's own prefixes: a design has a sheet per instance of a channel, so trying every sheet for every
 * net would cost nets × sheets.
 */
class SheetPaths {
  /** The paths that end in "/", as KiCad writes them: each is a prefix of the name up to one of its "/". */
  private readonly bySlash = new Set<string>();
  /** Any others, longest first (none in a KiCad export), tried one by one. */
  private readonly others: string[];

  constructor(paths: string[]) {
    for (const path of paths) if (path.endsWith('/')) this.bySlash.add(path);
    this.others = paths.filter((p) => !p.endsWith('/')).sort((a, b) => b.length - a.length);
  }

  /** The longest sheet path `name` starts with, or "" when there is none. */
  longestPrefixOf(name: string): string {
    let found = '';
    for (let slash = name.lastIndexOf('/'); slash !== -1; slash = name.lastIndexOf('/', slash - 1)) {
      const prefix = name.slice(0, slash + 1);
      if (this.bySlash.has(prefix)) {
        found = prefix;
        break;
      }
      if (slash === 0) break;
    }
    const other = this.others.find((p) => p.length > found.length && name.startsWith(p));
    return other ?? found;
  }
}

/**
 * A net name as the board and the S-expression export write it. The XML export unescapes KiCad's
 * `{slash}` in names; a "/" there is a sheet path separator only in the sheet path a local net name
 * starts with, every other one was escaped.
 */
function boardNetName(name: string, sheetPaths: SheetPaths): string {
  const prefix = name.startsWith('/') ? sheetPaths.longestPrefixOf(name) : '';
  return prefix + name.slice(prefix.length).split('/').join('{slash}');
}

function readNet(net: XmlElement, sheetPaths: SheetPaths): ExportNet {
  return {
    name: boardNetName(attribute(net, 'name'), sheetPaths),
    netClass: net.attributes.class ?? '',
    nodes: all(net, 'node').map((node) => ({
      ref: attribute(node, 'ref'),
      pin: attribute(node, 'pin'),
      pinfunction: node.attributes.pinfunction ?? '',
      pintype: node.attributes.pintype ?? '',
      line: node.line,
    })),
    line: net.line,
  };
}
