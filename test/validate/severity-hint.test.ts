// Messages of configurable rules say how to change the rule's severity (docs/diagnostics.md, "Rule
// severities"), once, in `rr validate` and in the report's analysis alike; other rules say nothing of it.
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../tools/model/load-model.js';
import { analyze } from '../../tools/verify/analyze.js';
import { rr } from '../cli/run-cli.js';
import { validateYaml } from './model-fixture.js';

const TWO_PARENTS = [
  'requirements:',
  '  - id: REQ-1',
  '    title: a',
  '    satisfies: UN-1',
  '  - id: REQ-2',
  '    title: b',
  '    satisfies: UN-1',
  '  - id: REQ-3',
  '    title: child of two',
  '    refines: [REQ-1, REQ-2]',
  'user_needs:',
  '  - id: UN-1',
  '    title: n',
  '',
].join('\n');

describe('the config.rules hint', () => {
  it('an error suggests warning, naming the rule', async () => {
    const fx = await validateYaml(TWO_PARENTS);
    const [d] = fx.of('multi-parent-refines');
    expect(d!.severity).toBe('error');
    expect(d!.message).toBe(
      'requirement REQ-3 refines 2 parents (REQ-1, REQ-2); refines must form a tree, keep one parent' +
        ' (rule multi-parent-refines; set its severity under config.rules: `multi-parent-refines: warning`)',
    );
  });

  it('a rule configured as a warning suggests off', async () => {
    const fx = await validateYaml(`config:\n  rules:\n    multi-parent-refines: warning\n${TWO_PARENTS}`);
    const [d] = fx.of('multi-parent-refines');
    expect(d!.severity).toBe('warning');
    expect(d!.message).toMatch(
      / \(rule multi-parent-refines; set its severity under config\.rules: `multi-parent-refines: off`\)$/,
    );
  });

  it('hard and loader errors carry no hint: they cannot be configured', async () => {
    const fx = await validateYaml(
      TWO_PARENTS.replace('user_needs:', '  - id: REQ-4\n    title: d\n    refines: REQ-9\nuser_needs:'),
    );
    const [dangling] = fx.of('dangling-reference');
    expect(dangling!.message).not.toContain('config.rules');
  });

  it('the report’s analysis carries the hint once', async () => {
    const fx = await validateYaml(TWO_PARENTS);
    const analysis = analyze({ model: await loadModel(fx.dir) });
    const messages = analysis.diagnostics
      .filter((d) => d.rule === 'multi-parent-refines')
      .map((d) => d.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.match(/set its severity under config\.rules/g)).toHaveLength(1);
  });

  it('rr validate prints it on the diagnostic line', async () => {
    const fx = await validateYaml(TWO_PARENTS);
    const run = await rr(['validate', fx.dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /model\.yaml:\d+:\d+: error multi-parent-refines: .* \(rule multi-parent-refines; set its severity under config\.rules: `multi-parent-refines: warning`\)\n/,
    );
  });
});
