// Schema violations become diagnostics at the offending key or value, with messages in words.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ids, lines, load, ofRule, onlyDiagnostic } from './temp-model.js';

describe('unknown keys', () => {
  it('a near miss is unknown-field at the key, suggesting the right name', async () => {
    const { dir, model } = await load({
      'model.yaml': lines(
        'user_needs:',
        '  - {id: UN-1, title: need}',
        'requirements:',
        '  - id: REQ-1',
        '    title: req',
        '    satisifes: UN-1',
      ),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'unknown-field',
      severity: 'error',
      entity: 'REQ-1',
      file: join(dir, 'model.yaml'),
      line: 6,
      column: 5,
    });
    expect(d.message).toBe('requirement REQ-1: unknown key "satisifes"; did you mean "satisfies"?');
    // the entity still loads
    expect(ids(model)).toEqual(['UN-1', 'REQ-1']);
  });

  it('a key nothing like a known one asks to remove it', async () => {
    const { dir, model } = await load({
      'need.yaml': lines('kind: user_need', 'id: UN-1', 'title: t', 'xyzzy_plugh: 1'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'unknown-field', file: join(dir, 'need.yaml'), line: 4, column: 1 });
    expect(d.message).toBe('user need UN-1: unknown key "xyzzy_plugh"; remove it or check its spelling');
  });

  it('inside a claim item, saying where', async () => {
    const { dir, model } = await load({
      'req.yaml': lines(
        'kind: requirement',
        'id: REQ-1',
        'title: t',
        'verified_by:',
        '  - target: //pump:test',
        '    cases: [A/b]',
        '    lvl: unit',
      ),
    });
    const d = ofRule(model, 'unknown-field');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ file: join(dir, 'req.yaml'), line: 7, column: 5 });
    expect(d[0]!.message).toBe(
      'requirement REQ-1: unknown key "lvl" in item 1 of "verified_by"; did you mean "level"?',
    );
  });

  it('at the top of a sections document', async () => {
    const { dir, model } = await load({ 'model.yaml': lines('user_needs: []', 'requirments: []') });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'unknown-field', file: join(dir, 'model.yaml'), line: 2, column: 1 });
    expect(d.message).toBe('unknown key "requirments"; did you mean "requirements"?');
  });
});

describe('wrong values', () => {
  it('a value outside an enum is invalid-field at the value, listing the allowed values', async () => {
    const { dir, model } = await load({
      'model.yaml': lines('requirements:', '  - id: REQ-1', '    title: req', '    status: done'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'invalid-field',
      entity: 'REQ-1',
      file: join(dir, 'model.yaml'),
      line: 4,
      column: 13,
    });
    expect(d.message).toBe(
      'requirement REQ-1: "status" must be one of "draft", "proposed", "approved", "implemented", "obsolete"; got "done"',
    );
  });

  it('a mitigation type outside its enum', async () => {
    const { dir, model } = await load({
      'mit.yaml': lines('kind: mitigation', 'id: MIT-1', 'title: t', 'type: passive'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'invalid-field', file: join(dir, 'mit.yaml'), line: 4, column: 7 });
    expect(d.message).toMatch(
      /"type" must be one of "inherent", "protective", "information"; got "passive"$/,
    );
  });

  it.each([
    ['owner: 3', 4, 12, '"owner" must be a string; got number 3'],
    ['verified_by: //pump:test', 4, 18, '"verified_by" must be a list; got string "//pump:test"'],
    ['notes: {text: n}', 4, 12, '"notes" must be a list; got a mapping'],
    ['title: [a, b]', 3, 12, '"title" must be a string; got a list'],
  ])('a value of the wrong type (%s) is invalid-field at the value', async (field, line, column, message) => {
    const title = field.startsWith('title:') ? [] : ['    title: req'];
    const { dir, model } = await load({
      'model.yaml': lines('requirements:', '  - id: REQ-1', ...title, `    ${field}`),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'invalid-field',
      entity: 'REQ-1',
      file: join(dir, 'model.yaml'),
      line,
      column,
    });
    expect(d.message).toBe(`requirement REQ-1: ${message}`);
  });

  it('a non-string id is invalid-field and the entity is left out', async () => {
    const { dir, model } = await load({ 'model.yaml': lines('user_needs:', '  - id: 42', '    title: t') });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'invalid-field', file: join(dir, 'model.yaml'), line: 2, column: 9 });
    expect(d.message).toBe('"id" must be a string; got number 42');
    expect(model.entities).toEqual([]);
  });
});

describe('missing required keys', () => {
  it('a sections entity without title, naming the entity', async () => {
    const { dir, model } = await load({
      'model.yaml': lines('requirements:', '  - id: REQ-1', '    owner: me'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'invalid-field',
      entity: 'REQ-1',
      file: join(dir, 'model.yaml'),
      line: 2,
      column: 5,
    });
    expect(d.message).toBe('requirement REQ-1: the entity is missing required key "title"');
  });

  it('a sections entity without id, which is then left out', async () => {
    const { dir, model } = await load({
      'model.yaml': lines('requirements:', '  - id: REQ-1', '    title: t', '  - title: no id'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'invalid-field', file: join(dir, 'model.yaml'), line: 4, column: 5 });
    expect(d.message).toBe('the entity is missing required key "id"');
    expect(ids(model)).toEqual(['REQ-1']);
  });

  it('a single-object document without id', async () => {
    const { dir, model } = await load({ 'req.yaml': lines('# no id', 'kind: requirement', 'title: t') });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'invalid-field', file: join(dir, 'req.yaml'), line: 2, column: 1 });
    expect(d.message).toBe('the document is missing required key "id"');
    expect(model.entities).toEqual([]);
  });

  it('a single-object document without title', async () => {
    const { dir, model } = await load({ 'req.yaml': lines('kind: requirement', 'id: REQ-1') });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'invalid-field',
      entity: 'REQ-1',
      file: join(dir, 'req.yaml'),
      line: 1,
      column: 1,
    });
    expect(d.message).toBe('requirement REQ-1: the document is missing required key "title"');
  });

  it('a single-object document with an unknown kind', async () => {
    const { dir, model } = await load({ 'x.yaml': lines('kind: requirment', 'id: X-1', 'title: t') });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'invalid-field', file: join(dir, 'x.yaml'), line: 1, column: 7 });
    expect(d.message).toBe(
      '"kind" must be one of "user_need", "requirement", "risk", "mitigation", "test_method"; got "requirment"',
    );
    expect(model.entities).toEqual([]);
  });
});

