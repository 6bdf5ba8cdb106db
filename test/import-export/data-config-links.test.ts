// The rule severities an import writes count links as the validator does (docs/verification.md, "Trace
// links"): a link to an obsolete entity covers nothing, so data that only links to obsolete entities
// gets the rule lowered to a warning, as the validator would report it.
import { describe, expect, it } from 'vitest';
import { dataConfig } from '../../tools/import/imported-model/data-config.js';
import type { ImportedEntity } from '../../tools/import/imported-model/imported-model.js';

const entity = (
  kind: ImportedEntity['kind'],
  id: string,
  fields: Record<string, unknown>,
): ImportedEntity => ({
  kind,
  id,
  fields,
  source: `docs/source.sdoc:${id}`,
});

describe('the import lowers the coverage rules its links do not meet', () => {
  it('a requirement whose only parent is obsolete is an orphan; one with a live parent is not', () => {
    const { config, reasons } = dataConfig([
      entity('user_need', 'UN-1', { title: 'old need', status: 'obsolete' }),
      entity('user_need', 'UN-2', { title: 'need' }),
      entity('requirement', 'REQ-1', { title: 'served by an obsolete need only', satisfies: ['UN-1'] }),
      entity('requirement', 'REQ-2', { title: 'served', satisfies: ['UN-2'] }),
    ]);
    expect((config.rules as Record<string, string>)['requirement-orphan']).toBe('warning');
    expect(reasons.find((r) => r.startsWith('rules.requirement-orphan'))).toContain('REQ-1');
    expect(reasons.find((r) => r.startsWith('rules.requirement-orphan'))).not.toContain('REQ-2');
  });

  it('a mitigation implemented only by an obsolete requirement is unimplemented', () => {
    const { config } = dataConfig([
      entity('user_need', 'UN-1', { title: 'need' }),
      entity('requirement', 'REQ-1', { title: 'withdrawn', satisfies: ['UN-1'], status: 'obsolete' }),
      entity('risk', 'RISK-1', { title: 'risk', mitigated_by: ['MIT-1'] }),
      entity('mitigation', 'MIT-1', { title: 'guard', implemented_by: ['REQ-1'] }),
    ]);
    expect((config.rules as Record<string, string>)['mitigation-unimplemented']).toBe('warning');
  });

  it('a model whose links all count lowers none of them', () => {
    const { config } = dataConfig([
      entity('user_need', 'UN-1', { title: 'need' }),
      entity('requirement', 'REQ-1', { title: 'guard it', satisfies: ['UN-1'] }),
      entity('risk', 'RISK-1', { title: 'risk' }),
      entity('mitigation', 'MIT-1', { title: 'guard', mitigates: ['RISK-1'], implemented_by: ['REQ-1'] }),
    ]);
    expect(config.rules).toBeUndefined();
  });
});
