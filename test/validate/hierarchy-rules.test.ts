// Requirement hierarchy rules (docs/decisions/0012-parents-of-a-requirement.md, docs/decisions/0013-refines-cycles.md).
import { describe, expect, it } from 'vitest';
import { validateYaml } from './model-fixture.js';

/**
 * A need, two top-level requirements REQ-A and REQ-B, a risk and two mitigations implemented by the
 * given requirements, plus more requirements (YAML at list-item indentation).
 */
function model(requirements: string, implemented1 = 'REQ-A', implemented2 = 'REQ-B'): string {
  return `user_needs:
  - id: UN-1
    title: n
risks:
  - id: RISK-1
    title: k
    mitigated_by: [MIT-1, MIT-2]
mitigations:
  - id: MIT-1
    title: m
    implemented_by: [${implemented1}]
  - id: MIT-2
    title: m
    implemented_by: [${implemented2}]
requirements:
  - id: REQ-A
    title: a
    satisfies: UN-1
  - id: REQ-B
    title: b
    satisfies: UN-1
${requirements.replace(/^\n/, '')}`;
}

describe('multi-parent-refines', () => {
  it('fires at the refines key of a requirement with two parents', async () => {
    const fx = await validateYaml(
      model(`
  - id: REQ-1
    title: r
    refines: [REQ-A, REQ-B]
`),
    );
    expect(fx.diagnostics).toMatchObject([
      {
        rule: 'multi-parent-refines',
        severity: 'error',
        entity: 'REQ-1',
        ...fx.at('refines: [REQ-A, REQ-B]'),
        column: 5,
      },
    ]);
  });

  it('is silent for one parent, as a string or a one-item list', async () => {
    const fx = await validateYaml(
      model(`
  - id: REQ-1
    title: r
    refines: REQ-A
  - id: REQ-2
    title: r
    refines: [REQ-B]
`),
    );
    expect(fx.diagnostics).toEqual([]);
  });
});

