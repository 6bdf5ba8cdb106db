// Every entity, field and item keeps its line and column, so diagnostics point at the text to fix.
import { describe, expect, it } from 'vitest';
import { positionOf, type Entity } from '../../tools/model/entity.js';
import type { Model } from '../../tools/model/model.js';
import { lines, load } from './temp-model.js';

/** Every entity has its own position and one for each top-level field it holds. */
function expectFieldPositions(model: Model): void {
  expect(model.entities.length).toBeGreaterThan(0);
  for (const entity of model.entities) {
    expect(entity.positions['']).toBeDefined();
    for (const field of Object.keys(entity.data)) expect(entity.positions[field], field).toBeDefined();
  }
}

function byId(model: Model, id: string): Entity {
  const entity = model.byId.get(id);
  expect(entity).toBeDefined();
  return entity!;
}

describe('positions in YAML', () => {
  it('record the entity, each field key, list items and nested claim items', async () => {
    const { model } = await load({
      'model.yaml': lines(
        'user_needs:', //                          1
        '  - id: UN-1', //                         2
        '    title: need', //                      3
        'requirements:', //                        4
        '  - id: REQ-1', //                        5
        '    title: req', //                       6
        '    satisfies: [UN-1, UN-2]', //          7
        '    verified_by:', //                     8
        '      - target: //pump:a_test', //        9
        '        cases:', //                       10
        '          - First/one', //                11
        '          - First/two', //                12
        '      - target: //pump:b_test', //        13
        '        whole: true', //                  14
        '        reason: one result', //           15
      ),
    });
    expectFieldPositions(model);
    const req = byId(model, 'REQ-1');
    expect(req.positions).toMatchObject({
      '': [5, 5],
      id: [5, 5],
      title: [6, 5],
      satisfies: [7, 5],
      'satisfies/0': [7, 17],
      'satisfies/1': [7, 23],
      verified_by: [8, 5],
      'verified_by/0': [9, 9],
      'verified_by/0/target': [9, 9],
      'verified_by/0/cases': [10, 9],
      'verified_by/0/cases/0': [11, 13],
      'verified_by/0/cases/1': [12, 13],
      'verified_by/1/whole': [14, 9],
      'verified_by/1/reason': [15, 9],
    });
    expect(byId(model, 'UN-1').positions['']).toEqual([2, 5]);
    // the dangling UN-2 is reported at its list item
    expect(model.diagnostics).toEqual([
      expect.objectContaining({ rule: 'dangling-reference', line: 7, column: 23, entity: 'REQ-1' }),
    ]);
  });

  it('start a single-object entity at its first key', async () => {
    const { model } = await load({
      'risk.yaml': lines(
        '# a risk', //                  1
        '', //                          2
        'kind: risk', //                3
        'id: RISK-1', //                4
        'title: overdose', //           5
        'mitigated_by:', //             6
        '  - MIT-1', //                 7
        '  - MIT-2', //                 8
        'notes:', //                    9
        '  - text: check', //           10
        '    kind: question', //        11
      ),
    });
    expectFieldPositions(model);
    expect(byId(model, 'RISK-1').positions).toMatchObject({
      '': [3, 1],
      id: [4, 1],
      mitigated_by: [6, 1],
      'mitigated_by/0': [7, 5],
      'mitigated_by/1': [8, 5],
      'notes/0/text': [10, 5],
      'notes/0/kind': [11, 5],
    });
  });

  it('fall back to the closest enclosing path', async () => {
    const { dir, model } = await load({
      'req.yaml': lines('kind: requirement', 'id: REQ-1', 'title: t', 'satisfies: [UN-1]'),
    });
    const req = byId(model, 'REQ-1');
    expect(positionOf(req, 'satisfies/0')).toEqual({ file: `${dir}/req.yaml`, line: 4, column: 13 });
    expect(positionOf(req, 'satisfies/7')).toEqual({ file: `${dir}/req.yaml`, line: 4, column: 1 });
    expect(positionOf(req, 'no/such/path')).toEqual({ file: `${dir}/req.yaml`, line: 1, column: 1 });
  });
});

describe('positions in JSON', () => {
  it('record fields and nested items of a single-object document', async () => {
    const { model } = await load({
      'req.json': [
        '{',
        '  "kind": "requirement",',
        '  "id": "REQ-1",',
        '  "title": "req",',
        '  "verified_by": [{"target": "//a:b", "cases": ["one", "two"]}]',
        '}',
        '',
      ].join('\n'),
    });
    expectFieldPositions(model);
    expect(byId(model, 'REQ-1').positions).toMatchObject({
      '': [1, 1],
      id: [3, 3],
      title: [4, 3],
      verified_by: [5, 3],
      'verified_by/0': [5, 19],
      'verified_by/0/target': [5, 20],
      'verified_by/0/cases': [5, 39],
      'verified_by/0/cases/0': [5, 49],
      'verified_by/0/cases/1': [5, 56],
    });
  });

  it('record entities of a sections document', async () => {
    const { model } = await load({
      'model.json': [
        '{',
        '  "user_needs": [',
        '    {',
        '      "id": "UN-1",',
        '      "title": "need"',
        '    },',
        '    {"id": "UN-2", "title": "need", "tags": ["a", "b"]}',
        '  ]',
        '}',
      ].join('\n'),
    });
    expectFieldPositions(model);
    expect(byId(model, 'UN-1').positions).toMatchObject({ '': [3, 5], id: [4, 7], title: [5, 7] });
    expect(byId(model, 'UN-2').positions).toMatchObject({
      '': [7, 5],
      id: [7, 6],
      tags: [7, 37],
      'tags/1': [7, 51],
    });
  });
});

describe('positions through merge keys', () => {
  it('point merged fields at the anchored map, and own fields at their own lines', async () => {
    const { model } = await load({
      'model.yaml': lines(
        'meta:', //                       1
        '  defaults: &reviewed', //       2
        '    status: approved', //        3
        '    owner: qa-team', //          4
        'user_needs:', //                 5
        '  - <<: *reviewed', //           6
        '    id: UN-1', //                7
        '    owner: clinical', //         8
        '    title: Need', //             9
      ),
    });
    const need = model.byId.get('UN-1')!;
    expect(need.data).toMatchObject({ status: 'approved', owner: 'clinical' });
    expect(positionOf(need, 'status')).toMatchObject({ line: 3, column: 5 });
    expect(positionOf(need, 'owner')).toMatchObject({ line: 8, column: 5 });
    expect(Object.keys(need.positions).some((p) => p.includes('Symbol'))).toBe(false);
  });
});
