// `rr serve` outside any git repository, started from a folder that holds the model beside a big
// unrelated tree (a home folder, say): annotations are looked for under the model's folder only, and a
// large scan prints its progress on stderr before the server prints its address and answers.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../editor/editor-fixture.js';
import { repoRoot } from './run-cli.js';
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

  it('a long scan shows its progress on stderr before the server prints its address and answers', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rr-serve-nogit-'));
    await mkdir(join(dir, 'model'), { recursive: true });
    await writeFile(join(dir, 'model', 'model.yaml'), MODEL);
    await sourceTree(join(dir, 'model', 'vendor'), 2500, (i) => `int y${i};\n`);
    // stdout and stderr into one file through one descriptor: the file keeps the order of the writes,
    // which two pipes read side by side would not.
    const log = join(dir, 'serve.log');
    const fd = openSync(log, 'w');
    const token = randomBytes(18).toString('base64url');
    const child = spawn(
      process.execPath,
      [
        join(repoRoot, 'bin', 'rr.js'),
        'serve',
        '--model',
        'model',
        '--port',
        '0',
        '--token',
        token,
        '--no-llm',
      ],
      { cwd: dir, stdio: ['ignore', fd, fd] },
    );
    closeSync(fd);
    const exited = new Promise((done) => child.once('exit', done));
    try {
      let printed = '';
      while (!/rr editor: (\S+)/.test(printed)) {
        if (child.exitCode !== null) throw new Error(`rr serve exited before it listened:\n${printed}`);
        await new Promise((done) => setTimeout(done, 50));
        printed = await readFile(log, 'utf8');
      }
      const root = join(dir, 'model');
      const lines = printed.split('\n');
      const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
      const address = at(/^rr editor: /);
      const found = at(/^rr serve: looking for source annotations under .*: 1,000 files found…$/);
      const reading = at(/^rr serve: reading sources: 2,000 of 2,501 files…$/);
      const scanned = at(/^rr serve: scanned 2,501 files under .* in \d+\.\d s$/);
      expect(lines[found], printed).toBe(
        `rr serve: looking for source annotations under ${root}: 1,000 files found…`,
      );
      expect(
        [found, reading, scanned].every((i) => i >= 0),
        printed,
      ).toBe(true);
      // Every progress line comes before the address: the user sees why the address is late.
      expect(found).toBeLessThan(reading);
      expect(reading).toBeLessThan(scanned);
      expect(scanned).toBeLessThan(address);
      const origin = /rr editor: (http:\/\/[^/#\s]+)/.exec(printed)![1]!;
      const reply = await send(new URL(origin), 'GET', '/api/annotations', undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(reply.status).toBe(200);
      expect((reply.body as { files_scanned: number }).files_scanned).toBe(2501);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
