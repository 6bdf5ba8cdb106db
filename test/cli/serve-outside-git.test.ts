// `rr serve` outside any git repository, started from a folder that holds the model beside a big
// unrelated tree (a home folder, say): annotations are looked for under the model's folder only, and a
// large scan prints its progress on stderr before the server answers.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../editor/editor-fixture.js';
import { serve, type EditorUnderTest } from '../e2e/editor-server.js';

const MODEL = [
  'requirements:',
  '  - id: REQ-001',
  '    title: Dose rate',
  '    satisfies: UN-001',
  'user_needs:',
  '  - id: UN-001',
  '    title: Safe dosing',
  '',
].join('\n');

/** Writes `count` small source files under `dir`, a hundred per folder. */
async function sourceTree(dir: string, count: number, text: (i: number) => string): Promise<void> {
  for (let folder = 0; folder * 100 < count; folder++) {
    await mkdir(join(dir, `pkg${folder}`), { recursive: true });
    const files = [];
    for (let i = folder * 100; i < Math.min(count, (folder + 1) * 100); i++)
      files.push(writeFile(join(dir, `pkg${folder}`, `file${i}.c`), text(i)));
    await Promise.all(files);
  }
}

/** Whether a folder lies inside a git work tree. */
function insideGit(dir: string): boolean {
  try {
    execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

describe('rr serve outside a git repository', { timeout: 120_000 }, () => {
  let editor: EditorUnderTest | undefined;
  let dir: string | undefined;

  afterEach(async () => {
    await editor?.stop();
    editor = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function annotations(server: EditorUnderTest) {
    const reply = await send(new URL(server.origin), 'GET', '/api/annotations', undefined, {
      authorization: `Bearer ${server.token}`,
    });
    expect(reply.status).toBe(200);
    return reply.body as { annotations: { entity: string; file: string }[]; files_scanned: number };
  }

  it('scans the model folder only, never the big unrelated tree beside it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rr-serve-nogit-'));
    expect(insideGit(dir)).toBe(false);
    await mkdir(join(dir, 'model', 'src'), { recursive: true });
    await writeFile(join(dir, 'model', 'model.yaml'), MODEL);
    await writeFile(join(dir, 'model', 'src', 'dose.c'), '// @implements REQ-001\nint rate;\n');
    // 3,000 files beside the model, one of which names REQ-001 as well.
    await sourceTree(join(dir, 'unrelated'), 3000, (i) =>
      i === 1234 ? '/* @verifies REQ-001 */\n' : `int x${i};\n`,
    );
    // rr serve removes the folder it is started in when the test stops it.
    editor = await serve(dir, 'model');
    const found = await annotations(editor);
    // Outside a repository the model's folder is the root: files are named relative to it.
    expect(found.annotations.map((a) => a.file)).toEqual(['src/dose.c']);
    // model.yaml and src/dose.c, nothing of the 3,000 unrelated files.
    expect(found.files_scanned).toBe(2);
    expect(editor.output().stderr).not.toMatch(/looking for source annotations/);
    dir = undefined;
  });

  it('a long scan shows its progress on stderr before the server answers', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rr-serve-nogit-'));
    await mkdir(join(dir, 'model'), { recursive: true });
    await writeFile(join(dir, 'model', 'model.yaml'), MODEL);
    await sourceTree(join(dir, 'model', 'vendor'), 2500, (i) => `int y${i};\n`);
    editor = await serve(dir, 'model');
    // The progress lines are written before the address; stderr may reach us a moment after stdout.
    while (!/scanned/.test(editor.output().stderr)) await new Promise((done) => setTimeout(done, 50));
    const { stderr } = editor.output();
    const root = join(dir, 'model');
    expect(stderr).toContain(`rr serve: looking for source annotations under ${root}: 1,000 files found…`);
    expect(stderr).toContain('rr serve: reading sources: 2,000 of 2,501 files…');
    expect(stderr).toMatch(new RegExp(`rr serve: scanned 2,501 files under ${root} in \\d+\\.\\d s\\n`));
    expect((await annotations(editor)).files_scanned).toBe(2501);
    dir = undefined;
  });
});
