// Equal case paths in different targets: variants run the same code; outside them a source file tells.
import { describe, expect, it } from 'vitest';
import { analyzeYaml, cases, evidence, owners, req, type CaseSpec } from './verify-fixture.js';

const A = '//p:a';
const B = '//p:b';
const C = '//p:c';

/** REQ-1 claims `X` on the first targets, REQ-2 on the others. */
function split(first: string[], second: string[], config: Record<string, unknown> = {}) {
  return {
    config,
    requirements: [
      req(
        'REQ-1',
        first.map((t) => cases(t, 'X')),
      ),
      req(
        'REQ-2',
        second.map((t) => cases(t, 'X')),
      ),
    ],
  };
}

/** Case X in each target, with an optional source file per target. */
function xIn(files: Record<string, string | undefined>) {
  const out: Record<string, CaseSpec[]> = {};
  for (const [t, file] of Object.entries(files)) out[t] = [{ path: 'X', ...(file ? { file } : {}) }];
  return evidence(out);
}

describe('variants: same-code-multiple-owners', () => {
  it('two owners of one path in one variant group quarantine it in every variant', async () => {
    const r = await analyzeYaml(
      split([A], [B], { variants: [[A, B, C]] }),
      xIn({ [A]: 'x_test.py', [B]: 'x_test.py', [C]: undefined }),
    );
    for (const t of [A, B, C])
      expect(r.at(t, 'X')).toMatchObject({ owner: null, quarantine: 'same-code-multiple-owners' });
    expect(r.at(A, 'X').implicated).toEqual(['REQ-1']);
    expect(r.at(B, 'X').implicated).toEqual(['REQ-2']);
    expect(r.of('same-code-multiple-owners')).toEqual([
      expect.objectContaining({
        severity: 'error',
        message: expect.stringContaining('with owners REQ-1, REQ-2'),
      }),
    ]);
    expect(r.entity('REQ-1').verdict).toBe('INVALID');
    expect(r.entity('REQ-2').verdict).toBe('INVALID');
    expect(r.counts).toEqual({ cases: 3, owned: 0, unowned: 0, quarantined: 3 });
    expect(r.of('set-consistency')).toEqual([]);
  });

  it('variant labels are normalized (main_repo, //pkg shorthand)', async () => {
    const r = await analyzeYaml(
      split(['//p'], [B], { main_repo: 'main', variants: [['@main//p', '@@main//p:b']] }),
      xIn({ '//p:p': undefined, [B]: undefined }),
    );
    expect(r.at('//p:p', 'X').quarantine).toBe('same-code-multiple-owners');
  });

  it('a tag owner counts like a claim owner', async () => {
    const r = await analyzeYaml(
      { config: { variants: [[A, B]] }, requirements: [req('REQ-1', [cases(A, 'X')]), req('REQ-2')] },
      evidence({ [A]: [{ path: 'X' }], [B]: [{ path: 'X', tags: ['REQ-2'] }] }),
    );
    expect(r.at(B, 'X').quarantine).toBe('same-code-multiple-owners');
    expect(r.at(B, 'X').implicated).toEqual(['REQ-2']);
  });

  it('one owner in every variant is fine', async () => {
    const r = await analyzeYaml(
      split([A, B], [], { variants: [[A, B]] }),
      xIn({ [A]: undefined, [B]: undefined }),
    );
    expect(owners(r)).toEqual({ [`${A} X`]: 'REQ-1', [`${B} X`]: 'REQ-1' });
    expect(r.of('same-code-multiple-owners')).toEqual([]);
    expect(r.of('set-consistency')).toEqual([]);
  });

  it('different paths in variants are not compared', async () => {
    const r = await analyzeYaml(
      {
        config: { variants: [[A, B]] },
        requirements: [req('REQ-1', [cases(A, 'X')]), req('REQ-2', [cases(B, 'Y')])],
      },
      evidence({ [A]: [{ path: 'X' }], [B]: [{ path: 'Y' }] }),
    );
    expect(r.counts.quarantined).toBe(0);
  });

  it('targets of different variant groups are not compared as variants', async () => {
    const r = await analyzeYaml(
      split([A], [B], {
        variants: [
          [A, C],
          [B, '//p:d'],
        ],
      }),
      xIn({ [A]: undefined, [B]: undefined }),
    );
    expect(r.of('same-code-multiple-owners')).toEqual([]);
    expect(owners(r)).toEqual({ [`${A} X`]: 'REQ-1', [`${B} X`]: 'REQ-2' });
  });
});

