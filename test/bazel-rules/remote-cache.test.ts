// rr's actions are hermetic and cacheable across machines (docs/bazel.md "Remote cache and remote
// execution"): two clones of the consumer workspace at different paths, with different users, homes,
// temporary folders, time zones and clocks (the second 1000 days ahead, actions included), build the
// same bytes in a sandbox, also when TMPDIR and USER reach the actions; and the second takes every rr
// action and test from a real HTTP remote cache (Debian's nginx) and from a disk cache. The audit pack
// (rr_publish, //:audit) is one of them: the same pages and zip from both clones, a cache hit in the second.
// Needs bazel, nginx and libfaketime (test/requirements.ts): skipped with a message without them, failed under CI.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { available, needsProgram, programPath } from '../requirements.js';
import { BazelWorkspace, type BazelRun } from './bazel-workspace.js';
import { processSummary, readExecutionLog, type SpawnExec } from './execution-log.js';
import { NginxCache } from './nginx-cache.js';
import { missingOutputs, outputDigests } from './output-tree.js';
import { secondsUnder, shiftedClockPrefix } from './shifted-clock.js';

/** The actions rules_rr runs, and Bazel's test runner for the rr tests and the set's test. */
const RR_MNEMONICS = new Set(['RrModel', 'RrVerificationSet', 'RrTestResults', 'RrPublish']);
/** The tests of rules_rr's rules in the consumer workspace, whose logs must be reproducible too. */
const RR_TESTS = ['model_test', 'set_test'];
/** What every rules_rr rule writes (below a configuration's folder): the comparison must hold them. */
const EXPECTED_OUTPUTS = [
  ...['model.json', 'diagnostics.json', 'check.txt', 'test.xml', 'exit_code'].map((f) => `bin/model.rr/${f}`),
  ...[
    'report.json',
    'report.txt',
    'lock.json',
    'update_refusal.txt',
    'check.txt',
    'test.xml',
    'exit_code',
    'evidence/dose_test/test.xml',
    'evidence/records/bench_accuracy.json',
  ].map((f) => `bin/set.rr/${f}`),
  ...['audit.pack/index.html', 'audit.pack/matrix.xlsx', 'audit.pack/risks.html', 'audit.zip'].map(
    (f) => `bin/${f}`,
  ),
  ...RR_TESTS.flatMap((test) => [`testlogs/${test}/test.xml`, `testlogs/${test}/test.log`]),
];
/** How far ahead clone 2's clock is, for libfaketime and in seconds. */
const CLOCK_AHEAD = '+1000d';
const SECONDS_AHEAD = 1000 * 86_400;
/** A package only clone 2 has: a genrule writing the time its action saw, by `date` and by Node.js. */
const CLOCK_PROBE = `genrule(
    name = "clock",
    outs = ["clock.txt"],
    cmd = "date +%s > $@ && node -e 'console.log(Math.floor(Date.now() / 1000))' >> $@",
)
`;

const cached = (spawns: SpawnExec[]) =>
  spawns.filter((s) => RR_MNEMONICS.has(s.mnemonic) || s.mnemonic === 'TestRunner');

/** A spawn's environment as a map. */
const envOf = (spawn: SpawnExec) =>
  new Map((spawn.environmentVariables ?? []).map(({ name, value }) => [name, value]));

