// The two document forms, several documents per file and per model, and empty files.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ids, lines, load } from './temp-model.js';

describe('sections documents', () => {
  it('load every section with its kind, in section order within the file', async () => {
    const { dir, model } = await load({
      'model.yaml': lines(
        'schema_version: 1',
        'project: {name: pump}',
        'meta: {owner: team}',
        'user_needs:',
        '  - {id: UN-1, title: need}',
        'requirements:',
        '  - {id: REQ-1, title: req, satisfies: UN-1}',
        'risks:',
        '  - {id: RISK-1, title: risk, mitigated_by: MIT-1}',
        'mitigations:',
        '  - {id: MIT-1, title: mit, mitigates: RISK-1, implemented_by: REQ-1}',
        'test_methods:',
        '  - {id: TM-1, title: method, level: unit}',
      ),
    });
    expect(model.diagnostics).toEqual([]);
    expect(model.entities.map((e) => [e.id, e.kind, e.form, e.file])).toEqual([
      ['UN-1', 'user_need', 'sections', join(dir, 'model.yaml')],
      ['REQ-1', 'requirement', 'sections', join(dir, 'model.yaml')],
      ['RISK-1', 'risk', 'sections', join(dir, 'model.yaml')],
      ['MIT-1', 'mitigation', 'sections', join(dir, 'model.yaml')],
      ['TM-1', 'test_method', 'sections', join(dir, 'model.yaml')],
    ]);
    expect(model.byId.get('REQ-1')?.data).toEqual({ id: 'REQ-1', title: 'req', satisfies: 'UN-1' });
    expect(model.project).toEqual({ name: 'pump' });
    expect(model.meta).toEqual({ owner: 'team' });
    expect(model.schemaVersion).toBe(1);
  });

  it('merge across files: sections, config keys, project and meta', async () => {
    const { model } = await load({
      'a.yaml': lines(
        'config: {default_level: unit}',
        'project: {name: pump, version: 1}',
        'user_needs:',
        '  - {id: UN-1, title: need}',
      ),
      'b.yaml': lines(
        'config: {flaky: fail}',
        'project: {version: 2}',
        'meta: {reviewed: true}',
        'user_needs:',
        '  - {id: UN-2, title: need}',
        'requirements:',
        '  - {id: REQ-1, title: req, satisfies: [UN-1, UN-2]}',
      ),
    });
    expect(model.diagnostics).toEqual([]);
    expect(ids(model)).toEqual(['UN-1', 'UN-2', 'REQ-1']);
    expect(model.config.default_level).toBe('unit');
    expect(model.config.flaky).toBe('fail');
    // project and meta merge key by key, the later file winning
    expect(model.project).toEqual({ name: 'pump', version: 2 });
    expect(model.meta).toEqual({ reviewed: true });
  });
});

describe('single-object documents', () => {
  it.each([
    ['user_need', 'UN-1', ['rationale: why']],
    ['requirement', 'REQ-1', ['rationale: why', 'category: safety', 'method: unit']],
    ['risk', 'RISK-1', ['hazard: h', 'severity: minor', 'likelihood: remote', 'residual: accepted']],
    ['mitigation', 'MIT-1', ['type: protective']],
    ['test_method', 'TM-1', ['level: unit', 'procedure: run it']],
  ])('load a %s from its own file, without kind in its data', async (kind, id, extra) => {
    const { dir, model } = await load({
      'entity.yaml': lines(`kind: ${kind}`, `id: ${id}`, 'title: the title', ...extra),
    });
    expect(model.diagnostics).toEqual([]);
    expect(model.entities).toHaveLength(1);
    const entity = model.entities[0]!;
    expect(entity).toMatchObject({ kind, id, form: 'single', file: join(dir, 'entity.yaml') });
    expect(entity.data).not.toHaveProperty('kind');
    expect(entity.data.title).toBe('the title');
    expect(Object.keys(entity.data)).toHaveLength(2 + extra.length);
  });

  it('keep the other keys in their order, a __proto__ key as a field, never as a prototype', async () => {
    const { model } = await load({
      'entity.yaml': lines(
        'id: REQ-1',
        'kind: requirement',
        'title: the title',
        '__proto__:',
        '  polluted: yes',
        'method: unit',
      ),
    });
    const data = model.entities[0]!.data;
    expect(Object.keys(data)).toEqual(['id', 'title', '__proto__', 'method']);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect((data as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('load from JSON too, and mix with sections documents in one model', async () => {
    const { model } = await load({
      'need.json': '{"kind": "user_need", "id": "UN-1", "title": "need"}\n',
      'reqs.yaml': lines('requirements:', '  - {id: REQ-1, title: req, satisfies: UN-1}'),
    });
    expect(model.diagnostics).toEqual([]);
    expect(model.entities.map((e) => [e.id, e.form])).toEqual([
      ['UN-1', 'single'],
      ['REQ-1', 'sections'],
    ]);
  });
});

describe('several YAML documents in one file', () => {
  it('load each document; project metadata in one, entities in others', async () => {
    const { model } = await load({
      'all.yaml': lines(
        'project: {name: pump}',
        'config: {default_level: integration}',
        '---',
        'kind: user_need',
        'id: UN-1',
        'title: need',
        '---',
        'kind: requirement',
        'id: REQ-1',
        'title: req',
        'satisfies: UN-1',
        '---',
        'requirements:',
        '  - {id: REQ-2, title: req, satisfies: UN-1}',
      ),
    });
    expect(model.diagnostics).toEqual([]);
    expect(ids(model)).toEqual(['UN-1', 'REQ-1', 'REQ-2']);
    expect(model.project).toEqual({ name: 'pump' });
    expect(model.config.default_level).toBe('integration');
    expect(model.byId.get('REQ-1')?.positions['']).toEqual([8, 1]);
  });

  it('ignore empty and comment-only documents, including a trailing ---', async () => {
    const { model } = await load({
      'docs.yaml': lines(
        '---',
        '# leading comment-only document',
        '---',
        'kind: user_need',
        'id: UN-1',
        'title: need',
        '---',
        '---',
        '# nothing here',
        '--- # nor here',
        'kind: user_need',
        'id: UN-2',
        'title: need',
        '---',
      ),
    });
    expect(model.diagnostics).toEqual([]);
    expect(ids(model)).toEqual(['UN-1', 'UN-2']);
  });
});

describe('empty files', () => {
  it.each([
    ['an empty file', ''],
    ['a comment-only file', '# to be written\n# later\n'],
    ['a lone document marker', '---\n'],
    ['blank lines', '\n\n  \n'],
  ])('%s loads with no error and no entities', async (_what, text) => {
    const { dir, model } = await load({ 'empty.yaml': text });
    expect(model.diagnostics).toEqual([]);
    expect(model.unreadable).toBe(false);
    expect(model.entities).toEqual([]);
    expect(model.files).toEqual([join(dir, 'empty.yaml')]);
  });
});
