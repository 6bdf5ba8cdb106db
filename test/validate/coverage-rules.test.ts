// Coverage rules (docs/diagnostics.md; docs/decisions/0014-obsolete-entities.md,
// docs/decisions/0015-links-count-from-either-side.md).
import { describe, expect, it } from 'vitest';
import { validateYaml } from './model-fixture.js';

describe('need-unsatisfied', () => {
  it('fires at a user need that no requirement satisfies', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'need-unsatisfied', severity: 'error', entity: 'UN-1', ...fx.at('id: UN-1'), column: 5 },
    ]);
  });

  it('is silent when a requirement satisfies the need (string or list)', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
        - id: UN-2
          title: n
      requirements:
        - id: REQ-1
          title: r
          satisfies: UN-1
        - id: REQ-2
          title: r
          satisfies: [UN-1, UN-2]
    `);
    expect(fx.diagnostics).toEqual([]);
  });

  it('does not count a requirement that only refines or claims', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
          validated_by:
            - target: //v:t
              cases: [c]
        - id: UN-2
          title: n
      requirements:
        - id: REQ-1
          title: r
          satisfies: UN-2
        - id: REQ-2
          title: r
          refines: REQ-1
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'need-unsatisfied', entity: 'UN-1', ...fx.at('id: UN-1') },
    ]);
  });
});

describe('requirement-orphan', () => {
  it('fires at a requirement with no satisfies, refines or implementing mitigation', async () => {
    const fx = await validateYaml(`
      requirements:
        - id: REQ-1
          title: r
          method: unit
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'requirement-orphan', severity: 'error', entity: 'REQ-1', ...fx.at('id: REQ-1') },
    ]);
  });

  it.each([
    ['satisfies', 'satisfies: UN-1'],
    ['refines', 'refines: REQ-0'],
  ])('is silent for a requirement linked by %s', async (_, link) => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-0
          title: parent
          satisfies: UN-1
        - id: REQ-1
          title: r
          ${link}
    `);
    expect(fx.diagnostics).toEqual([]);
  });

  it("is silent for a requirement that a mitigation's implemented_by lists", async () => {
    const fx = await validateYaml(`
      risks:
        - id: RISK-1
          title: k
          mitigated_by: MIT-1
      mitigations:
        - id: MIT-1
          title: m
          implemented_by: [REQ-1]
      requirements:
        - id: REQ-1
          title: r
    `);
    expect(fx.diagnostics).toEqual([]);
  });
});

describe('risk-unmitigated', () => {
  it('fires at a risk with no mitigation and no acceptance', async () => {
    const fx = await validateYaml(`
      risks:
        - id: RISK-1
          title: k
          residual: reduced to a minimum
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'risk-unmitigated', severity: 'error', entity: 'RISK-1', ...fx.at('id: RISK-1') },
    ]);
  });

  // Both link directions count, and so does a recorded acceptance.
  it.each([
    ['risk.mitigated_by', 'mitigated_by: MIT-1', ''],
    ['risk.mitigated_by as a list', 'mitigated_by: [MIT-1]', ''],
    ['mitigation.mitigates', '', 'mitigates: RISK-1'],
    ['mitigation.mitigates as a list', '', 'mitigates: [RISK-1]'],
  ])('is silent for a risk linked by %s', async (_, riskLink, mitigationLink) => {
    const fx = await validateYaml(`
      risks:
        - id: RISK-1
          title: k
          ${riskLink}
      mitigations:
        - id: MIT-1
          title: m
          ${mitigationLink}
          implemented_by: REQ-1
      requirements:
        - id: REQ-1
          title: r
    `);
    expect(fx.diagnostics).toEqual([]);
  });

  it.each(['"Accepted: benefit outweighs the risk, see RMF-12"', 'accepted', '"  ACCEPTED by the board"'])(
    'is silent for a risk whose residual records acceptance: %s',
    async (residual) => {
      const fx = await validateYaml(`
        risks:
          - id: RISK-1
            title: k
            residual: ${residual}
      `);
      expect(fx.diagnostics).toEqual([]);
    },
  );

  it.each(['"Not accepted"', '"acceptedly low"', '"Acceptance pending"'])(
    'still fires when residual only mentions acceptance: %s',
    async (residual) => {
      const fx = await validateYaml(`
        risks:
          - id: RISK-1
            title: k
            residual: ${residual}
      `);
      expect(fx.rules()).toEqual(['risk-unmitigated']);
    },
  );

  it('does not count a mitigation link that names another risk', async () => {
    const fx = await validateYaml(`
      risks:
        - id: RISK-1
          title: k
        - id: RISK-2
          title: k
      mitigations:
        - id: MIT-1
          title: m
          mitigates: RISK-2
          implemented_by: REQ-1
      requirements:
        - id: REQ-1
          title: r
    `);
    expect(fx.diagnostics).toMatchObject([{ rule: 'risk-unmitigated', entity: 'RISK-1' }]);
  });
});

