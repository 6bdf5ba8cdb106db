// The rules from rules/ in a real Bazel (Debian's bazel-bootstrap in CI), offline, on the consumer
// workspace in test/bazel/. Needs bazel (test/requirements.ts): skipped with a message without it, failed under CI.
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rr } from '../cli/run-cli.js';
import { REPO } from '../built-dist.js';
import { available, needsProgram } from '../requirements.js';
import { BazelWorkspace } from './bazel-workspace.js';

describe.runIf(available(needsProgram('bazel')))(
  'rules_rr in a real Bazel workspace',
  { timeout: 300_000 },
  () => {
    let ws: BazelWorkspace;

    beforeAll(async () => {
      ws = await BazelWorkspace.create();
    }, 300_000);

    afterAll(async () => {
      await ws?.dispose();
    }, 120_000);

    it('passes `bazel test` on a clean model, failing only the set whose lock is not written yet', async () => {
      const run = await ws.bazel('test', ['//...']);
      expect(run.output).toMatch(/\/\/:model_test\s+PASSED/);
      expect(run.output).toMatch(/\/\/:dose_test\s+PASSED/);
      expect(run.output).toMatch(/\/\/:set_test\s+FAILED/);
      expect(run.output).toContain(
        '+ //:dose_test src/dose.test.mjs/keeps a rate within the limit → REQ-003',
      );
      expect(run.output).toContain(
        'rr.lock.json is out of date; review the changes above, then run: bazel run //:set.update',
      );
    });

    it('writes the lock into the workspace with `bazel run :set.update`, after which the set test passes', async () => {
      const update = await ws.bazel('run', ['//:set.update']);
      expect(update.code, update.output).toBe(0);
      const lock = JSON.parse(await ws.read('rr.lock.json')) as { cases: { path: string; owner: string }[] };
      expect(lock.cases).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'Bench/accuracy_1_ml_h', owner: 'REQ-001' }),
          expect.objectContaining({ path: 'Bench/rate_limit', owner: 'REQ-002' }),
        ]),
      );
      const run = await ws.bazel('test', ['//...']);
      expect(run.code, run.output).toBe(0);
      expect(run.output).toMatch(/\/\/:set_test\s+PASSED/);
    });

    it("reports the vitest cases with owners from a claim and from the reporter's tag", async () => {
      type Report = {
        cases: { target: string; path: string; owner: string | null; basis: string | null }[];
        entities: { id: string; verdict: string; sources: { file: string; line: number }[] }[];
      };
      const owners = (report: Report) =>
        report.cases
          .filter((c) => c.target === '//:dose_test')
          .map((c) => [c.path, c.owner, c.basis])
          .sort();
      const expected = [
        ['src/dose.test.mjs/clamps a rate above the limit', 'REQ-002', 'model'],
        ['src/dose.test.mjs/keeps a rate within the limit', 'REQ-003', 'tag'],
      ];
      // The set's own report, built from the test run in its action.
      const built = JSON.parse(await ws.read('bazel-bin/set.rr/report.json')) as Report;
      expect(owners(built)).toEqual(expected);
      // The annotation in the test's source (found through the aspect) links REQ-001 to its code.
      expect(built.entities.find((e) => e.id === 'REQ-001')?.sources).toEqual([
        expect.objectContaining({ file: 'src/dose.mjs', line: 1 }),
      ]);
      // The flow after `bazel test`: the reporter's test.xml in bazel-testlogs, read by `bazel run //:rr`.
      const xml = await ws.read('bazel-testlogs/dose_test/test.xml');
      expect(xml).toContain('<property name="requirement" value="REQ-003"/>');
      const testlogs = (await ws.bazel('info', ['bazel-testlogs'])).stdout.trim();
      const run = await ws.bazel('run', [
        '//:rr',
        '--',
        'report',
        '--model',
        'model',
        '--evidence',
        testlogs,
      ]);
      expect(run.stdout, run.output).toMatch(/REQ-003\s+requirement\s+VERIFIED/);
      const json = await ws.bazel('run', [
        '//:rr',
        '--',
        'report',
        '--model',
        'model',
        '--evidence',
        testlogs,
        '--no-sources',
        '--format',
        'json',
      ]);
      expect(owners(JSON.parse(json.stdout) as Report)).toEqual(expected);
    });

    it('runs no action on a second build with no change', async () => {
      await ws.bazel('build', ['//...']);
      const again = await ws.bazel('build', ['//...']);
      expect(again.code, again.output).toBe(0);
      // "INFO: 1 process: 1 internal." — nothing ran locally.
      expect(again.output).toMatch(/INFO: \d+ process(es)?: \d+ internal\./);
      expect(again.output).not.toMatch(/\d+ local/);
    });

    it('fails the set test after a claim moves a case, naming the fix, and passes after the update', async () => {
      const requirements = await ws.read('model/requirements.yaml');
      // REQ-001 takes the rate-limit case from REQ-002.
      const moved = requirements
        .replace('          - Bench/rate_limit\n', '')
        .replace(
          '          - Bench/accuracy_1_ml_h\n',
          '          - Bench/accuracy_1_ml_h\n          - Bench/rate_limit\n',
        );
      expect(moved).not.toBe(requirements);
      await ws.write('model/requirements.yaml', moved);
      const stale = await ws.bazel('test', ['//:set_test']);
      expect(stale.code).not.toBe(0);
      expect(stale.output).toContain('~ record:bench_accuracy Bench/rate_limit: REQ-002 → REQ-001');
      expect(stale.output).toContain('then run: bazel run //:set.update');
      const xml = await ws.read('bazel-testlogs/set_test/test.xml');
      expect(xml).toMatch(/<testcase classname="rr verification set \/\/:set" name="lock">\s*<failure/);

      expect((await ws.bazel('run', ['//:set.update'])).code).toBe(0);
      const fixed = await ws.bazel('test', ['//:set_test']);
      expect(fixed.code, fixed.output).toBe(0);
    });

    it('fails the set test on suspect links when config.rules makes suspect-link an error, naming `rr suspect clear`, and passes after the clear', async () => {
      const config = await ws.read('model/rr.yaml');
      const build = await ws.read('BUILD.bazel');
      const needs = await ws.read('model/needs.yaml');
      const author = ['--author', 'Quality Reviewer <qa@example.com>'];
      try {
        await ws.write('model/rr.yaml', `${config.trimEnd()}\n  rules:\n    suspect-link: error\n`);
        const started = await rr(['suspect', 'clear', '--all', '--model', 'model', ...author], ws.dir);
        expect(started.code, started.stderr).toBe(0);
        const stamped = build.replace(
          '    lock = "rr.lock.json",\n',
          '    lock = "rr.lock.json",\n    reviewed = "model/rr.reviewed",\n',
        );
        expect(stamped).not.toBe(build);
        await ws.write('BUILD.bazel', stamped);
        const reviewed = await ws.bazel('test', ['//:set_test']);
        expect(reviewed.code, reviewed.output).toBe(0);

        const changed = needs.replace(/title: .*/, 'title: Deliver the prescribed dose within 2 percent');
        expect(changed).not.toBe(needs);
        await ws.write('model/needs.yaml', changed);
        const suspect = await ws.bazel('test', ['//:set_test']);
        expect(suspect.code).not.toBe(0);
        expect(suspect.output).toMatch(
          /error suspect-link: requirement REQ-001 satisfies user need UN-001: the parent's title has changed since Quality Reviewer <qa@example\.com> reviewed the link/,
        );
        expect(suspect.output).toContain('run `rr suspect clear REQ-001 UN-001`');

        const cleared = await rr(['suspect', 'clear', '--all', '--model', 'model', ...author], ws.dir);
        expect(cleared.stdout, cleared.stderr).toContain(
          'cleared requirement REQ-001 satisfies user need UN-001',
        );
        const fixed = await ws.bazel('test', ['//:set_test']);
        expect(fixed.code, fixed.output).toBe(0);
      } finally {
        await ws.write('model/rr.yaml', config);
        await ws.write('BUILD.bazel', build);
        await ws.write('model/needs.yaml', needs);
        await ws.remove('model/rr.reviewed');
        await ws.remove('model/.gitattributes');
      }
    });

    it('fails `bazel test` on a broken model with the diagnostic in the log and test.xml', async () => {
      await ws.write(
        'model/broken.yaml',
        'requirements:\n  - id: REQ-003\n    title: Orphan\n    satisfies: UN-404\n    status: approved\n',
      );
      const run = await ws.bazel('test', ['//:model_test']);
      expect(run.code).not.toBe(0);
      expect(run.output).toMatch(/model\/broken\.yaml:4:\d+: error dangling-reference: .*UN-404/);
      const xml = await ws.read('bazel-testlogs/model_test/test.xml');
      expect(xml).toMatch(
        /<testcase classname="rr validate \/\/:model" name="model\/broken.yaml">\s*<failure message="1 error">/,
      );
      await ws.remove('model/broken.yaml');
    });

    it("runs a set's test in an action with the test's timeout and its scheduling tags", async () => {
      const build = await ws.read('BUILD.bazel');
      const tagged = build.replace(
        '    name = "dose_test",\n',
        '    name = "dose_test",\n    timeout = "short",\n    tags = ["no-remote-exec", "smoke"],\n',
      );
      expect(tagged).not.toBe(build);
      await ws.write('BUILD.bazel', tagged);
      try {
        const run = await ws.bazel('aquery', ['mnemonic("RrTestResults", //:set)']);
        expect(run.code, run.output).toBe(0);
        // A short test is stopped after 60 s; `no-remote-exec` keeps it off a remote executor, as for
        // `bazel test`; a tag that schedules nothing is not passed on.
        expect(run.stdout).toMatch(/--timeout \\?\s+60\b/);
        expect(run.stdout).toContain("ExecutionInfo: {no-remote-exec: ''}");
        expect(run.stdout).not.toContain('smoke');
      } finally {
        await ws.write('BUILD.bazel', build);
      }
    });

    it("fails a set's test that reads a workspace file it does not declare, under the sandbox only", async () => {
      const build = await ws.read('BUILD.bazel');
      // A test that climbs out of its runfiles to the execution root and reads the model from there:
      // outside a sandbox the execution root links every top-level folder of the workspace.
      await ws.write(
        'src/limits.test.mjs',
        [
          "import { readFileSync } from 'node:fs';",
          "import { join } from 'node:path';",
          '',
          "test('reads the rate limit from the model', () => {",
          "  const execroot = join(process.env.TEST_SRCDIR, '..', '..', '..', '..');",
          "  expect(readFileSync(join(execroot, 'model', 'requirements.yaml'), 'utf8')).toContain('REQ-002');",
          '});',
          '',
        ].join('\n'),
      );
      const leaky = build
        .replace(
          'rr_verification_set(',
          'vitest_test(\n    name = "limits_test",\n    srcs = ["src/limits.test.mjs"],\n)\n\nrr_verification_set(',
        )
        .replace(
          'tests = [":dose_test"],',
          'tests = [\n        ":dose_test",\n        ":limits_test",\n    ],',
        );
      expect(leaky).toContain('":limits_test"');
      await ws.write('BUILD.bazel', leaky);
      type Report = { cases: { target: string; path: string; state: string }[] };
      // The case's result as the set's report (built in the set's action from the test's run) has it.
      const state = async () => {
        const report = JSON.parse(await ws.read('bazel-bin/set.rr/report.json')) as Report;
        const path = 'src/limits.test.mjs/reads the rate limit from the model';
        return report.cases.find((c) => c.target === '//:limits_test' && c.path === path)?.state;
      };
      try {
        // The workspace's .bazelrc builds in processwrapper-sandbox: the model is not an input of the
        // action that runs the test, so it is not there.
        const sandboxed = await ws.bazel('build', ['//:set']);
        expect(sandboxed.code, sandboxed.output).toBe(0);
        expect(await state()).toBe('failed');
        const xml = await ws.read('bazel-bin/set.rr/evidence/limits_test/test.xml');
        expect(xml).toContain(`name="reads the rate limit from the model"`);
        expect(xml).toMatch(/ENOENT[^<]*model\/requirements\.yaml/);
        // Without a sandbox the same test reads the file and passes (another action key, so it runs again).
        const local = await ws.bazel('build', [
          '--spawn_strategy=local',
          '--action_env=RR_UNSANDBOXED=1',
          '//:set',
        ]);
        expect(local.code, local.output).toBe(0);
        expect(await state()).toBe('passed');
      } finally {
        await ws.write('BUILD.bazel', build);
        await ws.remove('src/limits.test.mjs');
      }
    });

    it('runs rr from where bazel was run: `bazel run //:rr -- report` with relative paths', async () => {
      const run = await ws.bazel('run', [
        '//:rr',
        '--',
        'report',
        '--model',
        'model',
        '--evidence',
        'evidence',
        '--no-sources',
      ]);
      expect(run.stdout, run.output).toMatch(/REQ-001\s+requirement\s+VERIFIED/);
      expect(run.stdout).toContain('each case maps to at most one requirement');
    });

    it('serves `bazel run //:viewer -- --root live` from the directory bazel was run in', async () => {
      // A live directory in a sub-folder of the workspace, where the user runs bazel from.
      const here = join(ws.dir, 'experiments');
      await mkdir(here);
      const sim = await rr(
        ['pnr-sim', '--out', 'live', '--rate', '0', '--steps', '200', '--seed', '3'],
        here,
      );
      expect(sim.code, sim.stderr).toBe(0);
      const viewer = ws.start('//:viewer', ['--root', 'live', '--port', '0'], here);
      let out = '';
      viewer.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      viewer.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      try {
        let port: number | undefined;
        while (port === undefined) {
          const url = /serving at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
          if (url) port = Number(url[1]);
          else if (viewer.exitCode !== null) throw new Error(`bazel run //:viewer exited: ${out}`);
          else await sleep(100);
        }
        const response = await fetch(`http://127.0.0.1:${port}/api/state`);
        const state = (await response.json()) as { lanes?: unknown[] };
        expect(response.status).toBe(200);
        expect(state.lanes?.length ?? 0, JSON.stringify(state).slice(0, 300)).toBeGreaterThan(0);
      } finally {
        viewer.kill('SIGTERM');
      }
    });

    it("names a stamped pack's baseline from rules_rr's workspace status command, and none unstamped", async () => {
      // The workspace as a git checkout with a tag, and the status command rules_rr ships.
      const git = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=CI', '-c', 'user.email=ci@example.com', ...args], {
          cwd: ws.dir,
          encoding: 'utf8',
        }).trim();
      git('init', '-q');
      git('add', '-A', '.', ':!bazel-*');
      git('commit', '-q', '-m', 'the release');
      git('tag', '-a', 'v9', '-m', 'release v9');
      const commit = git('rev-parse', 'HEAD');
      const status = `--workspace_status_command=${join(REPO, 'rules', 'workspace_status.sh')}`;
      const stamped = await ws.bazel('build', ['--stamp', status, '//:audit']);
      expect(stamped.code, stamped.output).toBe(0);
      const start = await ws.read('bazel-bin/audit.pack/index.html');
      expect(start).toContain('tag <strong>v9</strong>');
      expect(start).toContain(`<code>${commit}</code>`);
      expect(start).not.toContain('modified');

      const plain = await ws.bazel('build', [status, '//:audit']);
      expect(plain.code, plain.output).toBe(0);
      expect(await ws.read('bazel-bin/audit.pack/index.html')).toContain('no baseline');
    });
  },
);
