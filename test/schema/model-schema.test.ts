// The structural schema of model files (docs/model-files.md) checked with ajv in draft 2020-12 strict mode.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';

const SCHEMA_ID = 'https://rr.dev/schemas/model.schema.json';

function loadSchema(): Record<string, unknown> {
  return JSON.parse(
    readFileSync(new URL('../../schemas/model.schema.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
}

const schema = loadSchema();
const defs = schema.$defs as Record<string, Record<string, unknown>>;
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validate = ajv.compile(schema);

/** The errors of one document without ajv's `if` bookkeeping errors (the loader drops those too). */
function problems(doc: unknown): ErrorObject[] {
  if (validate(doc)) return [];
  return (validate.errors ?? []).filter((e) => e.keyword !== 'if');
}

interface Expected {
  keyword: string;
  instancePath: string;
  params?: Record<string, unknown>;
}

interface InvalidCase {
  name: string;
  doc: unknown;
  errors: Expected[];
}

function expectErrors(doc: unknown, errors: Expected[]): void {
  const got = problems(doc).map(({ keyword, instancePath, params }) => ({ keyword, instancePath, params }));
  expect(got).toEqual(
    errors.map(({ keyword, instancePath, params }) => ({
      keyword,
      instancePath,
      params: params === undefined ? expect.anything() : expect.objectContaining(params),
    })),
  );
}

const fullConfig = {
  prefixes: { user_need: 'UN-', requirement: 'REQ-', risk: 'RISK-', mitigation: 'MIT-', test_method: 'TM-' },
  id_pattern: '^[A-Z]+-[0-9]+$',
  retired_ids: ['REQ-004'],
  levels: [
    'unit',
    { name: 'integration', ordered: true, description: 'several modules' },
    { name: 'manual' },
  ],
  default_level: 'unit',
  default_provided_level: 'unit',
  autonomous_max_level: 'integration',
  pyramid_min_level: 'unit',
  pyramid_cheap_levels: ['unit'],
  severities: ['minor', 'serious', 'critical'],
  likelihoods: ['rare', 'likely'],
  acceptable_risk_score: 4,
  high_severities: ['critical'],
  rules: {
    'need-unsatisfied': 'error',
    'glob-selector': 'warning',
    'coarse-claim': 'off',
    'tag-mismatch': false,
  },
  annotation_patterns: ['@verifies\\s+(\\S+)'],
  attribution: 'model',
  main_repo: 'pump_firmware',
  sets_lock: 'rr.sets.lock',
  flaky: 'under-verify',
  set_consistency: 'enforce',
  variants: [['//pump/dose:dose_test', '//pump/dose:dose_test_asan']],
};

const sectionsDocument = {
  schema_version: 1,
  config: fullConfig,
  project: { name: 'pump', anything: { nested: [1, 2] } },
  meta: { generated: false },
  user_needs: [
    {
      id: 'UN-1',
      title: 'Accurate dosing',
      description: 'The patient receives the prescribed dose.',
      status: 'approved',
      owner: 'clinical',
      tags: ['safety', 'dosing'],
      notes: ['plain note', { text: 'open question', kind: 'question', status: 'open' }],
      rationale: 'core purpose of the device',
      validated_by: [{ target: 'record:usability-study', whole: true, reason: 'a study has no cases' }],
    },
  ],
  requirements: [
    {
      id: 'REQ-1',
      title: 'Dose within 2 %',
      rationale: 'clinical tolerance',
      category: 'performance',
      satisfies: 'UN-1',
      refines: [],
      method: 'TM-1',
      verified_by: [
        { target: '//pump/dose:dose_test', cases: ['DoseTest.Accuracy', 'DoseTest.*'], level: 'unit' },
      ],
      modules: ['pump/dose'],
    },
    { id: 'REQ-2', title: 'Alarm on occlusion' },
  ],
  risks: [
    {
      id: 'RISK-1',
      title: 'Overdose',
      rationale: 'allowed in a sections document',
      hazard: 'excess drug',
      hazardous_situation: 'free flow',
      harm: 'overdose',
      severity: 'critical',
      likelihood: 'rare',
      residual_severity: 'critical',
      residual_likelihood: 'rare',
      residual: 'acceptable',
      mitigated_by: ['MIT-1'],
    },
  ],
  mitigations: [
    {
      id: 'MIT-1',
      title: 'Free-flow clamp',
      rationale: 'allowed in a sections document',
      type: 'protective',
      mitigates: 'RISK-1',
      implemented_by: ['REQ-1'],
      verified_by: ['suite:ClampTest'],
    },
  ],
  test_methods: [
    {
      id: 'TM-1',
      title: 'Gravimetric test',
      rationale: 'allowed here',
      level: 'integration',
      procedure: 'weigh',
    },
  ],
};

/** A single-object requirement whose only claim is `claim`. */
const claimedBy = (claim: unknown) => ({
  kind: 'requirement',
  id: 'REQ-1',
  title: 'T',
  verified_by: [claim],
});
/** A sections document whose config is `config`. */
const withConfig = (config: Record<string, unknown>) => ({ config });

const validDocuments: Array<{ name: string; doc: unknown }> = [
  { name: 'sections document with all five kinds and every config key', doc: sectionsDocument },
  { name: 'empty sections document', doc: {} },
  { name: 'sections document with empty sections', doc: { user_needs: [], requirements: [], risks: [] } },
  {
    name: 'single-object user_need',
    doc: { kind: 'user_need', id: 'UN-1', title: 'T', rationale: 'r', validated_by: ['suite:Usability'] },
  },
  {
    name: 'single-object requirement',
    doc: {
      kind: 'requirement',
      id: 'REQ-1',
      title: 'T',
      rationale: 'r',
      category: 'safety',
      satisfies: ['UN-1'],
      refines: 'REQ-0',
      method: 'unit',
      modules: 'pump/dose',
      verified_by: [{ target: '//a:b', cases: ['x'] }],
    },
  },
  {
    name: 'single-object risk',
    doc: { kind: 'risk', id: 'RISK-1', title: 'T', hazard: 'h', severity: 'critical', mitigated_by: 'MIT-1' },
  },
  {
    name: 'single-object mitigation',
    doc: {
      kind: 'mitigation',
      id: 'MIT-1',
      title: 'T',
      type: 'information',
      mitigates: ['RISK-1'],
      implemented_by: 'REQ-1',
      verified_by: [{ target: '//a:b', whole: true }],
    },
  },
  {
    name: 'single-object test_method',
    doc: { kind: 'test_method', id: 'TM-1', title: 'T', level: 'system', procedure: 'p', status: 'draft' },
  },
  {
    name: 'per-case claim with level and reason',
    doc: claimedBy({ target: '//a:b', cases: ['Suite.Case', 'Suite.\\*'], level: 'unit', reason: 'r' }),
  },
  {
    name: 'whole-target claim with level and reason',
    doc: claimedBy({ target: '@lib//a:b', whole: true, level: 'unit', reason: 'r' }),
  },
  { name: 'bare label claim (deprecated)', doc: claimedBy('//a:b') },
  { name: 'target object claim (deprecated)', doc: claimedBy({ target: '//a:b', level: 'unit' }) },
  {
    name: 'notes as strings and note objects',
    doc: {
      kind: 'test_method',
      id: 'TM-1',
      title: 'T',
      notes: [
        'a string note',
        { text: 'minimal' },
        { text: 'full', id: 'N-1', kind: 'gap', status: 'resolved', author: 'a', created: '2024-01-01' },
      ],
    },
  },
  { name: 'tags as a string', doc: { kind: 'risk', id: 'RISK-1', title: 'T', tags: 'safety' } },
  {
    name: 'rationale on a sections-form risk, mitigation and test_method',
    doc: {
      risks: [{ id: 'RISK-1', title: 'T', rationale: 'r' }],
      mitigations: [{ id: 'MIT-1', title: 'T', rationale: 'r' }],
      test_methods: [{ id: 'TM-1', title: 'T', rationale: 'r' }],
    },
  },
  {
    name: 'config alternatives: null score, false severities, string levels',
    doc: withConfig({
      acceptable_risk_score: null,
      rules: { 'glob-selector': false },
      set_consistency: false,
      levels: ['unit', 'system'],
    }),
  },
];

const validLabels = [
  '//pump/dose:dose_test',
  '//pump/dose',
  '//:root_target',
  '//a:sub/file.txt',
  '@lib//a:b',
  '@lib//a',
  '@lib',
  '@@lib+//a:b',
  '@@rules_cc~1.0',
  '@@//a:b',
  '  //a:b\t',
  'suite:ClampTest',
  'suite:pump/ClampTest',
  'record:usability-study',
];

const invalidLabels = [
  '//a/../b:c',
  '//a:b c',
  'pump:t',
  '//a:b*',
  '//./a:b',
  '//a:..',
  '//a//b:c',
  '//a:b#c',
  '//a:"b"',
  "//a:'b'",
  '//a\\b:c',
  '//a:b\u0007',
  '//',
  '//a:',
  '@',
  '@bad!//a:b',
  'record:a/b',
  'suite:',
  'a:b',
];

const invalidDocuments: InvalidCase[] = [
  {
    name: 'unknown top-level key',
    doc: { schema_version: 1, version: 2 },
    errors: [
      { keyword: 'unevaluatedProperties', instancePath: '', params: { unevaluatedProperty: 'version' } },
    ],
  },
  {
    name: 'schema_version 0',
    doc: { schema_version: 0 },
    errors: [{ keyword: 'minimum', instancePath: '/schema_version' }],
  },
  {
    name: 'schema_version as a string',
    doc: { schema_version: '1' },
    errors: [{ keyword: 'type', instancePath: '/schema_version' }],
  },
  {
    name: 'document that is not an object',
    doc: ['//a:b'],
    errors: [{ keyword: 'type', instancePath: '', params: { type: 'object' } }],
  },
  {
    name: '`kind` in a sections document makes it a single-object document',
    doc: { schema_version: 1, kind: 'requirement', requirements: [] },
    errors: [
      { keyword: 'required', instancePath: '', params: { missingProperty: 'id' } },
      { keyword: 'required', instancePath: '', params: { missingProperty: 'title' } },
      {
        keyword: 'unevaluatedProperties',
        instancePath: '',
        params: { unevaluatedProperty: 'schema_version' },
      },
      { keyword: 'unevaluatedProperties', instancePath: '', params: { unevaluatedProperty: 'requirements' } },
    ],
  },
  {
    name: 'unknown key on a sections-form entity',
    doc: { requirements: [{ id: 'REQ-1', title: 'T', colour: 'red' }] },
    errors: [
      {
        keyword: 'unevaluatedProperties',
        instancePath: '/requirements/0',
        params: { unevaluatedProperty: 'colour' },
      },
    ],
  },
  {
    name: 'sections-form entity without id',
    doc: { risks: [{ title: 'T' }] },
    errors: [{ keyword: 'required', instancePath: '/risks/0', params: { missingProperty: 'id' } }],
  },
  {
    name: 'empty id',
    doc: { kind: 'risk', id: '', title: 'T' },
    errors: [{ keyword: 'minLength', instancePath: '/id' }],
  },
  {
    name: 'unknown key on a single-object document',
    doc: { kind: 'user_need', id: 'UN-1', title: 'T', satisfies: 'UN-0' },
    errors: [
      { keyword: 'unevaluatedProperties', instancePath: '', params: { unevaluatedProperty: 'satisfies' } },
    ],
  },
  {
    name: 'unknown kind',
    doc: { kind: 'hazard', id: 'H-1', title: 'T', anything: 1 },
    errors: [{ keyword: 'enum', instancePath: '/kind' }],
  },
  {
    name: 'single-object document without title',
    doc: { kind: 'test_method', id: 'TM-1' },
    errors: [{ keyword: 'required', instancePath: '', params: { missingProperty: 'title' } }],
  },
  ...(['risk', 'mitigation', 'test_method'] as const).map((kind) => ({
    name: `rationale on a single-object ${kind}`,
    doc: { kind, id: 'X-1', title: 'T', rationale: 'r' },
    errors: [
      { keyword: 'unevaluatedProperties', instancePath: '', params: { unevaluatedProperty: 'rationale' } },
    ],
  })),
  {
    name: 'bad status',
    doc: { kind: 'requirement', id: 'REQ-1', title: 'T', status: 'done' },
    errors: [{ keyword: 'enum', instancePath: '/status' }],
  },
  {
    name: 'tags as a number',
    doc: { kind: 'requirement', id: 'REQ-1', title: 'T', tags: 3 },
    errors: [{ keyword: 'type', instancePath: '/tags', params: { type: 'string' } }],
  },
  {
    name: 'a number inside satisfies',
    doc: { kind: 'requirement', id: 'REQ-1', title: 'T', satisfies: ['UN-1', 2] },
    errors: [{ keyword: 'type', instancePath: '/satisfies/1', params: { type: 'string' } }],
  },
  {
    name: 'bad mitigation type',
    doc: { kind: 'mitigation', id: 'MIT-1', title: 'T', type: 'procedural' },
    errors: [{ keyword: 'enum', instancePath: '/type' }],
  },
  {
    name: 'note with an unknown key',
    doc: { kind: 'risk', id: 'RISK-1', title: 'T', notes: [{ text: 'x', severity: 'high' }] },
    errors: [
      {
        keyword: 'unevaluatedProperties',
        instancePath: '/notes/0',
        params: { unevaluatedProperty: 'severity' },
      },
    ],
  },
  {
    name: 'note without text',
    doc: { kind: 'risk', id: 'RISK-1', title: 'T', notes: [{ kind: 'todo' }] },
    errors: [{ keyword: 'required', instancePath: '/notes/0', params: { missingProperty: 'text' } }],
  },
  {
    name: 'note with a bad kind',
    doc: { kind: 'risk', id: 'RISK-1', title: 'T', notes: ['ok', { text: 'x', kind: 'idea' }] },
    errors: [{ keyword: 'enum', instancePath: '/notes/1/kind' }],
  },
  {
    name: 'per-case claim with empty cases',
    doc: claimedBy({ target: '//a:b', cases: [] }),
    errors: [{ keyword: 'minItems', instancePath: '/verified_by/0/cases' }],
  },
  {
    name: 'per-case claim with an empty case',
    doc: claimedBy({ target: '//a:b', cases: ['x', ''] }),
    errors: [{ keyword: 'minLength', instancePath: '/verified_by/0/cases/1' }],
  },
  {
    name: 'claim with both cases and whole',
    doc: claimedBy({ target: '//a:b', cases: ['x'], whole: true }),
    errors: [
      {
        keyword: 'unevaluatedProperties',
        instancePath: '/verified_by/0',
        params: { unevaluatedProperty: 'whole' },
      },
    ],
  },
  {
    name: 'per-case claim without target',
    doc: claimedBy({ cases: ['x'] }),
    errors: [{ keyword: 'required', instancePath: '/verified_by/0', params: { missingProperty: 'target' } }],
  },
  {
    name: 'whole: false',
    doc: claimedBy({ target: '//a:b', whole: false }),
    errors: [{ keyword: 'const', instancePath: '/verified_by/0/whole', params: { allowedValue: true } }],
  },
  {
    name: 'target object with reason (deprecated shape takes nothing else)',
    doc: claimedBy({ target: '//a:b', reason: 'r' }),
    errors: [
      {
        keyword: 'unevaluatedProperties',
        instancePath: '/verified_by/0',
        params: { unevaluatedProperty: 'reason' },
      },
    ],
  },
  {
    name: 'claim that is a number',
    doc: claimedBy(7),
    errors: [{ keyword: 'type', instancePath: '/verified_by/0', params: { type: 'object' } }],
  },
  {
    name: 'bad label in a validated_by claim',
    doc: { kind: 'user_need', id: 'UN-1', title: 'T', validated_by: [{ target: 'pump:t', whole: true }] },
    errors: [{ keyword: 'pattern', instancePath: '/validated_by/0/target' }],
  },
  ...['//a/../b:c', '//a:b c', 'pump:t', '//a:b*'].flatMap((label) => [
    {
      name: `bad per-case target ${JSON.stringify(label)}`,
      doc: claimedBy({ target: label, cases: ['x'] }),
      errors: [{ keyword: 'pattern', instancePath: '/verified_by/0/target' }],
    },
    {
      name: `bad bare label ${JSON.stringify(label)}`,
      doc: claimedBy(label),
      errors: [{ keyword: 'pattern', instancePath: '/verified_by/0' }],
    },
  ]),
  {
    name: 'config with an unknown key',
    doc: withConfig({ strict: true }),
    errors: [
      {
        keyword: 'unevaluatedProperties',
        instancePath: '/config',
        params: { unevaluatedProperty: 'strict' },
      },
    ],
  },
  {
    name: 'bad attribution',
    doc: withConfig({ attribution: 'tags' }),
    errors: [{ keyword: 'enum', instancePath: '/config/attribution' }],
  },
  {
    name: 'variants inner array of one label',
    doc: withConfig({ variants: [['//a:b']] }),
    errors: [{ keyword: 'minItems', instancePath: '/config/variants/0' }],
  },
  {
    name: 'variants inner array with a repeated label',
    doc: withConfig({ variants: [['//a:b', '//a:b']] }),
    errors: [{ keyword: 'uniqueItems', instancePath: '/config/variants/0' }],
  },
  {
    name: 'variants with a bad label',
    doc: withConfig({ variants: [['//a:b', '//a:b c']] }),
    errors: [{ keyword: 'pattern', instancePath: '/config/variants/0/1' }],
  },
  {
    name: 'main_repo starting with a digit',
    doc: withConfig({ main_repo: '1pump' }),
    errors: [{ keyword: 'pattern', instancePath: '/config/main_repo' }],
  },
  {
    name: 'rules value "fatal"',
    doc: withConfig({ rules: { 'need-unsatisfied': 'fatal' } }),
    errors: [{ keyword: 'enum', instancePath: '/config/rules/need-unsatisfied' }],
  },
  {
    name: 'rules value true',
    doc: withConfig({ rules: { 'need-unsatisfied': true } }),
    errors: [{ keyword: 'enum', instancePath: '/config/rules/need-unsatisfied' }],
  },
  {
    name: 'acceptable_risk_score 1.5',
    doc: withConfig({ acceptable_risk_score: 1.5 }),
    errors: [{ keyword: 'type', instancePath: '/config/acceptable_risk_score', params: { type: 'integer' } }],
  },
  {
    name: 'prefixes for an unknown kind',
    doc: withConfig({ prefixes: { hazard: 'HAZ-' } }),
    errors: [
      { keyword: 'enum', instancePath: '/config/prefixes' },
      { keyword: 'propertyNames', instancePath: '/config/prefixes', params: { propertyName: 'hazard' } },
    ],
  },
  {
    name: 'level object with an unknown key',
    doc: withConfig({ levels: [{ name: 'unit', rank: 1 }] }),
    errors: [
      {
        keyword: 'unevaluatedProperties',
        instancePath: '/config/levels/0',
        params: { unevaluatedProperty: 'rank' },
      },
    ],
  },
  {
    name: 'level object without name',
    doc: withConfig({ levels: [{ ordered: true }] }),
    errors: [{ keyword: 'required', instancePath: '/config/levels/0', params: { missingProperty: 'name' } }],
  },
  {
    name: 'empty sets_lock',
    doc: withConfig({ sets_lock: '' }),
    errors: [{ keyword: 'minLength', instancePath: '/config/sets_lock' }],
  },
  {
    name: 'bad flaky',
    doc: withConfig({ flaky: 'retry' }),
    errors: [{ keyword: 'enum', instancePath: '/config/flaky' }],
  },
  {
    name: 'set_consistency true',
    doc: withConfig({ set_consistency: true }),
    errors: [{ keyword: 'enum', instancePath: '/config/set_consistency' }],
  },
];

describe('model.schema.json', () => {
  it('compiles under strict mode with no warnings', () => {
    const messages: unknown[][] = [];
    const record = (...args: unknown[]): void => {
      messages.push(args);
    };
    const strict = new Ajv2020({
      allErrors: true,
      strict: true,
      logger: { log: record, warn: record, error: record },
    });
    expect(() => strict.compile(loadSchema())).not.toThrow();
    expect(messages).toEqual([]);
  });

  it('states its dialect, id, title and description, and describes every $defs entry', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(SCHEMA_ID);
    expect(typeof schema.title).toBe('string');
    expect(typeof schema.description).toBe('string');
    const undescribed = Object.entries(defs).filter(([, def]) => typeof def.description !== 'string');
    expect(undescribed.map(([name]) => name)).toEqual([]);
  });

  it('marks exactly the deprecated claim shapes as deprecated', () => {
    const deprecated = Object.keys(defs).filter((name) => defs[name]?.deprecated === true);
    expect(deprecated.sort()).toEqual(['bareLabelClaim', 'targetObjectClaim']);
  });

  it('the full-config fixture uses every config key', () => {
    const keys = Object.keys(defs.config?.properties as Record<string, unknown>);
    expect(Object.keys(fullConfig).sort()).toEqual(keys.sort());
  });

  it('a sections document must not contain kind', () => {
    const sections = ajv.getSchema(`${SCHEMA_ID}#/$defs/sectionsDocument`);
    expect(sections).toBeDefined();
    expect(sections?.({ kind: 'requirement' })).toBe(false);
    expect(sections?.errors?.map(({ keyword, params }) => ({ keyword, params }))).toEqual([
      { keyword: 'unevaluatedProperties', params: { unevaluatedProperty: 'kind' } },
    ]);
  });

  it.each(validDocuments)('accepts $name', ({ doc }) => {
    expect(problems(doc)).toEqual([]);
  });

  it.each(validLabels)('accepts the label %j', (label) => {
    expect(problems(claimedBy({ target: label, cases: ['x'] }))).toEqual([]);
    expect(problems(claimedBy(label))).toEqual([]);
  });

  // The loader reports a pattern error whose schemaPath names $defs/label as the diagnostic bad-target.
  it.each(invalidLabels)('rejects the label %j with a pattern error on $defs/label', (label) => {
    const where = (doc: unknown) =>
      problems(doc).map(({ keyword, instancePath, schemaPath }) => ({ keyword, instancePath, schemaPath }));
    const labelError = (instancePath: string) => [
      { keyword: 'pattern', instancePath, schemaPath: '#/$defs/label/pattern' },
    ];
    expect(where(claimedBy({ target: label, whole: true }))).toEqual(labelError('/verified_by/0/target'));
    expect(where(claimedBy(label))).toEqual(labelError('/verified_by/0'));
    expect(where(withConfig({ variants: [['//a:b', label]] }))).toEqual(labelError('/config/variants/0/1'));
  });

  it.each(invalidDocuments)('rejects $name', ({ doc, errors }) => {
    expectErrors(doc, errors);
  });
});
