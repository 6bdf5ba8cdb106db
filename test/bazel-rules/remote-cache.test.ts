// rr's actions are hermetic and cacheable across machines (docs/bazel.md "Remote cache and remote
// execution"): two clones of the consumer workspace at different paths, with different users, homes,
// temporary folders and clocks, build the same bytes in a sandbox, and the second takes every rr
// action and test from a real HTTP remote cache (Debian's nginx) and from a disk cache.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BazelWorkspace, findBazel, type BazelRun } from './bazel-workspace.js';
import { processSummary, readExecutionLog, type SpawnExec } from './execution-log.js';
import { findNginx, NginxCache } from './nginx-cache.js';
import { outputDigests } from './output-tree.js';

const bazel = findBazel();
const nginx = findNginx();
const required = Boolean(process.env.CI);

describe.runIf(required && (!bazel || !nginx))('remote cache test under CI', () => {
  it('has bazel and nginx (CI installs bazel-bootstrap and nginx in .ci/run)', () => {
    expect(bazel, 'no bazel on PATH: apt-get install bazel-bootstrap').toBeDefined();
    expect(nginx, 'no nginx: apt-get install nginx').toBeDefined();
  });
});

if ((!bazel || !nginx) && !required) {
  console.warn(
    'test/bazel-rules/remote-cache: skipped, needs `bazel` and `nginx` (apt-get install bazel-bootstrap nginx)',
  );
}

/** The actions rules_rr runs, and Bazel's test runner for the rr tests and the set's test. */
const RR_MNEMONICS = new Set(['RrModel', 'RrVerificationSet', 'RrTestResults']);
/** The tests of rules_rr's rules in the consumer workspace, whose logs must be reproducible too. */
const RR_TESTS = ['model_test', 'set_test'];

const cached = (spawns: SpawnExec[]) =>
  spawns.filter((s) => RR_MNEMONICS.has(s.mnemonic) || s.mnemonic === 'TestRunner');

