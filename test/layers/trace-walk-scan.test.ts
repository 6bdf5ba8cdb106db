// One trace walk (docs/verification.md, "Trace links"): only tools/trace reads the link fields
// (satisfies, refines, mitigates, mitigated_by, implemented_by) to follow them. A scan of the sources of
// rr (tools/, the editor's page) lists every module that reads a link field off an entity; the only ones
// allowed are those below, each of which reads one entity's own fields and follows nothing. A new module
// that walks links on its own fails the scan; a planted copy of a walk shows that it does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = ['tools', 'ui/editor/src'];

/** Modules that read link fields without walking them, and why. */
const ONE_HOP_READERS: Record<string, string> = {
  'tools/model/references.ts': 'the reference check: every named id exists and is of the right kind',
  'tools/model/entity-parent.ts': 'the parent an entity names itself, where a new entity is placed',
  'tools/edit/entity-placement.ts': 'the parent fields, to place a new entity beside its parent',
  'tools/edit/plan-edit.ts': 'the parent a new entity names, to place it',
  'tools/edit/next-id.ts': 'every id already named, so a new id is fresh',
  'tools/edit/entity-references.ts': 'the fields naming an id, rewritten by a rename or removed by a delete',
  'tools/change-control/review-links.ts':
    'the links a review stamp names: each entity’s own link fields, one hop, so every link has its key',
  'tools/incremental/model-fingerprints.ts':
    'the link facts of each file, so a change of links (not of titles) re-runs the rules that read them',
  'tools/incremental/rule-slices.ts': 'which requirements refine something, to slice the refines-cycle rule',
  'tools/lsp/code-actions.ts': 'the quick fix that writes a missing satisfies into an entity',
  'tools/lsp/model-navigation.ts':
    'which field of an entity names an id, for go to definition and references',
  'tools/app/work-queue.ts': 'the parent a gap’s entity names, to group the queue',
  'tools/agents/findings/proposal-policy.ts':
    'the fields an agent may not change, and unknown ids it proposes',
  'tools/import/imported-model/rr-fields.ts': 'which fields of an imported entity are references',
  'tools/import/reqif/reqif-mapping.ts': 'the ReqIF relation types that fill a reference field',
  'tools/import/reqif/reqif-writer.ts': 'each reference field written as ReqIF relations',
  'tools/import/imported-model/parent-links.ts': "the field a source tool's parent link is written to",
  'ui/editor/src/model/kind-fields.ts': "the form's fields of each kind",
  'ui/editor/src/model/conflict-placement.ts': 'the form field a multi-parent conflict is shown at',
  'ui/editor/src/pages/entity-form-page.ts': 'the parent a new entity names, to place it',
};

const LINK_FIELD = 'satisfies|refines|mitigates|mitigated_by|implemented_by';
const READS = [
  // entity.data.mitigated_by (not a spread `...refines`)
  new RegExp(`(?<!\\.)\\.(?:${LINK_FIELD})\\b`),
  // entity.data['refines']
  new RegExp(`\\[\\s*['"](?:${LINK_FIELD})['"]\\s*\\]`),
  // 'mitigated_by' or 'implemented_by' named as a field to read (the other three are also the index's
  // relation names, which asking the index quotes); asking the index whether a field is broken is no read
  /(?<!\bbroken\([^()]*)['"](?:mitigated_by|implemented_by)['"]/,
  // the tables of link fields, read field by field
  /\b(?:REFERENCE_FIELDS|TRACE_FIELDS|parentFields)\b/,
  /\bimport\s*\{[^}]*\bparentOf\b[^}]*\}\s*from\s*['"][^'"]*entity-parent\.js['"]/,
];

/** Source text without comments, so prose about links is not a read. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The modules, outside tools/trace, whose code reads a trace link field. */
function linkFieldReaders(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([path]) => !path.startsWith('tools/trace/'))
    .filter(([, text]) => READS.some((pattern) => pattern.test(code(text))))
    .map(([path]) => path)
    .sort();
}

/** Every TypeScript source of rr's tools and the editor's page, by path from the repository root. */
function sources(): Map<string, string> {
  const out = new Map<string, string>();
  for (const folder of SCANNED)
    for (const name of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }))
      if (name.endsWith('.ts')) {
        const path = relative(ROOT, join(ROOT, folder, name))
          .split('\\')
          .join('/');
        out.set(path, readFileSync(join(ROOT, path), 'utf8'));
      }
  return out;
}

describe('one trace walk', () => {
  const files = sources();

  it('no module outside tools/trace reads link fields, except the one-hop readers listed', () => {
    const walkers = linkFieldReaders(files).filter((path) => !(path in ONE_HOP_READERS));
    expect(walkers).toEqual([]);
  });

  it('every listed one-hop reader still reads link fields (the list has no stale entries)', () => {
    expect(linkFieldReaders(files)).toEqual(Object.keys(ONE_HOP_READERS).sort());
  });

  it('the walk lives in tools/trace (the scan sees it there)', () => {
    const trace = new Map([...files].filter(([path]) => path.startsWith('tools/trace/')));
    const reading = [...trace].filter(([, text]) => READS.some((pattern) => pattern.test(code(text))));
    expect(reading.map(([path]) => path)).toContain('tools/trace/trace-fields.ts');
  });

  it('a planted second walk fails the scan; asking the index does not', () => {
    const planted = new Map(files);
    planted.set(
      'tools/report/planted-walk.ts',
      `export function controls(model, risk) {
         return stringList(risk.data.mitigated_by).map((id) => model.byId.get(id));
       }`,
    );
    planted.set(
      'tools/report/planted-field-walk.ts',
      `export function parents(model, req) {
         return ['satisfies', 'refines'].flatMap((f) => stringList(req.data[f]));
       }
       const DOWN = 'implemented_by';`,
    );
    planted.set(
      'tools/report/planted-index-question.ts',
      `// walks satisfies and mitigated_by through the index
       export function controls(trace, risk) { return trace.up(risk.id, 'satisfies', 'refines'); }`,
    );
    const walkers = linkFieldReaders(planted).filter((path) => !(path in ONE_HOP_READERS));
    expect(walkers).toEqual(['tools/report/planted-field-walk.ts', 'tools/report/planted-walk.ts']);
  });
});
