// A Doorstop tree written to Doorstop's documented format (the reference pages on documents and items of
// Doorstop): a root document of needs, a requirements document whose parent it is, headings,
// inactive, non-normative and derived items, and links with and without review fingerprints.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newEntityTarget } from '../../tools/edit/entity-placement.js';
import { readSnapshot } from '../../tools/edit/model-snapshot.js';
import { runImport, sourceTree } from './import-fixture.js';

const TREE = {
  'needs/.doorstop.yml': "settings:\n  digits: 3\n  prefix: NEED\n  sep: ''\n  itemformat: yaml\n",
  'needs/NEED001.yml':
    "active: true\nderived: false\nheader: |\n  Safe dosing\nlevel: 1.1\nlinks: []\nnormative: true\nref: ''\nreviewed: null\ntext: |\n  The nurse can trust the delivered dose.\n",
  'needs/reqs/.doorstop.yml':
    "settings:\n  digits: 3\n  parent: NEED\n  prefix: REQ\n  sep: '-'\nattributes:\n  defaults:\n    invented-by: nobody\n",
  'needs/reqs/REQ-001.yml':
    "active: true\nderived: false\nheader: ''\nlevel: 1.0\nlinks: []\nnormative: false\nref: ''\nreviewed: null\ntext: |\n  Dosing\n\n  Requirements on dosing.\n",
  'needs/reqs/REQ-002.yml':
    "active: true\nderived: false\nheader: |\n  Rate\nlevel: 1.1\nlinks:\n- NEED001: avwblqPimDJ2OgTrRCXxRPN8FQhUBWqPIXm7kSR95C4=\nnormative: true\nref: ''\nreviewed: 9TcFUzsQWUHhoh5wsqnhL7VRtSqMaIhrCXg7mfIkxKM=\ntext: |\n  The pump **shall** deliver the programmed rate.\ninvented-by: jane@example.com\n",
  'needs/reqs/REQ-003.yml':
    "active: true\nderived: false\nheader: ''\nlevel: 1.2\nlinks:\n- REQ-002\nnormative: true\nref: ''\nreviewed: null\ntext: |\n  The rate shall be accurate to 5 %.\n",
  'needs/reqs/REQ-004.yml':
    "active: false\nderived: false\nheader: Old\nlevel: 1.3\nlinks:\n- REQ-002: null\nnormative: true\nref: ''\nreviewed: null\ntext: |\n  Withdrawn requirement.\n",
  'needs/reqs/REQ-005.yml':
    "active: true\nderived: true\nheader: Logging\nlevel: '1.10'\nlinks: []\nnormative: true\nref: ''\nreviewed: null\ntext: |\n  The pump shall log every change of rate.\n",
  'needs/reqs/REQ-006.yml':
    "active: true\nderived: false\nheader: Note\nlevel: 2.1\nlinks: []\nnormative: false\nref: ''\nreviewed: null\ntext: |\n  An informative note.\n",
};

