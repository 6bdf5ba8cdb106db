// SPDX-License-Identifier: AGPL-3.0-or-later
// Reads a KiCad netlist export file, S-expression or XML (told apart by the first character), into a
// netlist graph; every problem names the file and line and says what to do.
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { SexprSyntaxError } from '../geometry/sexpr-tokenizer.js';
import { NetlistFormatError, type KicadNetlistExport } from './kicad-netlist-export.js';
import { graphFromKicadExport } from './kicad-netlist-graph.js';
import { readSexprNetlist } from './kicad-netlist-sexpr.js';
import { readXmlNetlist } from './kicad-netlist-xml.js';
import { NetlistGraphError } from './netlist-graph-error.js';
import type { NetlistGraph } from './netlist-graph.js';

const HOW =
  'export the netlist again with `kicad-cli sch export netlist` (or `--format kicadxml`) from the .kicad_sch file';

/** Parses the text of a KiCad netlist export (either format); `file` names it in messages. */
export function parseKicadNetlist(text: string, file: string): KicadNetlistExport {
  const start = text.search(/\S/);
  const first = start === -1 ? '' : text[start];
  try {
    if (first === '(') return readSexprNetlist(text);
    if (first === '<') return readXmlNetlist(text);
  } catch (error) {
    if (error instanceof SexprSyntaxError || error instanceof NetlistFormatError)
      throw new NetlistGraphError(
        `${file}:${error.line}: not a readable KiCad netlist: ${error.message}; ${HOW}`,
        file,
        error.line,
      );
    throw error;
  }
  const line = start === -1 ? 1 : text.slice(0, start).split('\n').length;
  throw new NetlistGraphError(
    `${file}:${line}: not a KiCad netlist export: it starts with ${JSON.stringify(text.slice(start, start + 20))}, ` +
      `an export starts with "(export" or "<?xml"; ${HOW}`,
    file,
    line,
  );
}

/** Reads a KiCad netlist export file as a netlist graph; the design is named after the file. */
export function readKicadNetlist(file: string, designName?: string): NetlistGraph {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new NetlistGraphError(
      `${file}: cannot read the netlist (${code ?? String(error)})`,
      file,
      undefined,
    );
  }
  const exported = parseKicadNetlist(text, file);
  try {
    return graphFromKicadExport(exported, designName ?? basename(file, extname(file)));
  } catch (error) {
    if (error instanceof NetlistFormatError)
      throw new NetlistGraphError(`${file}:${error.line}: ${error.message}`, file, error.line);
    throw error;
  }
}
