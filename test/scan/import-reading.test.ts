// Importing takes linear time in every layout: the StrictDoc parser (the Ohm grammar and its semantics)
// and import, the Doorstop import (one large document; many small ones), the ReqIF reader and import,
// what an import writes (config, model files, report) and the ReqIF export examine a constant number of
// characters per input character, with multi-line fields, nodes without UID, headings, links within
// and across documents, XHTML values and relations, and one item that every other links to. Counted,
// not timed (test/scan/char-meter.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { doorstopImport } from '../../tools/import/doorstop/doorstop-import.js';
import { readDoorstopTree } from '../../tools/import/doorstop/doorstop-tree.js';
import { dataConfig } from '../../tools/import/imported-model/data-config.js';
import { importedEntities, type ImportedModel } from '../../tools/import/imported-model/imported-model.js';
import { sectionsDocumentText } from '../../tools/import/imported-model/model-writer.js';
import { reqifContent, type ReqifContent } from '../../tools/import/reqif/reqif-content.js';
import { reqifImport } from '../../tools/import/reqif/reqif-import.js';
import { reqifText } from '../../tools/import/reqif/reqif-writer.js';
import { parseXmlTree } from '../../tools/import/reqif/xml-tree.js';
import { parseSdocDocument } from '../../tools/import/strictdoc/sdoc-parser.js';
import { readSdocFiles, type SdocFiles } from '../../tools/import/strictdoc/strictdoc-files.js';
import { strictdocImport } from '../../tools/import/strictdoc/strictdoc-import.js';
import type { Entity, EntityKind } from '../../tools/model/entity.js';
import type { Model } from '../../tools/model/model.js';
import { uninstallMeter } from './char-meter.js';
import { expectLinear, growth, type Sized } from './linear-growth.js';

