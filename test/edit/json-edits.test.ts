// JSON model files are edited surgically like YAML ones: only the changed values and lines differ, in
// every layout (indent, tabs, CRLF, no final newline, BOM); new text looks like its neighbours.
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { dataOf, save, update, versionOf } from './edit-fixture.js';
import { JSON_LAYOUTS, JSON_MODEL, expectChanged, expectFile, jsonModel } from './json-fixture.js';

const MIXED =
  'user_needs:\n  - id: UN-009\n    title: Spare\nrequirements:\n  - id: REQ-009\n    title: Spare\n    satisfies: UN-009\n';

type Claim = { target: string; cases?: string[] };

describe.each(JSON_LAYOUTS)('JSON files written with $name', (layout) => {
  test('update: a value changed, a field added after its predecessor, a field removed', async () => {
    const dir = await jsonModel(layout);
    await update(dir, 'REQ-001', (d) => ({
      id: d.id,
      title: 'Rate entry in mL/h',
      satisfies: d.satisfies,
      owner: 'dosing-team',
      tags: d.tags,
      verified_by: d.verified_by,
    }));
    await expectChanged(
      dir,
      layout,
      'model.json',
      ['"Rate entry"', '"Rate entry in mL/h"'],
      ['      "status": "draft",\n', '      "owner": "dosing-team",\n'],
    );
  });

  test('update: list items added in place, a new claim laid out like the one before it', async () => {
    const dir = await jsonModel(layout);
    await update(dir, 'REQ-001', (d) => {
      (d.tags as string[]).push('safety');
      const claims = d.verified_by as Claim[];
      claims[0]!.cases!.push('RateTest/rejects_negative');
      claims.push({ target: '//pump/alarms:audibility_test', whole: true, reason: 'one result' } as Claim);
      return d;
    });
    await expectChanged(
      dir,
      layout,
      'model.json',
      ['["dosing", "ui"]', '["dosing", "ui", "safety"]'],
      [
        `          "cases": ["RateTest/accepts", "RateTest/rejects"]
        }
`,
        `          "cases": ["RateTest/accepts", "RateTest/rejects", "RateTest/rejects_negative"]
        },
        {
          "target": "//pump/alarms:audibility_test",
          "whole": true,
          "reason": "one result"
        }
`,
      ],
    );
  });

  test('update of a one-object file: unicode written as is, a string becomes a list and back', async () => {
    const dir = await jsonModel(layout);
    await update(dir, 'REQ-003', (d) => ({
      id: d.id,
      title: 'Débit 💧 en mL/h',
      description: 'Ligne 1\nLigne 2 "citée"',
      satisfies: 'UN-001',
    }));
    await expectFile(
      dir,
      layout,
      'single/REQ-003.json',
      `{
  "kind": "requirement",
  "id": "REQ-003",
  "title": "Débit 💧 en mL/h",
  "description": "Ligne 1\\nLigne 2 \\"citée\\"",
  "satisfies": "UN-001"
}
`,
    );
    await update(dir, 'REQ-003', (d) => ({ ...d, satisfies: ['UN-001', 'UN-002'] }));
    expect((await dataOf(dir, 'REQ-003')).satisfies).toEqual(['UN-001', 'UN-002']);
  });

  test('rename of a JSON entity: its id and every reference, in JSON and YAML files', async () => {
    const dir = await jsonModel(layout);
    await save(dir, {
      op: 'rename',
      id: 'REQ-001',
      newId: 'REQ-010',
      version: await versionOf(dir, 'REQ-001'),
    });
    await expectChanged(
      dir,
      layout,
      'model.json',
      ['"id": "REQ-001"', '"id": "REQ-010"'],
      ['"refines": "REQ-001"', '"refines": "REQ-010"'],
    );
    await expectChanged(dir, layout, 'single/REQ-003.json', ['"REQ-001"', '"REQ-010"']);
    await expectChanged(dir, layout, 'reqs.yaml', ['REQ-001', 'REQ-010']);
  });

  test('rename of a YAML entity that JSON files refer to, as a list item and as a string', async () => {
    const dir = await jsonModel(layout);
    await save(dir, { op: 'rename', id: 'UN-001', newId: 'UN-010', version: await versionOf(dir, 'UN-001') });
    await expectChanged(
      dir,
      layout,
      'model.json',
      ['["UN-001", "UN-002"]', '["UN-010", "UN-002"]'],
      ['"satisfies": "UN-001"', '"satisfies": "UN-010"'],
    );
  });

  test('delete: the last item of a section goes with the comma before it', async () => {
    const dir = await jsonModel(layout);
    await save(dir, { op: 'delete', id: 'REQ-002', version: await versionOf(dir, 'REQ-002') });
    await expectChanged(dir, layout, 'model.json', [
      `    },
    {
      "id": "REQ-002",
      "title": "Stop key",
      "satisfies": "UN-001",
      "refines": "REQ-001"
    }
`,
      `    }
`,
    ]);
  });

  test('delete with force: the first item goes, and the references to it in JSON and YAML', async () => {
    const dir = await jsonModel(layout);
    await save(dir, { op: 'delete', id: 'REQ-001', force: true, version: await versionOf(dir, 'REQ-001') });
    await expectFile(
      dir,
      layout,
      'model.json',
      `{
  "schema_version": 1,
  "requirements": [
    {
      "id": "REQ-002",
      "title": "Stop key",
      "satisfies": "UN-001"
    }
  ]
}
`,
    );
    await expectChanged(dir, layout, 'single/REQ-003.json', [',\n  "refines": "REQ-001"', '']);
    await expectChanged(dir, layout, 'reqs.yaml', ['    refines: REQ-001\n', '']);
  });

  test('delete of a one-object JSON file removes the file', async () => {
    const dir = await jsonModel(layout);
    const result = await save(dir, { op: 'delete', id: 'REQ-003', version: await versionOf(dir, 'REQ-003') });
    expect(result.files).toEqual([join(dir, 'single/REQ-003.json')]);
    await expect(access(join(dir, 'single/REQ-003.json'))).rejects.toThrow();
  });

  test('create: appended to the JSON sections file that holds most of the kind', async () => {
    const dir = await jsonModel(layout);
    const result = await save(dir, {
      op: 'create',
      kind: 'requirement',
      data: { title: 'Occlusion alarm', satisfies: ['UN-001'], tags: [] },
    });
    expect(result.entity).toMatchObject({ id: 'REQ-005', file: join(dir, 'model.json') });
    await expectChanged(dir, layout, 'model.json', [
      `      "refines": "REQ-001"
    }
`,
      `      "refines": "REQ-001"
    },
    {
      "id": "REQ-005",
      "title": "Occlusion alarm",
      "satisfies": ["UN-001"],
      "tags": []
    }
`,
    ]);
  });

  test('create: a kind the model has none of gets a new section in the JSON file', async () => {
    // A file of two kinds beside it: the model does not keep one kind per file (that would get a
    // test-methods.yaml of its own).
    const dir = await jsonModel(layout, { ...JSON_MODEL, 'z-mixed.yaml': MIXED });
    await save(dir, { op: 'create', kind: 'test_method', data: { title: 'Bench test', level: 'unit' } });
    await expectChanged(dir, layout, 'model.json', [
      / {2}\]\n\}\n$/,
      `  ],
  "test_methods": [
    {
      "id": "TM-001",
      "title": "Bench test",
      "level": "unit"
    }
  ]
}
`,
    ]);
  });

  test('update-many: entities of two JSON files in one write', async () => {
    const dir = await jsonModel(layout);
    await save(dir, {
      op: 'update-many',
      updates: [
        {
          id: 'REQ-002',
          data: { ...(await dataOf(dir, 'REQ-002')), title: 'Stop' },
          version: await versionOf(dir, 'REQ-002'),
        },
        {
          id: 'REQ-003',
          data: { ...(await dataOf(dir, 'REQ-003')), status: 'approved' },
          version: await versionOf(dir, 'REQ-003'),
        },
      ],
    });
    await expectChanged(dir, layout, 'model.json', ['"Stop key"', '"Stop"']);
    await expectChanged(dir, layout, 'single/REQ-003.json', [
      '"refines": "REQ-001"\n',
      '"refines": "REQ-001",\n  "status": "approved"\n',
    ]);
  });
});