describe('variants: set-consistency', () => {
  const config = (setConsistency?: unknown) => ({
    variants: [[A, B, C]],
    ...(setConsistency === undefined ? {} : { set_consistency: setConsistency }),
  });

  it.each([
    ['warn by default', undefined, 'warning'],
    ['warn', 'warn', 'warning'],
    ['enforce', 'enforce', 'error'],
  ])('one owner and unowned variants: %s', async (_, setting, severity) => {
    const r = await analyzeYaml(
      split([A], [], config(setting)),
      xIn({ [A]: undefined, [B]: undefined, [C]: undefined }),
    );
    expect(r.of('set-consistency')).toEqual([
      expect.objectContaining({
        severity,
        message: `case path X is owned by REQ-1 in some variant targets but by nobody in ${B}, ${C}; claim it alike in every variant`,
      }),
    ]);
    expect(r.at(A, 'X')).toMatchObject({ owner: 'REQ-1', quarantine: null });
  });

  it('a quarantined variant is not reported as unowned', async () => {
    const r = await analyzeYaml(
      split([A], [], config()),
      evidence({ [A]: [{ path: 'X' }], [B]: [{ path: 'X', tags: ['REQ-1', 'REQ-2'] }] }),
    );
    expect(r.at(B, 'X').quarantine).toBe('multi-tag');
    expect(r.of('set-consistency')).toEqual([]);
  });

  it.each([['off'], [false]])('set_consistency: %j reports nothing', async (setting) => {
    const r = await analyzeYaml(split([A], [], config(setting)), xIn({ [A]: undefined, [B]: undefined }));
    expect(r.of('set-consistency')).toEqual([]);
  });

  it('nothing when no variant owns the path', async () => {
    const r = await analyzeYaml(split([], [], config()), xIn({ [A]: undefined, [B]: undefined }));
    expect(r.of('set-consistency')).toEqual([]);
  });

  it('nothing for unowned equal paths outside variants', async () => {
    const r = await analyzeYaml(split([A], []), xIn({ [A]: undefined, [B]: undefined }));
    expect(r.of('set-consistency')).toEqual([]);
  });
});

