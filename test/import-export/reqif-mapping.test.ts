// A ReqIF file in the shape DOORS writes: headings and requirements of one type, an enumerated status,
// XHTML text, a link type; mapped by default and by a mapping file, and a bad mapping file refused.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runImport, sourceTree } from './import-fixture.js';

const value = (type: string, def: string, content: string) =>
  type === 'XHTML'
    ? `<ATTRIBUTE-VALUE-XHTML><DEFINITION><ATTRIBUTE-DEFINITION-XHTML-REF>${def}</ATTRIBUTE-DEFINITION-XHTML-REF></DEFINITION><THE-VALUE>${content}</THE-VALUE></ATTRIBUTE-VALUE-XHTML>`
    : type === 'ENUMERATION'
      ? `<ATTRIBUTE-VALUE-ENUMERATION><DEFINITION><ATTRIBUTE-DEFINITION-ENUMERATION-REF>${def}</ATTRIBUTE-DEFINITION-ENUMERATION-REF></DEFINITION><VALUES><ENUM-VALUE-REF>${content}</ENUM-VALUE-REF></VALUES></ATTRIBUTE-VALUE-ENUMERATION>`
      : `<ATTRIBUTE-VALUE-STRING THE-VALUE="${content}"><DEFINITION><ATTRIBUTE-DEFINITION-STRING-REF>${def}</ATTRIBUTE-DEFINITION-STRING-REF></DEFINITION></ATTRIBUTE-VALUE-STRING>`;

const object = (id: string, values: string) =>
  `<SPEC-OBJECT IDENTIFIER="${id}" LAST-CHANGE="2024-01-01T00:00:00Z"><TYPE><SPEC-OBJECT-TYPE-REF>t-obj</SPEC-OBJECT-TYPE-REF></TYPE><VALUES>${values}</VALUES></SPEC-OBJECT>`;

const FILE = `<?xml version="1.0" encoding="UTF-8"?>
<REQ-IF xmlns="http://www.omg.org/spec/ReqIF/20110401/reqif.xsd" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<THE-HEADER><REQ-IF-HEADER IDENTIFIER="h"><TITLE>Brake module</TITLE></REQ-IF-HEADER></THE-HEADER>
<CORE-CONTENT><REQ-IF-CONTENT>
<DATATYPES>
  <DATATYPE-DEFINITION-ENUMERATION IDENTIFIER="d-status" LONG-NAME="Status"><SPECIFIED-VALUES>
    <ENUM-VALUE IDENTIFIER="s-acc" LONG-NAME="Accepted"/><ENUM-VALUE IDENTIFIER="s-rev" LONG-NAME="Under Review"/>
  </SPECIFIED-VALUES></DATATYPE-DEFINITION-ENUMERATION>
</DATATYPES>
<SPEC-TYPES>
  <SPEC-OBJECT-TYPE IDENTIFIER="t-obj" LONG-NAME="Brake Object"><SPEC-ATTRIBUTES>
    <ATTRIBUTE-DEFINITION-STRING IDENTIFIER="a-id" LONG-NAME="ReqIF.ForeignID"/>
    <ATTRIBUTE-DEFINITION-STRING IDENTIFIER="a-chapter" LONG-NAME="ReqIF.ChapterName"/>
    <ATTRIBUTE-DEFINITION-XHTML IDENTIFIER="a-text" LONG-NAME="ReqIF.Text"/>
    <ATTRIBUTE-DEFINITION-ENUMERATION IDENTIFIER="a-status" LONG-NAME="Status"/>
    <ATTRIBUTE-DEFINITION-STRING IDENTIFIER="a-safety" LONG-NAME="Safety Class"/>
  </SPEC-ATTRIBUTES></SPEC-OBJECT-TYPE>
  <SPEC-RELATION-TYPE IDENTIFIER="t-link" LONG-NAME="Satisfies Link"/>
</SPEC-TYPES>
<SPEC-OBJECTS>
  ${object('o1', value('STRING', 'a-id', 'BRK-1') + value('STRING', 'a-chapter', 'Braking'))}
  ${object('o2', value('STRING', 'a-id', 'BRK-2') + value('XHTML', 'a-text', '<xhtml:div>\n  <xhtml:p>The brake <xhtml:b>shall</xhtml:b> engage\n    within 50 ms.</xhtml:p>\n  <xhtml:ul><xhtml:li>dry</xhtml:li><xhtml:li>wet</xhtml:li></xhtml:ul>\n</xhtml:div>') + value('ENUMERATION', 'a-status', 's-acc') + value('STRING', 'a-safety', 'ASIL D'))}
  ${object('o3', value('STRING', 'a-id', 'BRK-3') + value('XHTML', 'a-text', '<xhtml:div><xhtml:p>Stopping distance below 40 m.</xhtml:p></xhtml:div>') + value('ENUMERATION', 'a-status', 's-rev'))}
</SPEC-OBJECTS>
<SPEC-RELATIONS>
  <SPEC-RELATION IDENTIFIER="r1"><TYPE><SPEC-RELATION-TYPE-REF>t-link</SPEC-RELATION-TYPE-REF></TYPE><SOURCE><SPEC-OBJECT-REF>o3</SPEC-OBJECT-REF></SOURCE><TARGET><SPEC-OBJECT-REF>o2</SPEC-OBJECT-REF></TARGET></SPEC-RELATION>
</SPEC-RELATIONS>
<SPECIFICATIONS><SPECIFICATION IDENTIFIER="spec" LONG-NAME="Brake Requirements"><CHILDREN>
  <SPEC-HIERARCHY IDENTIFIER="h1"><OBJECT><SPEC-OBJECT-REF>o1</SPEC-OBJECT-REF></OBJECT><CHILDREN>
    <SPEC-HIERARCHY IDENTIFIER="h2"><OBJECT><SPEC-OBJECT-REF>o2</SPEC-OBJECT-REF></OBJECT></SPEC-HIERARCHY>
    <SPEC-HIERARCHY IDENTIFIER="h3"><OBJECT><SPEC-OBJECT-REF>o3</SPEC-OBJECT-REF></OBJECT></SPEC-HIERARCHY>
  </CHILDREN></SPEC-HIERARCHY>
</CHILDREN></SPECIFICATION></SPECIFICATIONS>
</REQ-IF-CONTENT></CORE-CONTENT></REQ-IF>
`;

