// StrictDoc documents a user might have: custom element types, composite nodes, Child and File
// relations, documents without a grammar; and files StrictDoc would refuse, refused with their line.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newEntityTarget } from '../../tools/edit/entity-placement.js';
import { readSnapshot } from '../../tools/edit/model-snapshot.js';
import { runImport, sourceTree } from './import-fixture.js';

const GRAMMAR = `[GRAMMAR]
ELEMENTS:
- TAG: TEXT
  FIELDS:
  - TITLE: STATEMENT
    TYPE: String
    REQUIRED: True
- TAG: USER_NEED
  FIELDS:
  - TITLE: UID
    TYPE: String
    REQUIRED: True
  - TITLE: TITLE
    TYPE: String
    REQUIRED: True
  - TITLE: STATEMENT
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
    TYPE: SingleChoice(Draft, Approved)
    REQUIRED: False
  - TITLE: TITLE
    TYPE: String
    REQUIRED: False
  - TITLE: STATEMENT
    TYPE: String
    REQUIRED: True
  - TITLE: PRIORITY
    TYPE: String
    REQUIRED: False
  RELATIONS:
  - TYPE: Parent
  - TYPE: Child
  - TYPE: File
`;

const DOC = `[DOCUMENT]
TITLE: Pump
REQ_PREFIX: PUMP-

[GRAMMAR]
IMPORT_FROM_FILE: pump.sgra

[TEXT]
STATEMENT: >>>
Introduction, kept only in the report.
<<<

[USER_NEED]
UID: UN-1
TITLE: Safe dosing
STATEMENT: The nurse can trust the dose.

[[SECTION]]
TITLE: Dosing

[[REQUIREMENT]]
UID: PUMP-1
STATUS: Approved
TITLE: Rate
STATEMENT: >>>
The pump shall deliver the programmed rate.

Within 5 %.
<<<
PRIORITY: high
RELATIONS:
- TYPE: Parent
  VALUE: UN-1
- TYPE: File
  FORMAT: Sourcecode
  VALUE: src/rate.c

[REQUIREMENT]
STATEMENT: A nested requirement with neither UID nor TITLE.

[[/REQUIREMENT]]

[REQUIREMENT]
UID: PUMP-3
TITLE: Volume
STATEMENT: The pump shall stop at the programmed volume.
RELATIONS:
- TYPE: Child
  VALUE: PUMP-4

[REQUIREMENT]
UID: PUMP-4
TITLE: Volume accuracy
STATEMENT: Within 2 %.

[[/SECTION]]
`;

