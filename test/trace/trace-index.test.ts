// The one trace index (docs/verification.md, "Trace links"): links named from either side, one per
// link, pointing from the specific entity to what it serves; links to nothing or to the wrong kind are
// no links; obsolete entities keep their links for showing, and count for nothing.
import { describe, expect, it } from 'vitest';
import type { Entity } from '../../tools/model/entity.js';
import { traceIndex, type TraceLink } from '../../tools/trace/trace-index.js';
import { loadYaml, req, type ModelDoc } from '../verify/verify-fixture.js';

/** The index of a model document. */
async function indexOf(doc: ModelDoc) {
  return traceIndex(await loadYaml(doc));
}

const ids = (entities: readonly Entity[]) => entities.map((e) => e.id);
const named = (links: readonly TraceLink[]) =>
  links.map((l) => `${l.from.id} ${l.relation} ${l.to.id}${l.live ? '' : ' (obsolete)'}`);

describe('links', () => {
  it('come from either side, once each, from the specific entity to what it serves', async () => {
    const trace = await indexOf({
      requirements: [req('REQ-1'), req('REQ-2', [], { satisfies: undefined, refines: 'REQ-1' })],
      mitigations: [{ id: 'MIT-1', title: 'm', mitigates: 'RISK-1', implemented_by: 'REQ-2' }],
      risks: [{ id: 'RISK-1', title: 'r', mitigated_by: ['MIT-1', 'MIT-2'] }],
    });
    expect(named(trace.links)).toEqual([
      'REQ-1 satisfies UN-1',
      'REQ-2 refines REQ-1',
      // MIT-1 and RISK-1 name each other: one link
      'MIT-1 mitigates RISK-1',
      'REQ-2 implements MIT-1',
    ]);
    expect(named(trace.outgoing('REQ-2'))).toEqual(['REQ-2 refines REQ-1', 'REQ-2 implements MIT-1']);
    expect(named(trace.incoming('RISK-1'))).toEqual(['MIT-1 mitigates RISK-1']);
  });

  it('a link to an unknown id or to the wrong kind is none; the field is marked broken', async () => {
    const trace = await indexOf({
      requirements: [
        req('REQ-1', [], { satisfies: ['UN-1', 'UN-404'] }),
        req('REQ-2', [], { refines: 'UN-1' }),
      ],
      risks: [{ id: 'RISK-1', title: 'r', mitigated_by: 'REQ-1' }],
    });
    expect(named(trace.links)).toEqual(['REQ-1 satisfies UN-1', 'REQ-2 satisfies UN-1']);
    expect(trace.mitigationsOf('RISK-1')).toEqual([]);
    expect(trace.namesBroken('REQ-1', 'satisfies')).toBe(true);
    expect(trace.namesBroken('REQ-2', 'refines')).toBe(true);
    expect(trace.namesBroken('RISK-1', 'mitigated_by')).toBe(true);
    expect(trace.namesBroken('REQ-2', 'satisfies')).toBe(false);
  });
});

describe('obsolete entities', () => {
  const doc: ModelDoc = {
    requirements: [
      req('REQ-P'),
      req('REQ-A', [], { satisfies: undefined, refines: 'REQ-P' }),
      req('REQ-O', [], { satisfies: undefined, refines: 'REQ-P', status: 'obsolete' }),
      req('REQ-U', [], { satisfies: undefined, refines: 'REQ-O' }),
    ],
    mitigations: [
      { id: 'MIT-1', title: 'm', implemented_by: ['REQ-A', 'REQ-O'] },
      { id: 'MIT-O', title: 'gone', status: 'obsolete', mitigates: 'RISK-1', implemented_by: 'REQ-A' },
    ],
    risks: [{ id: 'RISK-1', title: 'r', mitigated_by: 'MIT-1' }],
  };

  it('keep their links for showing', async () => {
    const trace = await indexOf(doc);
    expect(named(trace.incoming('REQ-P'))).toEqual(['REQ-A refines REQ-P', 'REQ-O refines REQ-P (obsolete)']);
    expect(named(trace.outgoing('REQ-U'))).toEqual(['REQ-U refines REQ-O (obsolete)']);
    expect(named(trace.incoming('RISK-1'))).toEqual([
      'MIT-1 mitigates RISK-1',
      'MIT-O mitigates RISK-1 (obsolete)',
    ]);
  });

  it('count for nothing, at either end of a link', async () => {
    const trace = await indexOf(doc);
    expect(ids(trace.children('REQ-P'))).toEqual(['REQ-A']);
    expect(ids(trace.up('REQ-U'))).toEqual([]);
    expect(ids(trace.down('REQ-O'))).toEqual([]);
    expect(ids(trace.mitigationsOf('RISK-1'))).toEqual(['MIT-1']);
    expect(ids(trace.implementers('MIT-1'))).toEqual(['REQ-A']);
    expect(ids(trace.implemented('REQ-A'))).toEqual(['MIT-1']);
    expect(ids(trace.parents('REQ-A'))).toEqual(['REQ-P', 'MIT-1']);
  });
});

describe('the risk chain', () => {
  it('mitigations from either side, the requirements implementing them, then those refining these, each once', async () => {
    const trace = await indexOf({
      requirements: [
        req('REQ-1'),
        req('REQ-2'),
        req('REQ-11', [], { satisfies: undefined, refines: 'REQ-1' }),
        req('REQ-111', [], { satisfies: undefined, refines: 'REQ-11' }),
        req('REQ-12', [], { satisfies: undefined, refines: 'REQ-1', status: 'obsolete' }),
        req('REQ-9'),
      ],
      mitigations: [
        { id: 'MIT-1', title: 'm', mitigates: 'RISK-1', implemented_by: ['REQ-1', 'REQ-2'] },
        { id: 'MIT-2', title: 'm', implemented_by: ['REQ-2', 'REQ-11'] },
        { id: 'MIT-9', title: 'other risk', mitigates: 'RISK-9', implemented_by: 'REQ-9' },
      ],
      risks: [
        { id: 'RISK-1', title: 'r', mitigated_by: 'MIT-2' },
        { id: 'RISK-9', title: 'r' },
      ],
    });
    const chain = trace.riskChain('RISK-1');
    expect(ids(chain.mitigations)).toEqual(['MIT-2', 'MIT-1']);
    expect(ids(chain.requirements)).toEqual(['REQ-2', 'REQ-11', 'REQ-1', 'REQ-111']);
  });

  it('stops at a refines cycle', async () => {
    const trace = await indexOf({
      requirements: [
        req('REQ-1', [], { refines: 'REQ-2' }),
        req('REQ-2', [], { satisfies: undefined, refines: 'REQ-1' }),
      ],
      mitigations: [{ id: 'MIT-1', title: 'm', mitigates: 'RISK-1', implemented_by: 'REQ-1' }],
      risks: [{ id: 'RISK-1', title: 'r' }],
    });
    expect(ids(trace.riskChain('RISK-1').requirements)).toEqual(['REQ-1', 'REQ-2']);
  });
});

it('is built once per model', async () => {
  const model = await loadYaml({ requirements: [req('REQ-1')] });
  expect(traceIndex(model)).toBe(traceIndex(model));
});