describe.runIf(available(needsProgram('bazel'), needsProgram('nginx'), needsProgram('libfaketime')))(
  'rr actions across clones, sandboxed and from a remote cache',
  { timeout: 600_000 },
  () => {
    let root: string;
    let cache: NginxCache;
    let one: BazelWorkspace;
    let two: BazelWorkspace;
    let sandbox = 'linux-sandbox';
    const figures: string[] = [];

    /**
     * A clone with its own path, output base, user, home, temporary folder, time zone and locale, and
     * optionally a clock shifted ahead for its Bazel and every action (Bazel's install base is shared).
     */
    async function clone(
      name: string,
      path: string,
      settings: { tz: string; lang: string; clock?: string },
    ): Promise<BazelWorkspace> {
      const home = join(root, `home-${name}`);
      const tmp = join(root, `tmp-${name}`);
      const dir = join(root, path);
      const namespaces = join(root, `clock-${name}`);
      await Promise.all([home, tmp, dir, namespaces].map((d) => mkdir(d, { recursive: true })));
      const { clock } = settings;
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
          TZ: settings.tz,
          LANG: settings.lang,
          LC_ALL: settings.lang,
          PATH: `${join(home, 'bin')}:${process.env.PATH ?? ''}`,
        },
        ...(clock ? { prefix: () => shiftedClockPrefix(namespaces, clock) } : {}),
      });
    }

    /**
     * Flags of a sandboxed build as docs/bazel.md advises for a shared cache (a fixed action PATH);
     * tests run outside linux-sandbox, whose Debian build logs its mounts into test.log.
     */
    const sandboxed = (strategy = sandbox) => [
      `--spawn_strategy=${strategy}`,
      '--strategy=TestRunner=processwrapper-sandbox',
      '--incompatible_strict_action_env',
    ];
    /** Clone 2 runs under a shifted clock, where linux-sandbox cannot start (shifted-clock.ts). */
    const sandboxedTwo = () => sandboxed('processwrapper-sandbox');

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
      cache = await NginxCache.start(programPath('nginx')!, join(root, 'nginx'));
      one = await clone('alice', 'one/ws', { tz: 'UTC', lang: 'C.UTF-8' });
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

    it('builds the same bytes from clone 2 at another path, by another user, in another time zone, 1000 days later', async () => {
      two = await clone('bob', 'two/nested/checkout', {
        tz: 'Asia/Tokyo',
        lang: 'de_DE.UTF-8',
        clock: CLOCK_AHEAD,
      });
      // The lock as clone 1 wrote it, checked in; and the probe that shows the clock its actions saw.
      await two.write('rr.lock.json', await one.read('rr.lock.json'));
      await mkdir(join(two.dir, 'clock_probe'));
      await two.write('clock_probe/BUILD.bazel', CLOCK_PROBE);
      const realNow = Math.floor(Date.now() / 1000);
      expect(
        secondsUnder(await shiftedClockPrefix(join(root, 'clock-bob'), CLOCK_AHEAD)),
      ).toBeGreaterThanOrEqual(realNow + SECONDS_AHEAD);
      const run = await two.bazel('test', [...sandboxedTwo(), '//...']);
      expect(run.code, run.output).toBe(0);
      // Both `date` and Node.js in clone 2's actions saw the clock 1000 days ahead of this process.
      const probe = (await two.read('bazel-bin/clock_probe/clock.txt')).trim().split('\n').map(Number);
      expect(probe).toHaveLength(2);
      for (const seen of probe) expect(seen).toBeGreaterThanOrEqual(realNow + SECONDS_AHEAD);

      const a = await outputDigests(await outputPath(one), RR_TESTS);
      const withProbe = await outputDigests(await outputPath(two), RR_TESTS);
      const probeOutputs = [...withProbe.keys()].filter((path) => path.includes('/bin/clock_probe/'));
      expect(probeOutputs.map((path) => path.replace(/^[^/]+\//, ''))).toEqual(['bin/clock_probe/clock.txt']);
      const b = new Map([...withProbe].filter(([path]) => !probeOutputs.includes(path)));
      // The outputs of every rules_rr rule are there: model, set (report, lock, check, staged and run
      // evidence) and the tests' logs.
      expect(missingOutputs(a, EXPECTED_OUTPUTS)).toEqual([]);
      expect(missingOutputs(b, EXPECTED_OUTPUTS)).toEqual([]);
      expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
      const differing = [...a].filter(([path, digest]) => b.get(path) !== digest).map(([path]) => path);
      expect(differing).toEqual([]);
      figures.push(`two clones, the second's clock ${CLOCK_AHEAD}: ${a.size} output files byte-identical`);
      // Clone 2 builds only the consumer workspace from here on.
      await rm(join(two.dir, 'clock_probe'), { recursive: true });
    });

    it('takes every rr action and rr test of clone 2 from the nginx remote cache after its output base is wiped', async () => {
      await wipe(two, 'bob');
      const before = await outputDigests(await outputPath(one), RR_TESTS);
      const { run, spawns } = await logged(
        two,
        'test',
        [...sandboxedTwo(), `--remote_cache=${cache.url}`, '//...'],
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
      expect(missingOutputs(after, EXPECTED_OUTPUTS)).toEqual([]);
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
        [...sandboxedTwo(), `--disk_cache=${join(root, 'disk-cache')}`, '//...'],
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

    it('builds the same bytes when each clone passes its own TMPDIR and USER to the actions (--action_env)', async () => {
      const passOn = ['--action_env=TMPDIR', '--action_env=USER', '--action_env=LOGNAME'];
      const builds = [
        { ws: one, name: 'alice', flags: sandboxed() },
        { ws: two, name: 'bob', flags: sandboxedTwo() },
      ];
      const digests: Map<string, string>[] = [];
      for (const { ws, name, flags } of builds) {
        const { run, spawns } = await logged(
          ws,
          'test',
          [...flags, ...passOn, '//...'],
          `${name}-action-env`,
        );
        expect(run.code, run.output).toBe(0);
        const ran = spawns.filter((s) => !s.remoteCacheHit);
        // The set's test run and Bazel's test runner take the default shell environment: the clone's
        // own TMPDIR and USER reached them (they ran again: their keys changed).
        for (const mnemonic of ['RrTestResults', 'TestRunner']) {
          const got = ran.filter((s) => s.mnemonic === mnemonic);
          expect(got.length, `${name}: ${mnemonic} ran`).toBeGreaterThan(0);
          for (const spawn of got) {
            expect(envOf(spawn).get('TMPDIR'), mnemonic).toBe(join(root, `tmp-${name}`));
            expect(envOf(spawn).get('USER'), mnemonic).toBe(name);
          }
        }
        // rr's model and set actions run with a fixed environment, which --action_env does not reach
        // (their keys stay the same, so they did not run again: Bazel's action graph says it).
        const query = await ws.bazel('aquery', [...passOn, 'mnemonic("RrModel|RrVerificationSet", //...)']);
        expect(query.code, query.output).toBe(0);
        const environments = query.stdout.split('\n').filter((line) => /^\s*Environment:/.test(line));
        expect(environments.length, query.stdout).toBe(2);
        for (const line of environments) expect(line.trim()).toBe('Environment: [BAZEL_BINDIR=.]');
        digests.push(await outputDigests(await outputPath(ws), RR_TESTS));
      }
      const [a, b] = digests as [Map<string, string>, Map<string, string>];
      expect(missingOutputs(a, EXPECTED_OUTPUTS)).toEqual([]);
      expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
      expect([...a].filter(([path, digest]) => b.get(path) !== digest).map(([path]) => path)).toEqual([]);
      figures.push(
        `with TMPDIR, USER and LOGNAME passed on to actions: ${a.size} output files byte-identical`,
      );
    });
  },
);
