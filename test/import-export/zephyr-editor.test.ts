// The first edits after importing the Zephyr requirements, as a new user makes them: the imported model
// in a git repository, the editor on loopback. A new requirement under ZEP-SYRS-14 gets the data's own
// numbering and goes beside its siblings, the file can be chosen (and a file that cannot hold
// requirements is refused), the work queue reads as groups, the trace graph of a parent with many
// children wraps into rows, and the rule messages say how to change a rule's severity.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkQueue } from '../../tools/app/work-queue.js';
import { initRepo, treeOf } from '../edit/edit-fixture.js';
import { startEditor, type Editor } from '../editor/editor-fixture.js';
import { drawnBoxes, rowsOf } from '../editor/graph-svg-rows.js';
import { rr } from '../cli/run-cli.js';
import { needsZephyr, ZEPHYR } from './shared-data.js';
import { available } from '../requirements.js';

const SEMAPHORE = 'model/docs/software_requirements/semaphore.yaml';
const MUTEX = 'model/docs/software_requirements/mutex.yaml';

describe.runIf(available(needsZephyr()))('the editor on the imported Zephyr requirements', () => {
  let repo: string;
  let editor: Editor;
  let before: Map<string, Buffer>;

  beforeAll(async () => {
    repo = await mkdtemp(join(tmpdir(), 'rr-zephyr-editor-'));
    const run = await rr(['import', 'strictdoc', ZEPHYR, '--out', join(repo, 'model')]);
    expect(run.code).toBe(0);
    initRepo(repo);
  }, 120_000);
  afterAll(async () => {
    await rm(repo, { recursive: true, force: true });
  });

  // startEditor closes the server when each test ends; every test starts its own over the same files.
  async function open(): Promise<Editor> {
    editor = await startEditor(join(repo, 'model'), { root: repo });
    before = await treeOf(repo);
    return editor;
  }

  /** The files that differ from `before`, by path relative to the repository. */
  async function changedFiles(): Promise<string[]> {
    const now = await treeOf(repo);
    const paths = new Set([...before.keys(), ...now.keys()]);
    return [...paths].filter(
      (p) => !p.startsWith('.git/') && !before.get(p)?.equals(now.get(p) ?? Buffer.alloc(0)),
    );
  }

  it('GET /api/next-id follows the numbering of ZEP-SYRS-14’s children and their file', async () => {
    await open();
    const next = await editor.call('GET', '/api/next-id?kind=requirement&parent=ZEP-SYRS-14');
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({
      kind: 'requirement',
      id: 'ZEP-SRS-5-21',
      file: SEMAPHORE,
      form: 'sections',
      new_file: false,
      parent: 'ZEP-SYRS-14',
    });
    const files = next.body.files as string[];
    expect(files).toHaveLength(26);
    expect(files).toContain(MUTEX);
    expect(files).toContain('model/docs/system_requirements/index.yaml');
    expect(files).not.toContain('model/rr.yaml');
    // A file chosen: the numbering of that file (the system requirements go up to ZEP-SYRS-30).
    const system = await editor.call(
      'GET',
      '/api/next-id?kind=requirement&file=model/docs/system_requirements/index.yaml',
    );
    expect(system.body).toMatchObject({
      id: 'ZEP-SYRS-31',
      file: 'model/docs/system_requirements/index.yaml',
    });
    const unknown = await editor.call('GET', '/api/next-id?kind=requirement&parent=ZEP-SYRS-999');
    expect(unknown.status).toBe(404);
  });

  it('POST /api/entities refining ZEP-SYRS-14 adds exactly the new entity to its siblings’ file', async () => {
    await open();
    const semaphore = await readFile(join(repo, SEMAPHORE), 'utf8');
    const created = await editor.call('POST', '/api/entities', {
      kind: 'requirement',
      data: { title: 'Semaphore reset', refines: 'ZEP-SYRS-14' },
    });
    expect(created.status).toBe(201);
    expect(created.body.entity).toMatchObject({ id: 'ZEP-SRS-5-21', file: SEMAPHORE });
    expect(await changedFiles()).toEqual([SEMAPHORE]);
    expect(await readFile(join(repo, SEMAPHORE), 'utf8')).toBe(
      `${semaphore}  - id: ZEP-SRS-5-21\n    title: Semaphore reset\n    refines: ZEP-SYRS-14\n`,
    );
    execFileSync('git', ['checkout', '--', '.'], { cwd: repo });
  });

  it('the file can be chosen; a file that cannot hold requirements is refused and nothing is written', async () => {
    await open();
    const mutex = await readFile(join(repo, MUTEX), 'utf8');
    const chosen = await editor.call('POST', '/api/entities', {
      kind: 'requirement',
      file: MUTEX,
      data: { title: 'Semaphore and mutex together', refines: 'ZEP-SYRS-14' },
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.entity).toMatchObject({ id: 'ZEP-SRS-5-21', file: MUTEX });
    expect(await changedFiles()).toEqual([MUTEX]);
    expect(await readFile(join(repo, MUTEX), 'utf8')).toBe(
      `${mutex}  - id: ZEP-SRS-5-21\n    title: Semaphore and mutex together\n    refines: ZEP-SYRS-14\n`,
    );
    execFileSync('git', ['checkout', '--', '.'], { cwd: repo });

    await editor.call('POST', '/api/reload');
    before = await treeOf(repo);
    const refused = await editor.call('POST', '/api/entities', {
      kind: 'requirement',
      file: 'model/rr.yaml',
      data: { title: 'Into the config', refines: 'ZEP-SYRS-14' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('bad-file');
    expect(refused.body.message).toMatch(
      /^model\/rr\.yaml holds no requirements, so it cannot take a new requirement; choose one of the files that hold requirements: .*docs\/software_requirements\/semaphore\.yaml/,
    );
    const precheck = await editor.call('POST', '/api/entities/_new/precheck', {
      _new: 'requirement',
      file: 'model/rr.yaml',
      data: { title: 'Into the config', refines: 'ZEP-SYRS-14' },
    });
    expect(precheck.body.ok).toBe(false);
    expect(precheck.body.problems[0].code).toBe('bad-file');
    expect(await changedFiles()).toEqual([]);
  });

  it('the work queue groups the unverified requirements by parent, with counts', async () => {
    await open();
    const queue = (await editor.call('GET', '/api/queue')).body as WorkQueue;
    const unverified = queue.gaps.filter((g) => g.kind === 'unverified');
    // The figures docs/editor.md and docs/import-export.md give: 258 unverified requirements read as
    // 28 parents and one line without a parent.
    expect(unverified).toHaveLength(258);
    const group = queue.groups.find((g) => g.kind === 'unverified')!;
    expect(group.count).toBe(258);
    expect(group.parents.filter((p) => p.parent !== null)).toHaveLength(28);
    expect(group.parents.filter((p) => p.parent === null)).toHaveLength(1);
    expect(group.parents.reduce((n, p) => n + p.count, 0)).toBe(group.count);
    expect(group.parents.find((p) => p.parent === 'ZEP-SYRS-14')).toEqual({
      parent: 'ZEP-SYRS-14',
      title: 'Counting Semaphore',
      count: 20,
    });
    // Far fewer groups than rows: the queue reads as a list of parents.
    expect(group.parents.length).toBeLessThan(unverified.length / 5);
    for (const gap of unverified.filter((g) => g.entity.startsWith('ZEP-SRS-5-')))
      expect(gap.parent).toBe('ZEP-SYRS-14');
    // The old fields stay, and filters apply to the groups too.
    const filtered = (await editor.call('GET', '/api/queue?kind=unverified')).body as WorkQueue;
    expect(filtered.count).toBe(unverified.length);
    expect(filtered.groups.map((g) => g.kind)).toEqual(['unverified']);
  });

  it('the trace graph of ZEP-SYRS-14 wraps its 20 children into rows of at most 8', async () => {
    await open();
    const svg = (await editor.call('GET', '/api/graph?focus=ZEP-SYRS-14&depth=1&format=svg')).text;
    const children = Array.from({ length: 20 }, (_, i) => `ZEP-SRS-5-${i + 1}`);
    const rows = rowsOf(drawnBoxes(svg), children);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const n of rows) expect(n).toBeLessThanOrEqual(8);
  });

  it('the rule messages say how to set the rule’s severity under config.rules', async () => {
    await open();
    const state = (await editor.call('GET', '/api/state')).body as {
      issues: { rule: string; message: string }[];
    };
    const multi = state.issues.find((d) => d.rule === 'multi-parent-refines')!;
    expect(multi.message).toMatch(
      / \(rule multi-parent-refines; set its severity under config\.rules: `multi-parent-refines: off`\)$/,
    );
  });
});
