// Duplicate keys, duplicate ids, and references to ids that do not exist or name the wrong kind.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ids, lines, load, ofRule, onlyDiagnostic } from './temp-model.js';

describe('duplicate keys', () => {
  it('in YAML: reported at the second key, naming the line of the first', async () => {
    const { dir, model } = await load({
      'model.yaml': lines(
        'requirements:', //     1
        '  - id: REQ-1', //     2
        '    title: first', //  3
        '    owner: me', //     4
        '    title: second', // 5
      ),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'duplicate-key',
      severity: 'error',
      file: join(dir, 'model.yaml'),
      line: 5,
      column: 5,
    });
    expect(d.message).toBe('duplicate key "title" (first defined at line 3); remove one of them');
    // The rest of the file is still checked: a duplicate key is an error, not unreadable input.
    expect(model.unreadable).toBe(false);
    expect(model.entities.map((e) => e.id)).toEqual(['REQ-1']);
  });

  it('in YAML at the top level', async () => {
    const { dir, model } = await load({
      'model.yaml': lines('project: {name: a}', 'user_needs: []', 'project: {name: b}'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'duplicate-key', file: join(dir, 'model.yaml'), line: 3, column: 1 });
    expect(d.message).toMatch(/duplicate key "project" \(first defined at line 1\)/);
  });

  it('in JSON: reported at the second key, naming the line of the first', async () => {
    const { dir, model } = await load({
      'req.json': [
        '{',
        '  "kind": "requirement",',
        '  "id": "REQ-1",',
        '  "title": "first",',
        '  "title": "second"',
        '}',
      ].join('\n'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'duplicate-key', file: join(dir, 'req.json'), line: 5, column: 3 });
    expect(d.message).toBe('duplicate key "title" (first defined at line 4); remove one of them');
  });

  it('do not stop the rest of the file or other files from loading', async () => {
    const { model } = await load({
      'a.yaml': lines('kind: user_need', 'id: UN-1', 'owner: a', 'owner: b', 'title: t'),
      'b.yaml': lines('kind: user_need', 'id: UN-3', 'title: t'),
    });
    expect(ofRule(model, 'duplicate-key')).toHaveLength(1);
    expect(ids(model)).toEqual(['UN-1', 'UN-3']);
  });
});

describe('duplicate ids', () => {
  it('across two files: the later one is reported, naming the other file and line, and left out', async () => {
    const { dir, model } = await load({
      'a.yaml': lines(
        'user_needs:',
        '  - {id: UN-1, title: a}',
        'requirements:',
        '  - id: REQ-1',
        '    title: first',
      ),
      'b/c.yaml': lines('# copied', 'kind: requirement', 'id: REQ-1', 'title: second'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'duplicate-id',
      severity: 'error',
      entity: 'REQ-1',
      file: join(dir, 'b/c.yaml'),
      line: 3,
      column: 1,
    });
    expect(d.message).toBe(
      `id "REQ-1" is already used by a requirement at ${join(dir, 'a.yaml')}:4; give one of them a new id`,
    );
    expect(ids(model)).toEqual(['UN-1', 'REQ-1']);
    expect(model.byId.get('REQ-1')?.data.title).toBe('first');
  });

  it('across kinds in one file, naming the kind in words', async () => {
    const { dir, model } = await load({
      'a.yaml': lines('user_needs:', '  - {id: X-1, title: a}', 'test_methods:', '  - {id: X-1, title: b}'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'duplicate-id', file: join(dir, 'a.yaml'), line: 4, column: 6 });
    expect(d.message).toContain(`already used by a user need at ${join(dir, 'a.yaml')}:2`);
    expect(model.entities.map((e) => e.kind)).toEqual(['user_need']);
  });
});

/** A model where every reference resolves; tests add one bad reference to it. */
const GOOD = lines(
  'user_needs:', //                                                   1
  '  - {id: UN-1, title: need}', //                                   2
  'requirements:', //                                                 3
  '  - {id: REQ-1, title: req, satisfies: UN-1, method: TM-1}', //    4
  '  - {id: REQ-2, title: req, refines: REQ-1, method: unit}', //     5
  'risks:', //                                                        6
  '  - {id: RISK-1, title: risk, mitigated_by: MIT-1}', //            7
  'mitigations:', //                                                  8
  '  - {id: MIT-1, title: mit, mitigates: RISK-1, implemented_by: REQ-2}', // 9
  'test_methods:', //                                                 10
  '  - {id: TM-1, title: method}', //                                 11
);

describe('references', () => {
  it('that all resolve give no diagnostic', async () => {
    const { model } = await load({ 'good.yaml': GOOD });
    expect(model.diagnostics).toEqual([]);
  });

  it.each([
    ['requirement', 'satisfies', 'UN-9', 'UN-1'],
    ['requirement', 'refines', 'REQ-9', 'REQ-1'],
    ['risk', 'mitigated_by', 'MIT-9', 'MIT-1'],
    ['mitigation', 'mitigates', 'RISK-9', 'RISK-1'],
    ['mitigation', 'implemented_by', 'REQ-9', 'REQ-1'],
  ])('%s.%s naming a missing id is dangling-reference at the item', async (kind, field, missing, near) => {
    const { dir, model } = await load({
      'good.yaml': GOOD,
      'bad.yaml': lines(
        `kind: ${kind}`, //  1
        'id: NEW-1', //      2
        'title: t', //       3
        `${field}:`, //      4
        '  - UN-1', //       5 (a valid or wrong-kind id first: only the missing one is dangling)
        `  - ${missing}`, // 6
      ),
    });
    const dangling = ofRule(model, 'dangling-reference');
    expect(dangling).toHaveLength(1);
    expect(dangling[0]).toMatchObject({
      severity: 'error',
      entity: 'NEW-1',
      file: join(dir, 'bad.yaml'),
      line: 6,
      column: 5,
    });
    expect(dangling[0]!.message).toBe(
      `${kind} NEW-1: ${field} names "${missing}", which does not exist; did you mean "${near}"?`,
    );
  });

  it('a single-string reference is reported at its key', async () => {
    const { dir, model } = await load({
      'good.yaml': GOOD,
      'bad.yaml': lines('kind: risk', 'id: RISK-2', 'title: t', 'mitigated_by: NOTHING-LIKE-IT'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'dangling-reference', file: join(dir, 'bad.yaml'), line: 4, column: 1 });
    expect(d.message).toBe('risk RISK-2: mitigated_by names "NOTHING-LIKE-IT", which does not exist');
  });

  it('method naming neither a test method nor a configured level is dangling-reference', async () => {
    const { dir, model } = await load({
      'good.yaml': GOOD,
      'bad.yaml': lines('kind: requirement', 'id: REQ-3', 'title: t', 'refines: REQ-1', 'method: manual'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'dangling-reference',
      entity: 'REQ-3',
      file: join(dir, 'bad.yaml'),
      line: 5,
      column: 1,
    });
    expect(d.message).toBe(
      'requirement REQ-3: method "manual" is neither a test method id nor a configured level (unit, integration, system, validation)',
    );
  });

  it('method naming a configured level is fine, including a level from config.levels', async () => {
    const { model } = await load({
      'good.yaml': GOOD,
      'config.yaml': lines('config:', '  levels: [unit, integration, system, validation, manual]'),
      'more.yaml': lines('kind: requirement', 'id: REQ-3', 'title: t', 'refines: REQ-1', 'method: manual'),
    });
    expect(model.diagnostics).toEqual([]);
  });

  it('method naming a requirement is wrong-reference-kind', async () => {
    const { dir, model } = await load({
      'good.yaml': GOOD,
      'bad.yaml': lines('kind: requirement', 'id: REQ-3', 'title: t', 'refines: REQ-1', 'method: REQ-2'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'wrong-reference-kind',
      entity: 'REQ-3',
      file: join(dir, 'bad.yaml'),
      line: 5,
      column: 1,
    });
    expect(d.message).toBe(
      'requirement REQ-3: method names "REQ-2", which is a requirement, not a test method',
    );
  });

  it.each([
    ['requirement', 'satisfies', 'REQ-1', 'a requirement, not a user need'],
    ['requirement', 'refines', 'UN-1', 'a user need, not a requirement'],
    ['risk', 'mitigated_by', 'RISK-1', 'a risk, not a mitigation'],
    ['mitigation', 'mitigates', 'MIT-1', 'a mitigation, not a risk'],
    ['mitigation', 'implemented_by', 'TM-1', 'a test method, not a requirement'],
  ])(
    '%s.%s naming an entity of the wrong kind is wrong-reference-kind',
    async (kind, field, target, words) => {
      const { dir, model } = await load({
        'good.yaml': GOOD,
        'bad.yaml': lines(`kind: ${kind}`, 'id: NEW-1', 'title: t', `${field}: [${target}]`),
      });
      const d = onlyDiagnostic(model);
      expect(d).toMatchObject({
        rule: 'wrong-reference-kind',
        entity: 'NEW-1',
        file: join(dir, 'bad.yaml'),
        line: 4,
      });
      expect(d.column).toBe(`${field}: [`.length + 1);
      expect(d.message).toBe(`${kind} NEW-1: ${field} names "${target}", which is ${words}`);
    },
  );
});