const dir = mkdtempSync(join(tmpdir(), 'rr-import-scan-'));
afterAll(() => {
  uninstallMeter();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `files` (relative path → text) under a new folder of `dir`; returns it and their size. */
function writeTree(name: string, files: Map<string, string>): { root: string; size: number } {
  const root = join(dir, name);
  let size = 0;
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    size += text.length;
  }
  return { root, size };
}

const pad = (n: number) => String(n).padStart(4, '0');

// --- StrictDoc ---------------------------------------------------------------------------------------

/** Requirements of the smallest StrictDoc document; the largest has eight times as many. */
const SDOC_BASE = 20;

const SDOC_HEAD = `[DOCUMENT]
TITLE: Generated pump
REQ_PREFIX: REQ-

[GRAMMAR]
ELEMENTS:
- TAG: USER_NEED
  FIELDS:
  - TITLE: UID
    TYPE: String
    REQUIRED: True
  - TITLE: TITLE
    TYPE: String
    REQUIRED: True
- TAG: MITIGATION
  FIELDS:
  - TITLE: UID
    TYPE: String
    REQUIRED: True
  - TITLE: TITLE
    TYPE: String
    REQUIRED: True
- TAG: REQUIREMENT
  PROPERTIES:
    IS_COMPOSITE: True
  FIELDS:
  - TITLE: UID
    TYPE: String
    REQUIRED: False
  - TITLE: STATUS
    TYPE: String
    REQUIRED: False
  - TITLE: TITLE
    TYPE: String
    REQUIRED: False
  - TITLE: STATEMENT
    TYPE: String
    REQUIRED: True
  - TITLE: COMMENT
    TYPE: String
    REQUIRED: False
  RELATIONS:
  - TYPE: Parent

[USER_NEED]
UID: UN-1
TITLE: Safe dosing

[MITIGATION]
UID: MIT-1
TITLE: Rate limit
`;

/** One requirement: a multi-line statement, a comment, and Parent relations to the need and the mitigation. */
function sdocRequirement(i: number, uid: boolean): string {
  return `
[REQUIREMENT]
${uid ? `UID: REQ-${pad(i)}\n` : ''}STATUS: Approved
TITLE: Requirement ${i}
STATEMENT: >>>
The pump shall keep rate ${i} within its limits.

Second paragraph of ${i}, with more detail.
<<<
COMMENT: Reviewed with ${i}.
RELATIONS:
- TYPE: Parent
  VALUE: UN-1
- TYPE: Parent
  VALUE: MIT-1
`;
}

/**
 * A document of `n` requirements in sections of ten; the first of each section is a composite node
 * without UID around its second, and every requirement implements the one mitigation (which so gets
 * `n` ids in implemented_by).
 */
function sdocText(n: number): string {
  const parts = [SDOC_HEAD];
  for (let s = 0; s * 10 < n; s++) {
    parts.push(`\n[[SECTION]]\nTITLE: Section ${s}\n`);
    const first = s * 10;
    parts.push(
      `\n[[REQUIREMENT]]\nTITLE: Group ${s}\nSTATEMENT: >>>\nThe requirements of group ${s}.\n<<<\n`,
      sdocRequirement(first + 1, true),
      `\n[[/REQUIREMENT]]\n`,
    );
    for (let i = first + 2; i < Math.min(first + 10, n); i++) parts.push(sdocRequirement(i, i % 5 !== 0));
    parts.push('\n[[/SECTION]]\n');
  }
  return parts.join('');
}

function sdocInput(k: number): Sized<string> {
  const text = sdocText(k * SDOC_BASE);
  return { size: text.length, input: text };
}

/** The document of sdocInput read from a file as `rr import strictdoc` reads it. */
function sdocRead(k: number): Sized<{ read: SdocFiles; path: string }> {
  const { size, input } = sdocInput(k);
  const { root } = writeTree(`sdoc-${k}`, new Map([['pump.sdoc', input]]));
  const path = join(root, 'pump.sdoc');
  return { size, input: { read: readSdocFiles(path), path } };
}

// --- Doorstop ----------------------------------------------------------------------------------------

/** Items of the smallest Doorstop tree; the largest has eight times as many. */
const DOORSTOP_BASE = 60;

function doorstopItem(level: string, normative: boolean, links: string[], i: number): string {
  const linked = links.length === 0 ? ' []' : links.map((l) => `\n- ${l}: null`).join('');
  return (
    `active: true\nderived: ${i % 7 === 0}\nheader: ${normative ? `Item ${i}` : `Heading ${i}`}\n` +
    `level: ${level}\nlinks:${linked}\nnormative: ${normative}\nowner: someone-${i}\nref: ''\n` +
    `reviewed: null\ntext: |\n  The pump shall keep rate ${i} within its limits.\n\n  Second paragraph of ${i}.\n`
  );
}

/**
 * A tree of `n` items: `documents` documents in a chain (each the parent of the next), the items spread
 * over them in sections of ten (a heading item, then items under it); each item links to the item
 * before it in its own document, which Doorstop allows and the report notes, and to the first item
 * under a heading in the parent document.
 */
function doorstopInput(name: string, n: number, documents: number): Sized<string> {
  const files = new Map<string, string>();
  const perDocument = Math.ceil(n / documents);
  for (let d = 0; d < documents; d++) {
    const prefix = `D${pad(d)}-`;
    const folder = `d${pad(d)}`;
    const parent = d === 0 ? '' : `\n  parent: D${pad(d - 1)}-`;
    files.set(`${folder}/.doorstop.yml`, `settings:\n  digits: 4\n  prefix: ${prefix}${parent}\n  sep: ''\n`);
    const count = Math.min(perDocument, n - d * perDocument);
    for (let j = 0; j < count; j++) {
      const i = d * perDocument + j;
      const level = j % 10 === 0 ? `${j / 10 + 1}.0` : `${Math.floor(j / 10) + 1}.${j % 10}`;
      const links = j % 10 === 0 ? [] : [`${prefix}${pad(j - 1)}`];
      if (d > 0 && j % 10 !== 0) links.push(`D${pad(d - 1)}-0001`);
      files.set(`${folder}/${prefix}${pad(j)}.yml`, doorstopItem(level, j % 10 !== 0, links, i));
    }
  }
  const { root, size } = writeTree(name, files);
  return { size, input: root };
}

// --- ReqIF -------------------------------------------------------------------------------------------

/** Spec objects of the smallest ReqIF file; the largest has eight times as many. */
const REQIF_BASE = 120;

const xhtmlValue = (def: string, body: string) =>
  `<ATTRIBUTE-VALUE-XHTML><DEFINITION><ATTRIBUTE-DEFINITION-XHTML-REF>${def}</ATTRIBUTE-DEFINITION-XHTML-REF></DEFINITION><THE-VALUE>${body}</THE-VALUE></ATTRIBUTE-VALUE-XHTML>`;
const stringValue = (def: string, text: string) =>
  `<ATTRIBUTE-VALUE-STRING THE-VALUE="${text}"><DEFINITION><ATTRIBUTE-DEFINITION-STRING-REF>${def}</ATTRIBUTE-DEFINITION-STRING-REF></DEFINITION></ATTRIBUTE-VALUE-STRING>`;
const enumValue = (def: string, ref: string) =>
  `<ATTRIBUTE-VALUE-ENUMERATION><DEFINITION><ATTRIBUTE-DEFINITION-ENUMERATION-REF>${def}</ATTRIBUTE-DEFINITION-ENUMERATION-REF></DEFINITION><VALUES><ENUM-VALUE-REF>${ref}</ENUM-VALUE-REF></VALUES></ATTRIBUTE-VALUE-ENUMERATION>`;

function specObject(id: string, type: string, values: string): string {
  return `    <SPEC-OBJECT IDENTIFIER="${id}" LAST-CHANGE="2024-01-01T00:00:00Z"><TYPE><SPEC-OBJECT-TYPE-REF>${type}</SPEC-OBJECT-TYPE-REF></TYPE><VALUES>${values}</VALUES></SPEC-OBJECT>\n`;
}

function specRelation(id: string, type: string, source: string, target: string): string {
  return `    <SPEC-RELATION IDENTIFIER="${id}"><TYPE><SPEC-RELATION-TYPE-REF>${type}</SPEC-RELATION-TYPE-REF></TYPE><SOURCE><SPEC-OBJECT-REF>${source}</SPEC-OBJECT-REF></SOURCE><TARGET><SPEC-OBJECT-REF>${target}</SPEC-OBJECT-REF></TARGET></SPEC-RELATION>\n`;
}

/**
 * A ReqIF file of `n` requirements with XHTML text (paragraphs, inline markup, a list), an enumerated
 * status and an attribute with a default value, under a heading per ten; each requirement refines the
 * one before it, and one mitigation is implemented by every requirement.
 */
function reqifFile(n: number): string {
  const objects: string[] = [
    specObject('mit', 't-mit', stringValue('m-id', 'MIT-1') + stringValue('m-name', 'Rate limit')),
  ];
  const relations: string[] = [];
  const hierarchy: string[] = [];
  for (let s = 0; s * 10 < n; s++) {
    objects.push(specObject(`h${s}`, 't-req', stringValue('a-chapter', `Chapter ${s}`)));
    const children: string[] = [];
    for (let i = s * 10; i < Math.min(s * 10 + 10, n); i++) {
      const text =
        `<xhtml:div><xhtml:p>The pump <xhtml:b>shall</xhtml:b> keep rate ${i}\n  within its limits.</xhtml:p>` +
        `<xhtml:ul><xhtml:li>dry ${i}</xhtml:li><xhtml:li>wet</xhtml:li></xhtml:ul></xhtml:div>`;
      objects.push(
        specObject(
          `o${i}`,
          't-req',
          stringValue('a-id', `REQ-${pad(i)}`) + xhtmlValue('a-text', text) + enumValue('a-status', 's-acc'),
        ),
      );
      if (i > 0) relations.push(specRelation(`r${i}`, 't-parent', `o${i}`, `o${i - 1}`));
      relations.push(specRelation(`m${i}`, 't-impl', 'mit', `o${i}`));
      children.push(
        `<SPEC-HIERARCHY IDENTIFIER="sh${i}"><OBJECT><SPEC-OBJECT-REF>o${i}</SPEC-OBJECT-REF></OBJECT></SPEC-HIERARCHY>`,
      );
    }
    hierarchy.push(
      `    <SPEC-HIERARCHY IDENTIFIER="sh-h${s}"><OBJECT><SPEC-OBJECT-REF>h${s}</SPEC-OBJECT-REF></OBJECT><CHILDREN>${children.join('')}</CHILDREN></SPEC-HIERARCHY>\n`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<REQ-IF xmlns="http://www.omg.org/spec/ReqIF/20110401/reqif.xsd" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<THE-HEADER><REQ-IF-HEADER IDENTIFIER="h"><TITLE>Generated pump</TITLE></REQ-IF-HEADER></THE-HEADER>
<CORE-CONTENT><REQ-IF-CONTENT>
<DATATYPES>
  <DATATYPE-DEFINITION-ENUMERATION IDENTIFIER="d-status" LONG-NAME="Status"><SPECIFIED-VALUES>
    <ENUM-VALUE IDENTIFIER="s-acc" LONG-NAME="Accepted"/><ENUM-VALUE IDENTIFIER="s-rev" LONG-NAME="Under Review"/>
  </SPECIFIED-VALUES></DATATYPE-DEFINITION-ENUMERATION>
</DATATYPES>
<SPEC-TYPES>
  <SPEC-OBJECT-TYPE IDENTIFIER="t-req" LONG-NAME="Pump Requirement"><SPEC-ATTRIBUTES>
    <ATTRIBUTE-DEFINITION-STRING IDENTIFIER="a-id" LONG-NAME="ReqIF.ForeignID"/>
    <ATTRIBUTE-DEFINITION-STRING IDENTIFIER="a-chapter" LONG-NAME="ReqIF.ChapterName"/>
    <ATTRIBUTE-DEFINITION-XHTML IDENTIFIER="a-text" LONG-NAME="ReqIF.Text"/>
    <ATTRIBUTE-DEFINITION-ENUMERATION IDENTIFIER="a-status" LONG-NAME="Status"/>
    <ATTRIBUTE-DEFINITION-STRING IDENTIFIER="a-class" LONG-NAME="Safety Class"><DEFAULT-VALUE><ATTRIBUTE-VALUE-STRING THE-VALUE="B"/></DEFAULT-VALUE></ATTRIBUTE-DEFINITION-STRING>
  </SPEC-ATTRIBUTES></SPEC-OBJECT-TYPE>
  <SPEC-OBJECT-TYPE IDENTIFIER="t-mit" LONG-NAME="Mitigation"><SPEC-ATTRIBUTES>
    <ATTRIBUTE-DEFINITION-STRING IDENTIFIER="m-id" LONG-NAME="ReqIF.ForeignID"/>
    <ATTRIBUTE-DEFINITION-STRING IDENTIFIER="m-name" LONG-NAME="ReqIF.Name"/>
  </SPEC-ATTRIBUTES></SPEC-OBJECT-TYPE>
  <SPEC-RELATION-TYPE IDENTIFIER="t-parent" LONG-NAME="Parent"/>
  <SPEC-RELATION-TYPE IDENTIFIER="t-impl" LONG-NAME="implemented_by"/>
</SPEC-TYPES>
<SPEC-OBJECTS>
${objects.join('')}</SPEC-OBJECTS>
<SPEC-RELATIONS>
${relations.join('')}</SPEC-RELATIONS>
<SPECIFICATIONS><SPECIFICATION IDENTIFIER="spec" LONG-NAME="Pump Requirements"><CHILDREN>
${hierarchy.join('')}</CHILDREN></SPECIFICATION></SPECIFICATIONS>
</REQ-IF-CONTENT></CORE-CONTENT></REQ-IF>
`;
}

function reqifInput(k: number): Sized<string> {
  const text = reqifFile(k * REQIF_BASE);
  return { size: text.length, input: text };
}

/** The content of reqifInput's file, read. */
function reqifRead(k: number): Sized<ReqifContent> {
  const { size, input } = reqifInput(k);
  return { size, input: reqifContent(parseXmlTree(input)) };
}

/** Requirements of the smallest model exported as ReqIF. */
const EXPORT_BASE = 60;

// --- Writing -----------------------------------------------------------------------------------------

/** The config, model files and report text of an import, as writeImport makes them (without the disk). */
function writtenTexts(model: ImportedModel): unknown {
  const config = dataConfig(importedEntities(model), model.leftOutIds);
  const files = model.files.map(sectionsDocumentText);
  return [config, files, model.report.markdown()];
}

/**
 * A model for the ReqIF export: `n` requirements refining the first (one hierarchy parent with every
 * other requirement below it), each with a description; one mitigation implemented by all of them.
 */
function exportModel(n: number): Sized<Model> {
  const entity = (kind: EntityKind, id: string, data: Record<string, unknown>): Entity => ({
    kind,
    id,
    data,
    file: 'model.yaml',
    form: 'sections',
    positions: {},
  });
  const entities: Entity[] = [];
  let size = 0;
  for (let i = 0; i < n; i++) {
    const data: Record<string, unknown> = {
      title: `Requirement ${i}`,
      description: `The pump shall keep rate ${i} within its limits.\n\nSecond paragraph of ${i}.`,
      status: 'approved',
    };
    if (i > 0) data.refines = 'REQ-0000';
    entities.push(entity('requirement', `REQ-${pad(i)}`, data));
    size += JSON.stringify(data).length;
  }
  const ids = entities.map((e) => e.id);
  entities.push(entity('mitigation', 'MIT-1', { title: 'Rate limit', implemented_by: ids }));
  size += ids.join(', ').length;
  const model = { entities, byId: new Map(entities.map((e) => [e.id, e])), project: { name: 'Pump' } };
  return { size, input: model as unknown as Model };
}

// -----------------------------------------------------------------------------------------------------

describe('importing examines a constant number of characters per input character', () => {
  it('parsing a StrictDoc document', () => {
    expectLinear(
      'parse sdoc',
      growth(sdocInput, (text) => parseSdocDocument(text, 'pump.sdoc')),
      200,
    );
  });

  it('mapping a StrictDoc document', () => {
    expectLinear(
      'map strictdoc',
      growth(sdocRead, ({ read, path }) => strictdocImport(read, path)),
      1,
    );
  });

  it('writing a StrictDoc import', () => {
    expectLinear(
      'write strictdoc import',
      growth((k) => {
        const { size, input } = sdocRead(k);
        return { size, input: strictdocImport(input.read, input.path) };
      }, writtenTexts),
      25,
    );
  });

  for (const layout of ['one document', 'many documents'] as const) {
    const tree = (k: number) =>
      doorstopInput(
        `doorstop-${layout.replace(' ', '-')}-${k}`,
        k * DOORSTOP_BASE,
        layout === 'one document' ? 1 : k * (DOORSTOP_BASE / 10),
      );
    it(`reading and mapping a Doorstop tree of ${layout}`, () => {
      expectLinear(`read doorstop, ${layout}`, growth(tree, readDoorstopTree), 50);
      expectLinear(
        `map doorstop, ${layout}`,
        growth(
          (k) => {
            const { size, input } = tree(k);
            return { size, input: { docs: readDoorstopTree(input), root: input } };
          },
          ({ docs, root }) => doorstopImport(docs, root),
        ),
        2,
      );
    });
  }

  it('reading a ReqIF file', () => {
    expectLinear(
      'read reqif',
      growth(reqifInput, (text) => reqifContent(parseXmlTree(text))),
      6,
    );
  });

  it('mapping a ReqIF file', () => {
    expectLinear(
      'map reqif',
      growth(reqifRead, (content) => reqifImport(content, 'pump.reqif')),
      1,
    );
  });

  it('writing a ReqIF import', () => {
    expectLinear(
      'write reqif import',
      growth((k) => {
        const { size, input } = reqifRead(k);
        return { size, input: reqifImport(input, 'pump.reqif') };
      }, writtenTexts),
      4,
    );
  });

  it('exporting ReqIF', () => {
    expectLinear(
      'export reqif',
      growth(
        (k) => exportModel(k * EXPORT_BASE),
        (model) => reqifText(model, '2024-01-01T00:00:00Z'),
      ),
      80,
    );
  });
});
