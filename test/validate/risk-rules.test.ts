// risk-unacceptable and the risk-scale unknown-value (docs/decisions/0016-risk-score.md).
import { describe, expect, it } from 'vitest';
import { validateYaml } from './model-fixture.js';

/** A mitigated risk with the given extra fields (YAML lines at risk-field indentation) and config. */
function riskModel(fields: string[], config: string[] = []): string {
  const configBlock = config.length > 0 ? ['config:', ...config.map((l) => `  ${l}`)] : [];
  return [
    ...configBlock,
    'risks:',
    '  - id: RISK-1',
    '    title: k',
    '    mitigated_by: MIT-1',
    ...fields.map((f) => `    ${f}`),
    'mitigations:',
    '  - id: MIT-1',
    '    title: m',
    '    implemented_by: REQ-1',
    'requirements:',
    '  - id: REQ-1',
    '    title: r',
    '',
  ].join('\n');
}

describe('risk-unacceptable and recorded acceptance', () => {
  it('is silent for a risk whose residual records its acceptance, and fires without it', async () => {
    const high = ['severity: catastrophic', 'likelihood: frequent'];
    const accepted = await validateYaml(
      riskModel([...high, 'residual: "Accepted: benefit outweighs risk, RMF-12"']),
    );
    expect(accepted.of('risk-unacceptable')).toEqual([]);
    const notAccepted = await validateYaml(riskModel([...high, 'residual: "Reduced by the monitor"']));
    expect(notAccepted.of('risk-unacceptable')).toHaveLength(1);
  });
});

describe('risk-unacceptable (default scales and threshold 6)', () => {
  // severities: negligible minor serious critical catastrophic; likelihoods: improbable remote
  // occasional probable frequent. Score = rank × rank; above 6 fires.
  it.each<[string, string[], number | undefined, string]>([
    ['serious × remote = 6 is acceptable', ['severity: serious', 'likelihood: remote'], undefined, ''],
    ['minor × occasional = 6 is acceptable', ['severity: minor', 'likelihood: occasional'], undefined, ''],
    ['critical × remote = 8', ['severity: critical', 'likelihood: remote'], 8, 'severity: critical'],
    ['serious × occasional = 9', ['severity: serious', 'likelihood: occasional'], 9, 'severity: serious'],
    [
      'residual values replace the initial ones',
      [
        'severity: catastrophic',
        'likelihood: frequent',
        'residual_severity: minor',
        'residual_likelihood: remote',
      ],
      undefined,
      '',
    ],
    [
      'residual_severity falls back to severity: catastrophic × remote = 10',
      ['severity: catastrophic', 'likelihood: frequent', 'residual_likelihood: remote'],
      10,
      'residual_likelihood: remote',
    ],
    [
      'residual_severity over likelihood: catastrophic × remote = 10',
      ['severity: negligible', 'likelihood: remote', 'residual_severity: catastrophic'],
      10,
      'residual_severity: catastrophic',
    ],
    [
      'residual_likelihood falls back to likelihood: minor × frequent = 10',
      ['severity: catastrophic', 'likelihood: frequent', 'residual_severity: minor'],
      10,
      'residual_severity: minor',
    ],
    [
      'only residual values: critical × probable = 16',
      ['residual_likelihood: probable', 'residual_severity: critical'],
      16,
      'residual_severity: critical',
    ],
    ['no likelihood at all: no score', ['severity: catastrophic'], undefined, ''],
    ['no severity at all: no score', ['likelihood: frequent'], undefined, ''],
  ])('%s', async (_, fields, score, marker) => {
    const fx = await validateYaml(riskModel(fields));
    if (score === undefined) {
      expect(fx.diagnostics).toEqual([]);
      return;
    }
    expect(fx.diagnostics).toMatchObject([
      { rule: 'risk-unacceptable', severity: 'warning', entity: 'RISK-1', ...fx.at(marker) },
    ]);
    expect(fx.diagnostics[0]!.message).toContain(`scores ${score}, above acceptable_risk_score 6`);
  });

  it('a fallback score (5 < 6) is silent: catastrophic × improbable', async () => {
    const fx = await validateYaml(riskModel(['severity: catastrophic', 'likelihood: improbable']));
    expect(fx.diagnostics).toEqual([]);
  });
});

describe('risk-unacceptable with configured scales', () => {
  const scales = ['severities: [low, high]', 'likelihoods: [rare, often, always]'];

  it('ranks come from config.severities and config.likelihoods', async () => {
    const fx = await validateYaml(
      riskModel(['severity: high', 'likelihood: always'], [...scales, 'acceptable_risk_score: 5']),
    );
    expect(fx.diagnostics).toMatchObject([
      { rule: 'risk-unacceptable', entity: 'RISK-1', ...fx.at('severity: high') },
    ]);
    expect(fx.diagnostics[0]!.message).toContain('high × always scores 6, above acceptable_risk_score 5');
  });

  it('a score equal to the threshold is acceptable', async () => {
    const fx = await validateYaml(
      riskModel(['severity: high', 'likelihood: always'], [...scales, 'acceptable_risk_score: 6']),
    );
    expect(fx.diagnostics).toEqual([]);
  });

  it('acceptable_risk_score: null turns the rule off', async () => {
    const fx = await validateYaml(
      riskModel(['severity: catastrophic', 'likelihood: frequent'], ['acceptable_risk_score: null']),
    );
    expect(fx.diagnostics).toEqual([]);
  });

  it('acceptable_risk_score: 0 flags every scored risk', async () => {
    const fx = await validateYaml(
      riskModel(['severity: negligible', 'likelihood: improbable'], ['acceptable_risk_score: 0']),
    );
    expect(fx.rules()).toEqual(['risk-unacceptable']);
  });

  it('an obsolete risk is exempt', async () => {
    const fx = await validateYaml(
      riskModel(['status: obsolete', 'severity: catastrophic', 'likelihood: frequent']),
    );
    expect(fx.diagnostics).toEqual([]);
  });
});

describe('unknown-value for risk scales', () => {
  it.each([
    ['severity', 'severity: deadly', 'severities'],
    ['likelihood', 'likelihood: sometimes', 'likelihoods'],
    ['residual_severity', 'residual_severity: Minor', 'severities'],
    ['residual_likelihood', 'residual_likelihood: never', 'likelihoods'],
  ])('fires at a %s outside the configured list', async (_, field, list) => {
    const fx = await validateYaml(riskModel([field]));
    expect(fx.diagnostics).toMatchObject([
      { rule: 'unknown-value', severity: 'error', entity: 'RISK-1', ...fx.at(field), column: 5 },
    ]);
    expect(fx.diagnostics[0]!.message).toContain(`is not in config.${list}`);
  });

  it('accepts values of configured scales and an unknown value yields no score', async () => {
    const fx = await validateYaml(
      riskModel(
        ['severity: high', 'likelihood: sometimes'],
        ['severities: [low, high]', 'acceptable_risk_score: 0'],
      ),
    );
    expect(fx.diagnostics).toMatchObject([{ rule: 'unknown-value', ...fx.at('likelihood: sometimes') }]);
  });
});
