// Levels named by claims, test methods and config keys must be configured levels.
import { describe, expect, it } from 'vitest';
import { claimModel } from './claim-models.js';
import { validateYaml } from './model-fixture.js';

describe('unknown-value for levels', () => {
  it.each([
    ['a per-case claim', ['- target: //p:t', '  cases: [a]', '  level: unitt']],
    ['a whole-target claim', ['- target: //p:t', '  whole: true', '  reason: r', '  level: unitt']],
  ])('fires at the level of %s outside config.levels', async (_, lines) => {
    const fx = await validateYaml(claimModel([lines]));
    expect(fx.diagnostics).toMatchObject([
      { rule: 'unknown-value', severity: 'error', entity: 'REQ-1', ...fx.at('level: unitt'), column: 9 },
    ]);
    expect(fx.diagnostics[0]!.message).toBe(
      'requirement REQ-1: level "unitt" is not a configured level (unit, integration, system, validation)',
    );
  });

  it('fires at the level of a deprecated target object', async () => {
    const fx = await validateYaml(claimModel([['- target: //p:t', '  level: unitt']]));
    expect(fx.rules()).toEqual(['bare-target-reference', 'unknown-value']);
    expect(fx.of('unknown-value')).toMatchObject([{ entity: 'REQ-1', ...fx.at('level: unitt') }]);
  });

  it('fires at the level of a test method outside config.levels', async () => {
    const fx = await validateYaml(`
      test_methods:
        - id: TM-1
          title: bench
          level: bench
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'unknown-value', severity: 'error', entity: 'TM-1', ...fx.at('level: bench'), column: 5 },
    ]);
    expect(fx.diagnostics[0]!.message).toContain('test method TM-1: level "bench"');
  });

  it('uses the configured levels, not the defaults', async () => {
    const fx = await validateYaml(`
      config:
        levels: [component, { name: bench, ordered: false }]
        default_level: component
        default_provided_level: component
        autonomous_max_level: component
        pyramid_min_level: component
        pyramid_cheap_levels: [component]
      test_methods:
        - id: TM-1
          title: bench
          level: bench
        - id: TM-2
          title: unit
          level: unit
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-1
          title: r
          satisfies: UN-1
          verified_by:
            - target: //p:t
              cases: [a]
              level: component
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'unknown-value', entity: 'TM-2', ...fx.at('level: unit') },
    ]);
    expect(fx.diagnostics[0]!.message).toContain('(component, bench)');
  });

  it('is silent for configured levels and for claims without a level', async () => {
    const fx = await validateYaml(`
      test_methods:
        - id: TM-1
          title: t
          level: integration
      user_needs:
        - id: UN-1
          title: n
          validated_by:
            - target: record:study
              cases: [a]
              level: validation
      requirements:
        - id: REQ-1
          title: r
          satisfies: UN-1
          method: TM-1
          verified_by:
            - target: //p:t
              cases: [a]
    `);
    expect(fx.diagnostics).toEqual([]);
  });
});

describe('bad-config for level keys', () => {
  it('fires at config.default_level naming an unknown level', async () => {
    const fx = await validateYaml(`
      config:
        default_level: sytem
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'bad-config', severity: 'error', ...fx.at('default_level:'), column: 3 },
    ]);
    expect(fx.diagnostics[0]!.message).toBe(
      'config.default_level: "sytem" is not one of config.levels (unit, integration, system, validation)',
    );
    expect(fx.diagnostics[0]!.entity).toBeUndefined();
  });

  it.each([
    ['default_provided_level', 'default_provided_level: smoke'],
    ['autonomous_max_level', 'autonomous_max_level: smoke'],
    ['pyramid_min_level', 'pyramid_min_level: smoke'],
    ['pyramid_cheap_levels', 'pyramid_cheap_levels: [unit, smoke]'],
  ])('fires at config.%s naming an unknown level', async (key, line) => {
    const fx = await validateYaml(`
      config:
        ${line}
    `);
    expect(fx.diagnostics).toMatchObject([{ rule: 'bad-config', ...fx.at(line) }]);
    expect(fx.diagnostics[0]!.message).toContain(`config.${key}: "smoke"`);
  });

  it('is silent when the level keys name configured levels', async () => {
    const fx = await validateYaml(`
      config:
        levels: [unit, system]
        default_level: system
        default_provided_level: unit
        autonomous_max_level: unit
        pyramid_min_level: unit
        pyramid_cheap_levels: [unit]
    `);
    expect(fx.diagnostics).toEqual([]);
  });

  it('does not blame the user for defaults that name levels they removed', async () => {
    const fx = await validateYaml(`
      config:
        levels: [component]
    `);
    expect(fx.diagnostics).toEqual([]);
  });
});
