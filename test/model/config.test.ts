// The config blocks of a model: defaults, merging across files, rules, schema_version and id_pattern.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig, ruleSetting } from '../../tools/model/config.js';
import { CURRENT_SCHEMA_VERSION } from '../../tools/model/model.js';
import { lines, load, ofRule, onlyDiagnostic } from './temp-model.js';

describe('config defaults and merging', () => {
  it('a model without config gets every default', async () => {
    const { model } = await load({ 'model.yaml': lines('user_needs:', '  - {id: UN-1, title: t}') });
    expect(model.config).toEqual(defaultConfig());
    expect(model.configSources).toEqual({});
    expect(model.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(ruleSetting(model.config, 'need-unsatisfied')).toBe('error');
    expect(ruleSetting(model.config, 'glob-selector')).toBe('off');
  });

  it('keys from two files merge, each recording where it was set', async () => {
    const { dir, model } = await load({
      'a.yaml': lines('config:', '  default_level: unit', '  severities: [low, high]'),
      'b/rr.yaml': lines('# more config', 'config:', '  flaky: fail', '  acceptable_risk_score: null'),
    });
    expect(model.diagnostics).toEqual([]);
    expect(model.config).toEqual({
      ...defaultConfig(),
      default_level: 'unit',
      severities: ['low', 'high'],
      flaky: 'fail',
      acceptable_risk_score: null,
    });
    expect(model.configSources).toEqual({
      '': { file: join(dir, 'a.yaml'), line: 1, column: 1 },
      default_level: { file: join(dir, 'a.yaml'), line: 2, column: 3 },
      severities: { file: join(dir, 'a.yaml'), line: 3, column: 3 },
      flaky: { file: join(dir, 'b/rr.yaml'), line: 3, column: 3 },
      acceptable_risk_score: { file: join(dir, 'b/rr.yaml'), line: 4, column: 3 },
    });
  });

  it('the same key in two files is bad-config at the second, naming the first; the first value wins', async () => {
    const { dir, model } = await load({
      'a.yaml': lines('config:', '  flaky: accept'),
      'b.yaml': lines('config:', '  attribution: model', '  flaky: fail'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'bad-config',
      severity: 'error',
      file: join(dir, 'b.yaml'),
      line: 3,
      column: 3,
    });
    expect(d.message).toBe(
      `config key "flaky" is already set at ${join(dir, 'a.yaml')}:2; set it in one place only`,
    );
    expect(model.config.flaky).toBe('accept');
    expect(model.config.attribution).toBe('model');
  });

  it('custom prefixes and levels apply', async () => {
    const { model } = await load({
      'rr.yaml': lines(
        'config:',
        '  prefixes: {requirement: SRS-}',
        '  levels:',
        '    - unit',
        '    - {name: bench, ordered: false, description: on the bench}',
      ),
    });
    expect(model.diagnostics).toEqual([]);
    expect(model.config.prefixes).toEqual({ ...defaultConfig().prefixes, requirement: 'SRS-' });
    expect(model.config.levels).toEqual([
      { name: 'unit', ordered: true },
      { name: 'bench', ordered: false, description: 'on the bench' },
    ]);
  });
});

describe('config.rules', () => {
  it('accepts error, warning, off and false (the same as off)', async () => {
    const { model } = await load({
      'rr.yaml': lines(
        'config:',
        '  rules:',
        '    need-unsatisfied: false',
        '    requirement-orphan: "off"',
        '    risk-unacceptable: error',
        '    glob-selector: warning',
      ),
    });
    expect(model.diagnostics).toEqual([]);
    expect(model.config.rules).toEqual({
      'need-unsatisfied': 'off',
      'requirement-orphan': 'off',
      'risk-unacceptable': 'error',
      'glob-selector': 'warning',
    });
    expect(ruleSetting(model.config, 'need-unsatisfied')).toBe('off');
    expect(ruleSetting(model.config, 'glob-selector')).toBe('warning');
    expect(ruleSetting(model.config, 'tag-mismatch')).toBe('warning');
  });

  it('an unknown rule name is bad-config at its key, suggesting a near name', async () => {
    const { dir, model } = await load({
      'rr.yaml': lines('config:', '  rules:', '    glob-selector: warning', '    need-unsatisifed: off'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'bad-config',
      severity: 'error',
      file: join(dir, 'rr.yaml'),
      line: 4,
      column: 5,
    });
    expect(d.message).toBe(
      'config.rules: "need-unsatisifed" is not a configurable rule; did you mean "need-unsatisfied"?',
    );
    // the valid entry beside it still applies
    expect(model.config.rules).toEqual({ 'glob-selector': 'warning' });
  });

  it('a rule name far from any is bad-config pointing at the list', async () => {
    const { dir, model } = await load({
      'rr.yaml': lines('config:', '  rules:', '    no-such-rule-at-all: error'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'bad-config', file: join(dir, 'rr.yaml'), line: 3, column: 5 });
    expect(d.message).toBe(
      'config.rules: "no-such-rule-at-all" is not a configurable rule; see docs/config.md for the list',
    );
  });

  it.each(['shared-case', 'bad-target', 'attribution-conflict', 'unknown-target'])(
    'the hard error %s under rules is bad-config at its key',
    async (name) => {
      const { dir, model } = await load({ 'rr.yaml': lines('config:', '  rules:', `    ${name}: warning`) });
      const d = onlyDiagnostic(model);
      expect(d).toMatchObject({ rule: 'bad-config', file: join(dir, 'rr.yaml'), line: 3, column: 5 });
      expect(d.message).toMatch(
        new RegExp(`^config\\.rules: "${name}" is a hard error and cannot be configured`),
      );
      expect(model.config.rules).toEqual({});
    },
  );

  it('a severity that is not one of the four is invalid-field at the value', async () => {
    const { dir, model } = await load({ 'rr.yaml': lines('config:', '  rules:', '    glob-selector: loud') });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'invalid-field', file: join(dir, 'rr.yaml'), line: 3, column: 20 });
    expect(d.message).toBe(
      '"glob-selector" of "rules" of "config" must be one of "error", "warning", "off", false; got "loud"',
    );
    expect(model.config.rules).toEqual({});
  });
});

describe('schema_version', () => {
  it('1 is fine, and the default', async () => {
    const { model } = await load({ 'model.yaml': lines('schema_version: 1', 'user_needs: []') });
    expect(model.diagnostics).toEqual([]);
    expect(model.schemaVersion).toBe(1);
  });

  it('2 is unsupported-schema-version at the key', async () => {
    const { dir, model } = await load({
      'model.yaml': lines('# from the future', 'schema_version: 2', 'user_needs: []'),
    });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({
      rule: 'unsupported-schema-version',
      severity: 'error',
      file: join(dir, 'model.yaml'),
      line: 2,
      column: 1,
    });
    expect(d.message).toBe('schema_version 2 is newer than this rr reads (1); upgrade rr');
    expect(model.schemaVersion).toBe(2);
  });

  it('a string is invalid-field, not a version', async () => {
    const { dir, model } = await load({ 'model.yaml': lines('schema_version: "2"') });
    const d = onlyDiagnostic(model);
    expect(d).toMatchObject({ rule: 'invalid-field', file: join(dir, 'model.yaml'), line: 1, column: 17 });
    expect(d.message).toBe('"schema_version" must be an integer; got string "2"');
    expect(model.schemaVersion).toBe(1);
  });
});

describe('config.id_pattern', () => {
  it('with {prefix}: ids that match pass, others are bad-id at the id', async () => {
    const { dir, model } = await load({
      'rr.yaml': lines('config:', '  id_pattern: "{prefix}[0-9]{3}"', '  prefixes: {requirement: SRS-}'),
      'model.yaml': lines(
        'user_needs:', //                                     1
        '  - {id: UN-001, title: t}', //                      2
        '  - {id: UN-1, title: t}', //                        3
        'requirements:', //                                   4
        '  - {id: SRS-002, title: t, satisfies: UN-001}', //  5
        '  - {id: REQ-003, title: t, satisfies: UN-001}', //  6
      ),
    });
    const bad = ofRule(model, 'bad-id');
    expect(bad).toEqual([
      {
        rule: 'bad-id',
        severity: 'error',
        entity: 'UN-1',
        file: join(dir, 'model.yaml'),
        line: 3,
        column: 6,
        message:
          'id "UN-1" does not match config.id_pattern "{prefix}[0-9]{3}" with prefix "UN-" for a user need',
      },
      {
        rule: 'bad-id',
        severity: 'error',
        entity: 'REQ-003',
        file: join(dir, 'model.yaml'),
        line: 6,
        column: 6,
        message:
          'id "REQ-003" does not match config.id_pattern "{prefix}[0-9]{3}" with prefix "SRS-" for a requirement',
      },
    ]);
    expect(model.diagnostics).toEqual(bad);
    // a bad id is still an entity others may reference
    expect(model.byId.has('UN-1')).toBe(true);
  });

  it('without id_pattern any id is fine', async () => {
    const { model } = await load({
      'model.yaml': lines('user_needs:', '  - {id: "whatever goes #1", title: t}'),
    });
    expect(model.diagnostics).toEqual([]);
  });

  it('the whole id must match, even when the pattern has no anchors', async () => {
    const { model } = await load({
      'rr.yaml': lines('config:', '  id_pattern: "{prefix}\\\\d+"'),
      'model.yaml': lines('user_needs:', '  - {id: UN-12, title: t}', '  - {id: XUN-12x, title: t}'),
    });
    expect(ofRule(model, 'bad-id').map((d) => d.entity)).toEqual(['XUN-12x']);
  });
});