describe.runIf(Boolean(bazel && nginx))(
  'rr actions across clones, sandboxed and from a remote cache',
  { timeout: 600_000 },
  () => {
    let root: string;
    let cache: NginxCache;
    let one: BazelWorkspace;
    let two: BazelWorkspace;
    let sandbox = 'linux-sandbox';
    const figures: string[] = [];

    /** A clone with its own path, output base, user, home and temporary folder (Bazel's install base is shared). */
    async function clone(name: string, path: string, tz: string, lang: string): Promise<BazelWorkspace> {
      const home = join(root, `home-${name}`);
      const tmp = join(root, `tmp-${name}`);
      const dir = join(root, path);
      await Promise.all([home, tmp, dir].map((d) => mkdir(d, { recursive: true })));
      return BazelWorkspace.create({
        dir,
        startup: [
          `--output_user_root=${join(root, 'user-root')}`,
          `--output_base=${join(root, `base-${name}`)}`,
        ],
        // A PATH of their own too: with --incompatible_strict_action_env it reaches no action.
        env: {
          HOME: home,
          USER: name,
          LOGNAME: name,
          TMPDIR: tmp,
          TZ: tz,
          LANG: lang,
          LC_ALL: lang,
          PATH: `${join(home, 'bin')}:${process.env.PATH ?? ''}`,
        },
      });
    }

    /**
     * Flags of a sandboxed build as docs/bazel.md advises for a shared cache (a fixed action PATH);
     * tests run outside linux-sandbox, whose Debian build logs its mounts into test.log.
     */
    const sandboxed = () => [
      `--spawn_strategy=${sandbox}`,
      '--strategy=TestRunner=processwrapper-sandbox',
      '--incompatible_strict_action_env',
    ];

    /** Runs bazel with an execution log; returns the run and its spawns. */
    async function logged(ws: BazelWorkspace, command: string, args: string[], name: string) {
      const log = join(root, `${name}.exec.json`);
      const run = await ws.bazel(command, [`--execution_log_json_file=${log}`, ...args]);
      return { run, spawns: await readExecutionLog(log).catch(() => [] as SpawnExec[]) };
    }

    /** Stops the clone's Bazel server and deletes its output base: nothing local is left to reuse. */
    async function wipe(ws: BazelWorkspace, name: string): Promise<void> {
      await ws.bazel('shutdown', []);
      const base = join(root, `base-${name}`);
      // Bazel leaves read-only folders behind.
      execFileSync('chmod', ['-R', 'u+w', base]);
      await rm(base, { recursive: true, force: true });
    }

    const outputPath = async (ws: BazelWorkspace) => (await ws.bazel('info', ['output_path'])).stdout.trim();

    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'rr-remote-'));
      cache = await NginxCache.start(nginx!, join(root, 'nginx'));
      one = await clone('alice', 'one/ws', 'UTC', 'C.UTF-8');
    }, 120_000);

    afterAll(async () => {
      for (const ws of [one, two]) await ws?.bazel('shutdown', []);
      await cache?.stop();
      console.info(figures.join('\n'));
      if (root) {
        execFileSync('chmod', ['-R', 'u+w', root]);
        await rm(root, { recursive: true, force: true });
      }
    }, 120_000);

    it('builds and tests clone 1 with every rr action in a sandbox, filling the remote and disk caches', async () => {
      const caches = [`--remote_cache=${cache.url}`, `--disk_cache=${join(root, 'disk-cache')}`];
      let update: { run: BazelRun; spawns: SpawnExec[] } = await logged(
        one,
        'run',
        [...sandboxed(), ...caches, '//:set.update'],
        'one-update',
      );
      if (/no strategy with that identifier|Valid values are|not registered/i.test(update.run.output)) {
        // This machine's Bazel cannot use linux-sandbox (no user namespaces): the process-wrapper
        // sandbox still builds each action in its own execroot of declared inputs only.
        sandbox = 'processwrapper-sandbox';
        update = await logged(one, 'run', [...sandboxed(), ...caches, '//:set.update'], 'one-update');
      }
      expect(update.run.code, update.run.output).toBe(0);
      const test = await logged(one, 'test', [...sandboxed(), ...caches, '//...'], 'one-test');
      expect(test.run.code, test.run.output).toBe(0);
      expect(test.run.output).toMatch(/\/\/:set_test\s+PASSED/);

      const rrSpawns = [...update.spawns, ...test.spawns].filter((s) => RR_MNEMONICS.has(s.mnemonic));
      expect(new Set(rrSpawns.map((s) => s.mnemonic))).toEqual(RR_MNEMONICS);
      // Every rr action ran sandboxed: an undeclared input would have failed the build.
      expect(rrSpawns.filter((s) => s.runner !== sandbox).map((s) => `${s.mnemonic}: ${s.runner}`)).toEqual(
        [],
      );
      expect(await cache.uploads()).toBeGreaterThan(0);
      figures.push(
        `clone 1: ${rrSpawns.length} rr actions ran under ${sandbox}, ${test.spawns.filter((s) => s.mnemonic === 'TestRunner').length} tests; nginx stored ${await cache.uploads()} entries`,
      );
    });

    it('builds the same bytes from clone 2 at another path, by another user, later, in another time zone', async () => {
      two = await clone('bob', 'two/nested/checkout', 'Asia/Tokyo', 'de_DE.UTF-8');
      // The lock as clone 1 wrote it, checked in.
      await two.write('rr.lock.json', await one.read('rr.lock.json'));
      const run = await two.bazel('test', [...sandboxed(), '//...']);
      expect(run.code, run.output).toBe(0);

      const [a, b] = await Promise.all([
        outputDigests(await outputPath(one), RR_TESTS),
        outputDigests(await outputPath(two), RR_TESTS),
      ]);
      // The outputs of every rules_rr rule are there: model, set (report, lock, staged and run evidence), tests.
      for (const out of [
        'model.rr/model.json',
        'set.rr/report.json',
        'set.rr/lock.json',
        'set.rr/evidence/dose_test/test.xml',
      ]) {
        expect(
          [...a.keys()].some((path) => path.endsWith(`/bin/${out}`)),
          out,
        ).toBe(true);
      }
      expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
      const differing = [...a].filter(([path, digest]) => b.get(path) !== digest).map(([path]) => path);
      expect(differing).toEqual([]);
      figures.push(`two clones: ${a.size} output files byte-identical`);
    });

    it('takes every rr action and rr test of clone 2 from the nginx remote cache after its output base is wiped', async () => {
      await wipe(two, 'bob');
      const before = await outputDigests(await outputPath(one), RR_TESTS);
      const { run, spawns } = await logged(
        two,
        'test',
        [...sandboxed(), `--remote_cache=${cache.url}`, '//...'],
        'two-remote',
      );
      expect(run.code, run.output).toBe(0);
      const relevant = cached(spawns);
      expect(relevant.filter((s) => RR_MNEMONICS.has(s.mnemonic)).length).toBeGreaterThanOrEqual(3);
      expect(
        relevant
          .filter((s) => !s.remoteCacheHit)
          .map((s) => `${s.mnemonic} ${s.progressMessage ?? ''}: ${s.runner}`),
      ).toEqual([]);
      // Bazel's own summary: nothing ran here, sandboxed or not.
      const summary = processSummary(run.output);
      expect(
        [...summary.keys()].filter((runner) => !['remote cache hit', 'internal'].includes(runner)),
      ).toEqual([]);
      expect(summary.get('remote cache hit')).toBe(spawns.filter((s) => s.remoteCacheHit).length);
      const after = await outputDigests(await outputPath(two), RR_TESTS);
      expect([...after].filter(([path, digest]) => before.get(path) !== digest)).toEqual([]);
      figures.push(
        `remote cache (nginx): ${relevant.length} rr actions and tests, ${relevant.filter((s) => s.remoteCacheHit).length} remote cache hits, summary ${JSON.stringify(Object.fromEntries(summary))}`,
      );
    });

    it('takes them from the disk cache too', async () => {
      await wipe(two, 'bob');
      const { run, spawns } = await logged(
        two,
        'test',
        [...sandboxed(), `--disk_cache=${join(root, 'disk-cache')}`, '//...'],
        'two-disk',
      );
      expect(run.code, run.output).toBe(0);
      const relevant = cached(spawns);
      expect(relevant.length).toBeGreaterThanOrEqual(3);
      expect(relevant.filter((s) => !s.remoteCacheHit).map((s) => `${s.mnemonic}: ${s.runner}`)).toEqual([]);
      const summary = processSummary(run.output);
      expect(
        [...summary.keys()].filter((runner) => !/cache hit$/.test(runner) && runner !== 'internal'),
      ).toEqual([]);
      figures.push(
        `disk cache: ${relevant.length} rr actions and tests, ${relevant.filter((s) => s.remoteCacheHit).length} cache hits, summary ${JSON.stringify(Object.fromEntries(summary))}`,
      );
    });
  },
);