describe('rr import doorstop', () => {
  it('imports documents and items, links by document parentage, headings as tags', async () => {
    const src = await sourceTree(TREE);
    const run = await runImport('doorstop', src, ['--kind', 'NEED=user_need']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const model = run.model!;
    expect(model.entities.map((e) => e.id)).toEqual(['NEED001', 'REQ-002', 'REQ-003', 'REQ-005']);
    expect(model.byId.get('NEED001')!.kind).toBe('user_need');
    expect(model.byId.get('REQ-002')!.data).toMatchObject({
      title: 'Rate',
      description: 'The pump **shall** deliver the programmed rate.',
      satisfies: 'NEED001',
      tags: 'Dosing',
    });
    expect(model.byId.get('REQ-003')!.data).toMatchObject({
      title: 'The rate shall be accurate to 5 %.',
      refines: 'REQ-002',
      tags: 'Dosing',
    });
    // Level 1.10 comes after 1.2 (Doorstop reads it as written when quoted); derived is a tag.
    expect(model.byId.get('REQ-005')!.data.tags).toEqual(['Dosing', 'derived']);
    expect(model.byId.get('REQ-002')!.file.endsWith(join('needs', 'reqs', 'REQ.yaml'))).toBe(true);
  });

  it('leaves inactive and non-normative items out and lists them, with what else was not kept', async () => {
    const src = await sourceTree(TREE);
    const run = await runImport('doorstop', src, ['--kind', 'NEED=user_need']);
    const report = await readFile(join(run.out, 'import-report.md'), 'utf8');
    expect(report).toMatch(/### inactive items \(left out\) \(1\)\n\n- REQ-004: Withdrawn requirement\./);
    expect(report).toMatch(/### non-normative items \(left out\) \(1\)\n\n- REQ-006: An informative note\./);
    expect(report).toMatch(/### attribute invented-by \(1\)\n\n- REQ-002: jane@example.com/);
    expect(report).toMatch(/### review fingerprints \(reviewed\) \(1\)/);
    expect(run.stdout).toMatch(/inactive items \(left out\): 1/);
    expect(run.stdout).toMatch(/link → satisfies: 1/);
    expect(run.stdout).toMatch(/link → refines: 1/);
  });

  it('keeps the ids of the items it left out taken: config.retired_ids, honoured by the next id', async () => {
    const src = await sourceTree(TREE);
    const run = await runImport('doorstop', src, ['--kind', 'NEED=user_need']);
    expect(run.code).toBe(0);
    // REQ-001 (a heading), REQ-004 (inactive) and REQ-006 (non-normative) are Doorstop's ids still.
    expect(run.model!.config.retired_ids).toEqual(['REQ-001', 'REQ-004', 'REQ-006']);
    expect(await readFile(join(run.out, 'rr.yaml'), 'utf8')).toContain(
      '  retired_ids:\n    - REQ-001\n    - REQ-004\n    - REQ-006\n',
    );
    expect(run.stdout).toMatch(/retired_ids: 3 \(REQ-001, REQ-004, REQ-006\), the ids of items left out/);
    // The highest imported id is REQ-005; REQ-006 is Doorstop's, so a new requirement gets REQ-007.
    const snapshot = await readSnapshot(run.out);
    expect(newEntityTarget(snapshot, 'requirement').id).toBe('REQ-007');
    expect(newEntityTarget(snapshot, 'requirement', { parent: 'REQ-002' }).id).toBe('REQ-007');
  });

  it('an inactive item in the middle keeps its id: the next id after REQ-002 and inactive REQ-003 is REQ-004', async () => {
    const src = await sourceTree({
      '.doorstop.yml': "settings:\n  digits: 3\n  prefix: REQ\n  sep: '-'\n",
      'REQ-001.yml': 'active: true\nheader: One\nlevel: 1.1\nnormative: true\ntext: First.\n',
      'REQ-002.yml': 'active: true\nheader: Two\nlevel: 1.2\nnormative: true\ntext: Second.\n',
      'REQ-003.yml': 'active: false\nheader: Three\nlevel: 1.3\nnormative: true\ntext: Withdrawn.\n',
    });
    const run = await runImport('doorstop', src);
    expect(run.code, run.stderr).toBe(0);
    expect(run.model!.config.retired_ids).toEqual(['REQ-003']);
    expect(newEntityTarget(await readSnapshot(run.out), 'requirement').id).toBe('REQ-004');
  });

  it('refuses a folder with no Doorstop document', async () => {
    const src = await sourceTree({ 'README.md': 'nothing here\n' });
    const run = await runImport('doorstop', src);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/holds no Doorstop document \(no \.doorstop\.yml below it\)/);
  });

  it('refuses an item that is not YAML, naming its line', async () => {
    const src = await sourceTree({
      '.doorstop.yml': 'settings:\n  digits: 3\n  prefix: REQ\n  sep: ""\n',
      'REQ001.yml': 'active: true\ntext: [unclosed\n',
    });
    const run = await runImport('doorstop', src);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^rr import: REQ001\.yml:\d+:\d+: not valid YAML/);
  });
});