describe('outside variants: attribution-conflict and same-path-multiple-owners', () => {
  it('same path, same source file, different owners: attribution-conflict quarantines', async () => {
    const r = await analyzeYaml(split([A], [B]), xIn({ [A]: 'x_test.py', [B]: 'x_test.py' }));
    expect(r.at(A, 'X')).toMatchObject({
      owner: null,
      quarantine: 'attribution-conflict',
      implicated: ['REQ-1'],
    });
    expect(r.at(B, 'X')).toMatchObject({
      owner: null,
      quarantine: 'attribution-conflict',
      implicated: ['REQ-2'],
    });
    expect(r.of('attribution-conflict')).toEqual([
      expect.objectContaining({
        severity: 'error',
        message: expect.stringContaining('one source file x_test.py'),
      }),
    ]);
    expect(r.entity('REQ-1').verdict).toBe('INVALID');
    expect(r.entity('REQ-2').members).toEqual([
      expect.objectContaining({ target: B, state: 'quarantined', quarantine: 'attribution-conflict' }),
    ]);
    expect(r.of('same-path-multiple-owners')).toEqual([]);
  });

  it('a conflict on one file is found when a third target has another file', async () => {
    const r = await analyzeYaml(
      split([A], [B, C]),
      xIn({ [A]: 'x_test.py', [B]: 'x_test.py', [C]: 'other_test.py' }),
    );
    expect(r.at(A, 'X').quarantine).toBe('attribution-conflict');
    expect(r.at(B, 'X').quarantine).toBe('attribution-conflict');
    // C's file has one owner: it keeps it.
    expect(r.at(C, 'X')).toMatchObject({ owner: 'REQ-2', quarantine: null });
  });

  it('a conflict on one file is found when a third target reports no file', async () => {
    const r = await analyzeYaml(
      split([A], [B, C]),
      xIn({ [A]: 'x_test.py', [B]: 'x_test.py', [C]: undefined }),
    );
    expect(r.at(A, 'X').quarantine).toBe('attribution-conflict');
    expect(r.at(B, 'X').quarantine).toBe('attribution-conflict');
    expect(r.at(C, 'X').owner).toBe('REQ-2');
  });

  it('same file, same owner: no conflict', async () => {
    const r = await analyzeYaml(split([A, B], []), xIn({ [A]: 'x_test.py', [B]: 'x_test.py' }));
    expect(r.counts).toEqual({ cases: 2, owned: 2, unowned: 0, quarantined: 0 });
    expect(r.of('attribution-conflict')).toEqual([]);
  });

  it('same file, one owner and one unowned: no conflict', async () => {
    const r = await analyzeYaml(split([A], []), xIn({ [A]: 'x_test.py', [B]: 'x_test.py' }));
    expect(r.of('attribution-conflict')).toEqual([]);
    expect(r.of('same-path-multiple-owners')).toEqual([]);
  });

  it('different known files, different owners: different tests, nothing to report', async () => {
    const r = await analyzeYaml(split([A], [B]), xIn({ [A]: 'a_test.py', [B]: 'b_test.py' }));
    expect(owners(r)).toEqual({ [`${A} X`]: 'REQ-1', [`${B} X`]: 'REQ-2' });
    expect(r.of('attribution-conflict')).toEqual([]);
    expect(r.of('same-path-multiple-owners')).toEqual([]);
  });

  it.each([
    ['neither reports a file', undefined, undefined],
    ['one reports no file', 'x_test.py', undefined],
  ])('same-path-multiple-owners warning when %s', async (_, fileA, fileB) => {
    const r = await analyzeYaml(split([A], [B]), xIn({ [A]: fileA, [B]: fileB }));
    expect(r.of('same-path-multiple-owners')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringContaining('has owners REQ-1, REQ-2'),
      }),
    ]);
    expect(owners(r)).toEqual({ [`${A} X`]: 'REQ-1', [`${B} X`]: 'REQ-2' });
    expect(r.of('attribution-conflict')).toEqual([]);
  });

  it('same-path-multiple-owners can be configured off or to error', async () => {
    const off = await analyzeYaml(
      split([A], [B], { rules: { 'same-path-multiple-owners': 'off' } }),
      xIn({ [A]: undefined, [B]: undefined }),
    );
    expect(off.of('same-path-multiple-owners')).toEqual([]);
    const error = await analyzeYaml(
      split([A], [B], { rules: { 'same-path-multiple-owners': 'error' } }),
      xIn({ [A]: undefined, [B]: undefined }),
    );
    expect(error.of('same-path-multiple-owners')).toMatchObject([{ severity: 'error' }]);
  });

  it('no file and one owner: no warning', async () => {
    const r = await analyzeYaml(split([A, B], []), xIn({ [A]: undefined, [B]: undefined }));
    expect(r.of('same-path-multiple-owners')).toEqual([]);
  });

  it('a variant target is not compared with a target outside its group', async () => {
    const r = await analyzeYaml(
      split([A], [B], { variants: [[A, C]] }),
      xIn({ [A]: 'x_test.py', [B]: 'x_test.py' }),
    );
    expect(r.of('attribution-conflict')).toEqual([]);
    expect(r.of('same-path-multiple-owners')).toEqual([]);
  });
});
