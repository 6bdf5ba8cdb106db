// config.rules severities (docs/config.md) and unknown-field, as validateModel reports them.
import { describe, expect, it } from 'vitest';
import { claimModel } from './claim-models.js';
import { validateYaml } from './model-fixture.js';

/** A model with one unsatisfied need (error) and one whole claim without reason (warning). */
function model(rules: string[]): string {
  const config = rules.length > 0 ? ['config:', '  rules:', ...rules.map((r) => `    ${r}`)] : [];
  return `${[
    ...config,
    'user_needs:',
    '  - id: UN-1',
    '    title: n',
    '  - id: UN-2',
    '    title: unsatisfied',
    'requirements:',
    '  - id: REQ-1',
    '    title: r',
    '    satisfies: UN-1',
    '    verified_by:',
    '      - target: //p:t',
    '        whole: true',
  ].join('\n')}\n`;
}

describe('config.rules', () => {
  it('defaults: need-unsatisfied is an error, whole-target-reference a warning', async () => {
    const fx = await validateYaml(model([]));
    expect(fx.diagnostics).toMatchObject([
      { rule: 'need-unsatisfied', severity: 'error', entity: 'UN-2' },
      { rule: 'whole-target-reference', severity: 'warning', entity: 'REQ-1' },
    ]);
  });

  it.each(['off', '"off"', 'false'])('a rule set to %s disappears', async (value) => {
    const fx = await validateYaml(model([`need-unsatisfied: ${value}`, `whole-target-reference: ${value}`]));
    expect(fx.diagnostics).toEqual([]);
  });

  it('error upgrades a warning and warning downgrades an error', async () => {
    const fx = await validateYaml(model(['need-unsatisfied: warning', 'whole-target-reference: error']));
    expect(fx.diagnostics).toMatchObject([
      { rule: 'need-unsatisfied', severity: 'warning', entity: 'UN-2', ...fx.at('id: UN-2') },
      { rule: 'whole-target-reference', severity: 'error', entity: 'REQ-1', ...fx.at('target: //p:t') },
    ]);
  });

  it('a rule set to its default changes nothing', async () => {
    const fx = await validateYaml(model(['need-unsatisfied: error', 'whole-target-reference: warning']));
    expect(fx.diagnostics.map((d) => [d.rule, d.severity])).toEqual([
      ['need-unsatisfied', 'error'],
      ['whole-target-reference', 'warning'],
    ]);
  });

  it('settings of one rule leave the others alone', async () => {
    const fx = await validateYaml(model(['requirement-orphan: off']));
    expect(fx.rules()).toEqual(['need-unsatisfied', 'whole-target-reference']);
  });

  it.each([
    ['a hard error', 'shared-case: warning', 'is a hard error and cannot be configured'],
    ['a loader error', 'unknown-value: off', 'is not a configurable rule'],
    ['a misspelt rule', 'need-unsatisfed: off', 'did you mean "need-unsatisfied"?'],
  ])('naming %s under rules is bad-config', async (_, line, text) => {
    const fx = await validateYaml(model([line]));
    expect(fx.of('bad-config')).toMatchObject([{ severity: 'error', ...fx.at(line), column: 5 }]);
    expect(fx.of('bad-config')[0]!.message).toContain(text);
    // The other findings keep their default severities.
    expect(fx.rules()).toEqual(['bad-config', 'need-unsatisfied', 'whole-target-reference']);
  });

  it('a rule configured in one file applies to entities of another', async () => {
    const fx = await validateYaml({
      'rr.yaml': 'config:\n  rules:\n    need-unsatisfied: warning\n',
      'needs.yaml': 'user_needs:\n  - id: UN-1\n    title: n\n',
    });
    expect(fx.diagnostics).toMatchObject([
      { rule: 'need-unsatisfied', severity: 'warning', ...fx.at('id: UN-1', 'needs.yaml') },
    ]);
  });
});

describe('unknown-field', () => {
  it('fires at an unknown key of an entity, with a spelling hint', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
          staus: draft
      requirements:
        - id: REQ-1
          title: r
          satisfies: UN-1
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'unknown-field', severity: 'error', entity: 'UN-1', ...fx.at('staus:'), column: 5 },
    ]);
    expect(fx.diagnostics[0]!.message).toContain('unknown key "staus"; did you mean "status"?');
  });

  it.each([
    ['a top-level key', ['requirement:', '  - id: X'], 'requirement:', undefined],
    ['a config key', ['config:', '  default_levels: unit'], 'default_levels:', undefined],
    [
      'a claim item key',
      [
        'user_needs:',
        '  - id: UN-1',
        '    title: n',
        '    validated_by:',
        '      - target: //p:t',
        '        case: [a]',
      ],
      'case: [a]',
      'UN-1',
    ],
    [
      'a single-object document key',
      ['kind: user_need', 'id: UN-1', 'title: n', 'owners: me'],
      'owners:',
      'UN-1',
    ],
  ])('fires at %s', async (_, lines, marker, entity) => {
    const fx = await validateYaml(`${lines.join('\n')}\n`);
    const found = fx.of('unknown-field');
    expect(found).toMatchObject([{ severity: 'error', ...fx.at(marker) }]);
    expect(found[0]!.entity).toBe(entity);
  });

  it('can be downgraded or turned off', async () => {
    const text = (setting: string) => `
      config:
        rules: {unknown-field: ${setting}}
      user_needs:
        - id: UN-1
          title: n
          staus: draft
      requirements:
        - id: REQ-1
          title: r
          satisfies: UN-1
    `;
    expect((await validateYaml(text('warning'))).diagnostics).toMatchObject([
      { rule: 'unknown-field', severity: 'warning' },
    ]);
    expect((await validateYaml(text('off'))).diagnostics).toEqual([]);
  });

  it('is silent for every documented field', async () => {
    const fx = await validateYaml(
      claimModel([['- target: //p:t', '  cases: [a]', '  level: unit', '  reason: r']]),
    );
    expect(fx.diagnostics).toEqual([]);
  });
});