describe('mitigation-unimplemented', () => {
  it('fires at a mitigation with no implemented_by', async () => {
    const fx = await validateYaml(`
      risks:
        - id: RISK-1
          title: k
      mitigations:
        - id: MIT-1
          title: m
          mitigates: RISK-1
          implemented_by: []
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'mitigation-unimplemented', severity: 'error', entity: 'MIT-1', ...fx.at('id: MIT-1') },
    ]);
  });

  it('is silent when implemented_by names a requirement', async () => {
    const fx = await validateYaml(`
      risks:
        - id: RISK-1
          title: k
      mitigations:
        - id: MIT-1
          title: m
          mitigates: RISK-1
          implemented_by: REQ-1
      requirements:
        - id: REQ-1
          title: r
    `);
    expect(fx.diagnostics).toEqual([]);
  });
});

describe('a field naming nothing of the right kind', () => {
  it('is its reference error only: the entity is not reported as unlinked as well', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-1
          title: r
          satisfies: UN-1
        - id: REQ-2
          title: satisfies a need that does not exist
          satisfies: UN-404
      risks:
        - id: RISK-1
          title: mitigated by a requirement
          mitigated_by: REQ-1
      mitigations:
        - id: MIT-1
          title: implemented by a need
          mitigates: RISK-9
          implemented_by: UN-1
    `);
    expect(fx.diagnostics.map((d) => `${d.rule} ${d.entity}`)).toEqual([
      'dangling-reference REQ-2',
      'wrong-reference-kind RISK-1',
      'dangling-reference MIT-1',
      'wrong-reference-kind MIT-1',
    ]);
  });
});

describe('obsolete entities', () => {
  it('are exempt from every coverage rule', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
          status: obsolete
      requirements:
        - id: REQ-1
          title: r
          status: obsolete
      risks:
        - id: RISK-1
          title: k
          status: obsolete
          severity: catastrophic
          likelihood: frequent
      mitigations:
        - id: MIT-1
          title: m
          status: obsolete
    `);
    expect(fx.diagnostics).toEqual([]);
  });

  it('do not satisfy a need', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-1
          title: r
          status: obsolete
          satisfies: UN-1
    `);
    expect(fx.diagnostics).toMatchObject([{ rule: 'need-unsatisfied', entity: 'UN-1' }]);
  });

  it('do not mitigate a risk from either side', async () => {
    const fx = await validateYaml(`
      risks:
        - id: RISK-1
          title: k
          mitigated_by: MIT-1
        - id: RISK-2
          title: k
      mitigations:
        - id: MIT-1
          title: m
          status: obsolete
        - id: MIT-2
          title: m
          status: obsolete
          mitigates: RISK-2
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'risk-unmitigated', entity: 'RISK-1' },
      { rule: 'risk-unmitigated', entity: 'RISK-2' },
    ]);
  });

  it('do not implement a mitigation', async () => {
    const fx = await validateYaml(`
      risks:
        - id: RISK-1
          title: k
          mitigated_by: MIT-1
      mitigations:
        - id: MIT-1
          title: m
          implemented_by: [REQ-1]
      requirements:
        - id: REQ-1
          title: r
          status: obsolete
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'mitigation-unimplemented', entity: 'MIT-1', ...fx.at('id: MIT-1') },
    ]);
  });

  it('do not anchor a requirement: obsolete need, parent or mitigation', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
          status: obsolete
      requirements:
        - id: REQ-0
          title: parent
          status: obsolete
        - id: REQ-1
          title: satisfies an obsolete need
          satisfies: UN-1
        - id: REQ-2
          title: refines an obsolete parent
          refines: REQ-0
        - id: REQ-3
          title: implements an obsolete mitigation
      mitigations:
        - id: MIT-1
          title: m
          status: obsolete
          implemented_by: REQ-3
    `);
    expect(fx.diagnostics).toMatchObject(
      ['REQ-1', 'REQ-2', 'REQ-3'].map((id) => ({
        rule: 'requirement-orphan',
        entity: id,
        ...fx.at(`id: ${id}`),
      })),
    );
  });

  it('one live link among obsolete ones is enough', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
          status: obsolete
        - id: UN-2
          title: n
      requirements:
        - id: REQ-1
          title: r
          satisfies: [UN-1, UN-2]
        - id: REQ-2
          title: r
          status: obsolete
      risks:
        - id: RISK-1
          title: k
          mitigated_by: MIT-1
      mitigations:
        - id: MIT-1
          title: m
          implemented_by: [REQ-2, REQ-1]
    `);
    expect(fx.diagnostics).toEqual([]);
  });
});