describe('multi-parent-implements', () => {
  it('fires for a requirement that implements a mitigation and refines a requirement', async () => {
    const fx = await validateYaml(
      model(
        `
  - id: REQ-1
    title: r
    refines: REQ-A
`,
        'REQ-1',
      ),
    );
    expect(fx.diagnostics).toMatchObject([
      {
        rule: 'multi-parent-implements',
        severity: 'error',
        entity: 'REQ-1',
        ...fx.at('id: REQ-1'),
        column: 5,
      },
    ]);
    expect(fx.diagnostics[0]!.message).toContain('(refines REQ-A, implements MIT-1)');
  });

  it('fires for a requirement that implements two mitigations', async () => {
    const fx = await validateYaml(
      model(
        `
  - id: REQ-1
    title: r
`,
        'REQ-1',
        'REQ-1',
      ),
    );
    expect(fx.diagnostics).toMatchObject([
      { rule: 'multi-parent-implements', severity: 'error', entity: 'REQ-1', ...fx.at('id: REQ-1') },
    ]);
    expect(fx.diagnostics[0]!.message).toContain('(implements MIT-1, implements MIT-2)');
  });

  it('is silent when the requirement implements one mitigation and only satisfies needs', async () => {
    const fx = await validateYaml(
      model(
        `
  - id: REQ-1
    title: r
    satisfies: UN-1
`,
        'REQ-1',
      ),
    );
    expect(fx.diagnostics).toEqual([]);
  });

  it('is silent for a requirement that only refines (multi-parent-refines covers two refines)', async () => {
    const fx = await validateYaml(
      model(`
  - id: REQ-1
    title: r
    refines: [REQ-A, REQ-B]
`),
    );
    expect(fx.rules()).toEqual(['multi-parent-refines']);
  });

  it('does not count an obsolete mitigation as a parent', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-A
          title: a
          satisfies: UN-1
        - id: REQ-1
          title: r
          refines: REQ-A
      mitigations:
        - id: MIT-1
          title: m
          status: obsolete
          implemented_by: REQ-1
    `);
    expect(fx.diagnostics).toEqual([]);
  });
});

describe('parents that are no links', () => {
  it('an obsolete parent or one that does not exist is no second parent', async () => {
    const fx = await validateYaml(
      model(`
  - id: REQ-O
    title: gone
    status: obsolete
  - id: REQ-1
    title: r
    refines: [REQ-A, REQ-O]
  - id: REQ-2
    title: r
    refines: [REQ-A, REQ-404]
`),
    );
    expect(fx.diagnostics.map((d) => `${d.rule} ${d.entity}`)).toEqual(['dangling-reference REQ-2']);
  });

  it('a cycle through an obsolete requirement is none; its live member refines nothing', async () => {
    const fx = await validateYaml(`
      requirements:
        - id: REQ-1
          title: r
          refines: REQ-2
        - id: REQ-2
          title: r
          status: obsolete
          refines: REQ-1
    `);
    expect(fx.rules()).toEqual(['requirement-orphan']);
  });
});

describe('parent-with-claims', () => {
  it('fires at verified_by of a refined requirement that claims cases', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-1
          title: parent
          satisfies: UN-1
          verified_by:
            - target: //p:t
              cases: [parent_case]
        - id: REQ-2
          title: child
          refines: REQ-1
    `);
    expect(fx.diagnostics).toMatchObject([
      {
        rule: 'parent-with-claims',
        severity: 'warning',
        entity: 'REQ-1',
        ...fx.at('verified_by:'),
        column: 5,
      },
    ]);
    expect(fx.diagnostics[0]!.message).toContain('refined by REQ-2');
  });

  it.each([
    ['the parent has no claims', 'REQ-2', 'satisfies: UN-1'],
    ['the only child is obsolete', 'REQ-1', 'status: obsolete'],
  ])('is silent when %s', async (_, claimant, childLine) => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-1
          title: parent
          satisfies: UN-1
        - id: REQ-2
          title: child
          refines: REQ-1
          ${childLine}
    `);
    expect(fx.diagnostics).toEqual([]);
    // The same model with claims on the named requirement: a claiming child is fine, as is a parent
    // whose only child is obsolete.
    const withClaims = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-1
          title: parent
          satisfies: UN-1
          ${claimant === 'REQ-1' ? 'verified_by: [{ target: //p:t, cases: [c] }]' : ''}
        - id: REQ-2
          title: child
          refines: REQ-1
          ${childLine}
          ${claimant === 'REQ-2' ? 'verified_by: [{ target: //p:t, cases: [c] }]' : ''}
    `);
    expect(withClaims.diagnostics).toEqual([]);
  });
});

describe('refines-cycle', () => {
  it('fires once for a two-requirement cycle, at the refines of the member that closes it', async () => {
    const fx = await validateYaml(`
      requirements:
        - id: REQ-1
          title: r
          refines: REQ-2
        - id: REQ-2
          title: r
          refines: REQ-1
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'refines-cycle', severity: 'error', entity: 'REQ-2', ...fx.at('refines: REQ-1'), column: 5 },
    ]);
    expect(fx.diagnostics[0]!.message).toContain('(REQ-1 → REQ-2 → REQ-1)');
  });

  it('fires for a requirement that refines itself', async () => {
    const fx = await validateYaml(`
      requirements:
        - id: REQ-1
          title: r
          refines: REQ-1
    `);
    expect(fx.diagnostics).toMatchObject([
      { rule: 'refines-cycle', entity: 'REQ-1', ...fx.at('refines: REQ-1') },
    ]);
  });

  it('is silent for a chain and a diamond-free tree', async () => {
    const fx = await validateYaml(`
      user_needs:
        - id: UN-1
          title: n
      requirements:
        - id: REQ-1
          title: r
          satisfies: UN-1
        - id: REQ-2
          title: r
          refines: REQ-1
        - id: REQ-3
          title: r
          refines: REQ-2
        - id: REQ-4
          title: r
          refines: REQ-2
    `);
    expect(fx.diagnostics).toEqual([]);
  });
});