describe('the two forms', () => {
  it('kind inside a sections entity is unknown-field, without a misleading spelling hint', async () => {
    const { dir, model } = await load({
      'model.yaml': lines('requirements:', '  - id: REQ-1', '    kind: requirement', '    title: t'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'unknown-field',
      entity: 'REQ-1',
      file: join(dir, 'model.yaml'),
      line: 3,
      column: 5,
    });
    expect(d.message).toBe('requirement REQ-1: unknown key "kind"; it is not allowed here, remove it');
  });

  it('kind at the top of a document makes it a single-object document, so sections are unknown', async () => {
    const { dir, model } = await load({
      'model.yaml': lines('kind: requirement', 'requirements:', '  - {id: REQ-1, title: t}'),
    });
    const unknown = ofRule(model, 'unknown-field');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ file: join(dir, 'model.yaml'), line: 2, column: 1 });
    expect(unknown[0]!.message).toMatch(/unknown key "requirements"/);
    expect(ofRule(model, 'invalid-field')[0]!.message).toMatch(/missing required key "id"/);
    expect(model.entities).toEqual([]);
  });

  it.each(['risk', 'mitigation', 'test_method'])(
    'rationale in a single-object %s is unknown-field',
    async (kind) => {
      const { dir, model } = await load({
        'one.yaml': lines(`kind: ${kind}`, 'id: X-1', 'title: t', 'rationale: because'),
      });
      const d = onlyDiagnostic(model);
      expect(d).toMatchObject({
        rule: 'unknown-field',
        entity: 'X-1',
        file: join(dir, 'one.yaml'),
        line: 4,
        column: 1,
      });
      expect(d.message).toMatch(/unknown key "rationale"; it is not allowed here, remove it$/);
    },
  );

  it('rationale is accepted on every kind in a sections document and on single user needs and requirements', async () => {
    const { model } = await load({
      'model.yaml': lines(
        'risks:',
        '  - {id: RISK-1, title: t, rationale: r, residual: accepted}',
        'mitigations:',
        '  - {id: MIT-1, title: t, rationale: r}',
        'test_methods:',
        '  - {id: TM-1, title: t, rationale: r}',
      ),
      'need.yaml': lines('kind: user_need', 'id: UN-1', 'title: t', 'rationale: r'),
      'req.yaml': lines('kind: requirement', 'id: REQ-1', 'title: t', 'rationale: r'),
    });
    expect(model.diagnostics).toEqual([]);
    expect(model.byId.get('RISK-1')?.data.rationale).toBe('r');
  });

  it.each([
    ['a list', lines('- id: REQ-1', '  title: t'), 'a list'],
    ['a string', 'just some words\n', 'a string'],
    ['explicit null', '~\n', 'null'],
  ])('a document that is %s is invalid-field', async (_what, text, got) => {
    const { dir, model } = await load({ 'list.yaml': text });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'invalid-field', file: join(dir, 'list.yaml'), line: 1, column: 1 });
    expect(d.message).toBe(
      `a model document must be a mapping (a sections document or one entity with "kind"), got ${got}`,
    );
    expect(model.entities).toEqual([]);
    expect(model.unreadable).toBe(false);
  });
});

describe('labels in config', () => {
  it('a bad label in config.variants is bad-target at the label', async () => {
    const { dir, model } = await load({
      'rr.yaml': lines('config:', '  variants:', '    - [//pump:a_test, "//pump:b test"]'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'bad-target',
      severity: 'error',
      file: join(dir, 'rr.yaml'),
      line: 3,
      column: 23,
    });
    expect(d.message).toMatch(/^label "\/\/pump:b test": .*whitespace/);
    expect(d.message).toMatch(/write \/\/package:name, suite:NAME or record:STEM$/);
  });

  it('good labels in config.variants load', async () => {
    const { model } = await load({
      'rr.yaml': lines(
        'config:',
        '  variants:',
        '    - ["//pump:a_test", "@rr//pump:a_test_asan", suite:Pump]',
      ),
    });
    expect(model.diagnostics).toEqual([]);
    expect(model.config.variants).toEqual([['//pump:a_test', '@rr//pump:a_test_asan', 'suite:Pump']]);
  });
});

describe('kind next to entity sections', () => {
  it('names the stray kind as the cause', async () => {
    const { dir, model } = await load({
      'model.yaml': lines('kind: requirement', 'requirements:', '  - {id: REQ-1, title: t}'),
    });
    const d = model.diagnostics.find((x) => x.message.includes('both "kind" and entity sections'));
    expect(d).toMatchObject({ rule: 'invalid-field', file: join(dir, 'model.yaml'), line: 1, column: 1 });
  });
});