describe('rr import strictdoc', () => {
  it('maps need and requirement elements, Parent and Child relations, sections and composite nodes', async () => {
    const src = await sourceTree({ 'reqs/pump.sdoc': DOC, 'reqs/pump.sgra': GRAMMAR });
    const run = await runImport('strictdoc', src);
    expect(run.stderr).toBe('');
    const model = run.model!;
    expect(model.byId.get('UN-1')!.kind).toBe('user_need');
    expect(model.byId.get('PUMP-1')!.data).toMatchObject({
      title: 'Rate',
      description: 'The pump shall deliver the programmed rate.\n\nWithin 5 %.',
      status: 'approved',
      satisfies: 'UN-1',
      tags: 'Dosing',
    });
    // The nested node gets the next id of its document's prefix, a title from its statement, and
    // refines the composite node around it.
    expect(model.byId.get('PUMP-5')!.data).toMatchObject({
      title: 'A nested requirement with neither UID nor TITLE.',
      refines: 'PUMP-1',
    });
    expect(model.byId.get('PUMP-4')!.data.refines).toBe('PUMP-3');
    expect(model.byId.get('PUMP-1')!.file.endsWith(join('reqs', 'pump.yaml'))).toBe(true);
    const report = await readFile(join(run.out, 'import-report.md'), 'utf8');
    expect(report).toMatch(/### field PRIORITY \(1\)\n\n- PUMP-1: high/);
    expect(report).toMatch(/### File relations \(1\)\n\n- PUMP-1: FORMAT: Sourcecode, VALUE: src\/rate.c/);
    expect(report).toContain('Introduction, kept only in the report.');
    expect(report).toMatch(/nodes without UID \(given an id\).*\n\n- reqs\/pump.sdoc:\d+: PUMP-5/);
  });

  it('reads a document with no grammar and [SECTION] … [/SECTION]', async () => {
    const src = await sourceTree({
      'a.sdoc':
        '[DOCUMENT]\nTITLE: A\n\n[SECTION]\nTITLE: Top\n\n[REQUIREMENT]\nUID: R-1\nTITLE: One\nSTATEMENT: S\nCOMMENT: c1\nCOMMENT: c2\nTAGS: x, y\n\n[/SECTION]\n',
    });
    const model = (await runImport('strictdoc', src)).model!;
    expect(model.byId.get('R-1')!.data).toMatchObject({ tags: ['Top', 'x', 'y'], notes: ['c1', 'c2'] });
  });

  it('refuses a malformed document with its file, line and what was expected, writing nothing', async () => {
    const src = await sourceTree({
      'bad.sdoc': '[DOCUMENT]\nTITLE: A\n\n[REQUIREMENT]\nUID: R-1\nSTATEMENT: >>>\nnever closed\n',
    });
    const run = await runImport('strictdoc', src);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^rr import: bad\.sdoc:\d+:\d+: not a StrictDoc document: expected /);
    expect(existsSync(run.out)).toBe(false);
  });

  it('refuses a composite node closed with another tag', async () => {
    const src = await sourceTree({
      'bad.sdoc':
        '[DOCUMENT]\nTITLE: A\n\n[[SECTION]]\nTITLE: S\n\n[REQUIREMENT]\nUID: R-1\nSTATEMENT: x\n\n[[/REQUIREMENT]]\n',
    });
    const run = await runImport('strictdoc', src);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /bad\.sdoc:11:\d+: the node \[\[SECTION\]\] \(line 4\) ends with \[\[\/REQUIREMENT\]\]/,
    );
  });

  it('lets --kind choose the kind of an element type', async () => {
    const src = await sourceTree({
      'a.sdoc':
        '[DOCUMENT]\nTITLE: A\n\n[SYSTEM_GOAL]\nUID: G-1\nTITLE: Goal\nSTATEMENT: S\n\n[REQUIREMENT]\nUID: R-1\nTITLE: One\nSTATEMENT: S\nRELATIONS:\n- TYPE: Parent\n  VALUE: G-1\n',
    });
    const model = (await runImport('strictdoc', src, ['--kind', 'SYSTEM_GOAL=user_need'])).model!;
    expect(model.byId.get('G-1')!.kind).toBe('user_need');
    expect(model.byId.get('R-1')!.data.satisfies).toBe('G-1');
  });

  it('keeps the UIDs of the nodes it leaves out taken (config.retired_ids), so a new id does not reuse them', async () => {
    const src = await sourceTree({
      'a.sdoc':
        '[DOCUMENT]\nTITLE: A\nREQ_PREFIX: R-\n\n[TEXT]\nUID: R-2\nSTATEMENT: An introduction with an id.\n\n[SYSTEM_GOAL]\nUID: R-9\nTITLE: Goal\nSTATEMENT: S\n\n[REQUIREMENT]\nUID: R-1\nTITLE: One\nSTATEMENT: S\n\n[REQUIREMENT]\nTITLE: No UID\nSTATEMENT: S\n',
    });
    const run = await runImport('strictdoc', src, ['--kind', 'SYSTEM_GOAL=skip']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.model!.config.retired_ids).toEqual(['R-2', 'R-9']);
    // The node without a UID is numbered after them too, as is the next new requirement.
    expect(run.model!.entities.map((e) => e.id)).toEqual(['R-1', 'R-10']);
    expect(newEntityTarget(await readSnapshot(run.out), 'requirement').id).toBe('R-11');
  });
});