describe('rr import reqif with the default mapping and a mapping file', () => {
  it('maps ids, XHTML text, status words, headings and links by default', async () => {
    const src = await sourceTree({ 'brake.reqif': FILE });
    const run = await runImport('reqif', join(src, 'brake.reqif'));
    expect(run.stderr).toBe('');
    const model = run.model!;
    expect(model.entities.map((e) => e.id)).toEqual(['BRK-2', 'BRK-3']);
    expect(model.byId.get('BRK-2')!.data).toMatchObject({
      description: 'The brake shall engage within 50 ms.\n\ndry\nwet',
      status: 'approved',
      tags: 'Braking',
    });
    expect(model.byId.get('BRK-3')!.data).toMatchObject({ status: 'proposed', refines: 'BRK-2' });
    expect(model.byId.get('BRK-2')!.file.endsWith('brake-requirements.yaml')).toBe(true);
    expect(run.stdout).toMatch(/type "Brake Object" → heading \(tags\): 1/);
    const report = await readFile(join(run.out, 'import-report.md'), 'utf8');
    expect(report).toMatch(/### attribute "Safety Class" \(1\)\n\n- BRK-2: ASIL D/);
  });

  it('follows a mapping file: a link type and an attribute', async () => {
    const src = await sourceTree({
      'brake.reqif': FILE,
      'map.yaml': 'attributes:\n  Safety Class: category\nrelations:\n  Satisfies Link: skip\n',
    });
    const model = (await runImport('reqif', join(src, 'brake.reqif'), ['--map', join(src, 'map.yaml')]))
      .model!;
    expect(model.byId.get('BRK-2')!.data.category).toBe('ASIL D');
    expect(model.byId.get('BRK-3')!.data.refines).toBeUndefined();
  });

  it('refuses a mapping file that names an unknown kind, saying what is allowed', async () => {
    const src = await sourceTree({ 'brake.reqif': FILE, 'map.json': '{"types": {"Brake Object": "goal"}}' });
    const run = await runImport('reqif', join(src, 'brake.reqif'), ['--map', join(src, 'map.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /map\.json: types\.Brake Object must be one of user_need, requirement, risk, mitigation, test_method, heading, skip/,
    );
  });

  it('refuses a file that is not well-formed XML, naming the line', async () => {
    const src = await sourceTree({ 'bad.reqif': '<REQ-IF>\n<THE-HEADER>\n</REQ-IF>\n' });
    const run = await runImport('reqif', join(src, 'bad.reqif'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/bad\.reqif:3:\d+: not well-formed XML/);
  });
});
