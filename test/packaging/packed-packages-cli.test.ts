// Each package installs on its own: `npm pack` of rr (rules-rr, the repository root) and of the live
// viewer (rules-rr-viewer, viewer/) gives a tarball that ships what the package needs (no tests, no
// source maps, no file of the other package) under the package's licence, and that works after
// `npm install <tarball>` in an empty project with no repository around it: rr's commands on the
// example it ships, its editor, its vitest reporter, and, with the viewer's tarball beside it, `rr view`.
// Installing rr alone pulls in none of the viewer's libraries. Slow (npm installs from the registry,
// with npm's own cache): minutes.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run-cli.js';
import { launchBrowser } from '../e2e/browser-launch.js';
import { needsProgram, underCi } from '../requirements.js';
import { filesUnder, packPackage, type PackedPackage } from './packed-package.js';
import {
  createProject,
  installedPackages,
  processesMentioning,
  projectAbove,
  run,
  scratchEnv,
  startServer,
  type Started,
} from './scratch-project.js';

const VIEWER_DIR = join(repoRoot, 'viewer');
const AGPL_HEADER = 'SPDX-License-Identifier: AGPL-3.0-or-later';
/** Files of code and pages, whose licence a header states. */
const CODE = /\.(js|mjs|cjs|ts|mts|css|html|py)$/;
/** What a running npm install may take on a shared two-core machine. */
const INSTALL_TIME = 10 * 60_000;
/** What starting a server through npx, asking it and stopping it may take there. */
const SERVER_TIME = 5 * 60_000;

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const names = (deps: unknown) => Object.keys((deps ?? {}) as Record<string, string>);
/** The first three lines of a file, where its licence header is. */
const head = (path: string) => readFileSync(path, 'utf8').split('\n', 3).join('\n');
/**
 * The status of a GET, after reading the whole answer as a browser would; an unread answer keeps its
 * connection busy, which a server's close then waits for.
 */
const statusOf = async (url: URL) => {
  const answer = await fetch(url);
  await answer.arrayBuffer();
  return answer.status;
};
/** Whether a path is one of `prefixes` (a folder when it ends in '/', else a file). */
const under = (path: string, prefixes: string[]) =>
  prefixes.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));

let work: string;
let env: NodeJS.ProcessEnv;
let rr: PackedPackage;
let viewer: PackedPackage;
const servers: Started[] = [];

beforeAll(async () => {
  // Outside the repository, with nothing above it that npm or Node would take for a project.
  work = realpathSync(mkdtempSync(join(tmpdir(), 'rr-packages-')));
  const above = projectAbove(work);
  if (above)
    throw new Error(
      `${above} holds node_modules or package.json: set TMPDIR to a folder outside any project`,
    );
  mkdirSync(join(work, 'tmp'));
  env = scratchEnv({ TMPDIR: join(work, 'tmp'), RR_CACHE_DIR: join(work, 'rr-cache') });
  const build = await run('npm', ['run', 'build'], repoRoot, scratchEnv());
  if (build.code !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  mkdirSync(join(work, 'tarballs'));
  rr = packPackage(repoRoot, join(work, 'tarballs'), env);
  viewer = packPackage(VIEWER_DIR, join(work, 'tarballs'), env);
  for (const p of [rr, viewer])
    console.log(
      `${p.name}: ${p.files.length} files, ${p.size} bytes packed, ${p.unpackedSize} bytes unpacked (${p.tarball})`,
    );
}, INSTALL_TIME);

afterAll(() => {
  for (const server of servers) server.kill();
  // Two installed projects: tens of thousands of files.
  if (work) rmSync(work, { recursive: true, force: true });
}, SERVER_TIME);

describe('the packed files', () => {
  it('rules-rr ships its command line, modules, editor page, own schemas and examples, and no viewer file', () => {
    const paths = rr.files.map((f) => f.path);
    // The tarball holds what npm pack listed, no more.
    expect(filesUnder(rr.root)).toEqual(paths);
    const allowed = [
      'package.json',
      'README.md',
      'LICENSE',
      'bin/rr.js',
      'dist/tools/',
      'dist/ui/editor/',
      'schemas/',
      'examples/infusion-pump/',
      'examples/broken/',
    ];
    expect(paths.filter((p) => !under(p, allowed))).toEqual([]);
    for (const needed of [
      'dist/tools/cli/main.js',
      'dist/tools/vitest/junit-reporter.js',
      'dist/tools/vitest/junit-reporter.d.ts',
      'dist/tools/vitest/verifies.js',
      'dist/tools/model/model-schema-validator.generated.cjs',
      'dist/ui/editor/index.html',
      'dist/ui/editor/main.js',
      'dist/ui/editor/third-party.json',
      'examples/infusion-pump/rr.yaml',
      'examples/infusion-pump/rr.lock.json',
    ])
      expect(paths, needed).toContain(needed);
    expect(
      paths.filter((p) => p.startsWith('examples/infusion-pump/bazel-testlogs/')).length,
    ).toBeGreaterThan(10);
    // rr's own schemas, all of them; none of the viewer's (pnr-*).
    expect(paths.filter((p) => p.startsWith('schemas/'))).toEqual(
      readdirSync(join(repoRoot, 'schemas'))
        .sort()
        .map((f) => `schemas/${f}`),
    );
    expect(paths.filter((p) => /(^|\/)pnr-|viewer\/|rules-rr-viewer/.test(p))).toEqual([]);
    // No source maps, tests or benchmarks (the example's own test sources are part of the example).
    const outsideExamples = paths.filter((p) => !p.startsWith('examples/'));
    expect(
      outsideExamples.filter((p) => /\.map$|\.(test|spec)\.|(^|\/)(test|tests|bench)\//.test(p)),
    ).toEqual([]);
    // Every compiled module has its source in tools/: no output of a removed or moved source.
    const compiled = paths.filter((p) => p.startsWith('dist/tools/') && /\.(js|d\.ts)$/.test(p));
    const sources = new Set(filesUnder(join(repoRoot, 'tools')).map((f) => `dist/tools/${f}`));
    expect(compiled.filter((p) => !sources.has(p.replace(/\.(js|d\.ts)$/, '.ts')))).toEqual([]);
  });

  it('rules-rr-viewer ships its command line, server, page, schemas, example design and extractor, no tests', () => {
    const paths = viewer.files.map((f) => f.path);
    expect(filesUnder(viewer.root)).toEqual(paths);
    const allowed = [
      'package.json',
      'README.md',
      'LICENSE',
      'bin/rr-viewer.js',
      'dist/src/',
      'dist/ui/',
      'schemas/',
      'examples/design-sensor-node/',
      'src/geometry/pcbnew_extract.py',
    ];
    expect(paths.filter((p) => !under(p, allowed))).toEqual([]);
    for (const needed of [
      'dist/src/cli/viewer-cli.js',
      'dist/src/engine-runtime/engine-service-runner.js',
      'dist/ui/index.html',
      'dist/ui/viewer.js',
      'dist/ui/viewer.css',
      'dist/ui/LICENSE',
      'dist/ui/third-party.json',
      'examples/design-sensor-node/ato.yaml',
      'src/geometry/pcbnew_extract.py',
    ])
      expect(paths, needed).toContain(needed);
    expect(paths.filter((p) => p.startsWith('schemas/'))).toEqual(
      readdirSync(join(VIEWER_DIR, 'schemas'))
        .sort()
        .map((f) => `schemas/${f}`),
    );
    expect(
      paths.filter((p) => /\.map$|\.(test|spec)\.|(^|\/)(test|tests|bench)\/|tsbuildinfo/.test(p)),
    ).toEqual([]);
    const compiled = paths.filter((p) => p.startsWith('dist/src/') && p.endsWith('.js'));
    const sources = new Set(filesUnder(join(VIEWER_DIR, 'src')).map((f) => `dist/src/${f}`));
    expect(compiled.filter((p) => !sources.has(p.replace(/\.js$/, '.ts')))).toEqual([]);
  });

  it('keeps every file of rules-rr free of the AGPL, and puts the AGPL on every file of the viewer’s own', () => {
    expect(readJson(join(rr.root, 'package.json')).license).toBe('Apache-2.0');
    expect(readFileSync(join(rr.root, 'LICENSE'), 'utf8')).toContain('Apache License');
    const rrCode = rr.files.map((f) => f.path).filter((p) => CODE.test(p));
    expect(rrCode.length).toBeGreaterThan(500);
    expect(
      rrCode.filter((p) => readFileSync(join(rr.root, p), 'utf8').includes('SPDX-License-Identifier: AGPL')),
    ).toEqual([]);

    expect(readJson(join(viewer.root, 'package.json')).license).toBe('AGPL-3.0-or-later');
    expect(readFileSync(join(viewer.root, 'LICENSE'), 'utf8')).toContain('GNU AFFERO GENERAL PUBLIC LICENSE');
    // The viewer's own code says its licence in its first lines, the minified page script and its
    // chunks too; the third-party libraries the page loads (dist/ui/vendor/) keep their own.
    const viewerCode = viewer.files.map((f) => f.path).filter((p) => CODE.test(p));
    const own = viewerCode.filter((p) => !p.startsWith('dist/ui/vendor/'));
    expect(own.length).toBeGreaterThan(150);
    expect(own.filter((p) => !head(join(viewer.root, p)).includes(AGPL_HEADER))).toEqual([]);
    const thirdParty = readJson(join(viewer.root, 'dist/ui/third-party.json')).libraries as {
      licenseFile: string;
      files: string[];
    }[];
    const listed = new Set(thirdParty.flatMap((l) => [...l.files, l.licenseFile].map((f) => `dist/ui/${f}`)));
    const vendored = viewer.files.map((f) => f.path).filter((p) => p.startsWith('dist/ui/vendor/'));
    expect(vendored.length).toBeGreaterThan(0);
    expect(vendored.filter((p) => !listed.has(p))).toEqual([]);
    expect([...listed].filter((p) => !vendored.includes(p))).toEqual([]);
  });
});

describe('rules-rr installed alone into an empty project', () => {
  let project: string;
  /** The packages `npm ls --all` lists after `npm install <rules-rr tarball>`, before vitest was added. */
  let installed: Set<string>;
  const npx = (args: string[]) => run('npx', args, project, env, 5 * 60_000);

  beforeAll(async () => {
    project = createProject(work, 'rr-alone');
    const install = await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', rr.tarball],
      project,
      env,
      INSTALL_TIME,
    );
    console.log(`npm install ${rr.tarball}: exit ${install.code}\n${install.stdout}${install.stderr}`);
    if (install.code !== 0) throw new Error(`npm install of the rules-rr tarball failed:\n${install.stderr}`);
    installed = await installedPackages(project, env);
    // The reporter needs vitest, which rr leaves to the project: the version rr's own tests use.
    const vitest = readJson(join(repoRoot, 'node_modules/vitest/package.json')).version as string;
    const dev = await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', `vitest@${vitest}`],
      project,
      env,
      INSTALL_TIME,
    );
    if (dev.code !== 0) throw new Error(`npm install vitest failed:\n${dev.stderr}`);
  }, 2 * INSTALL_TIME);

  it('pulls in none of the viewer’s libraries', () => {
    const viewerManifest = readJson(join(VIEWER_DIR, 'package.json'));
    const rrManifest = readJson(join(repoRoot, 'package.json'));
    const rrDeps = new Set([...names(rrManifest.dependencies), ...names(rrManifest.optionalDependencies)]);
    const viewerOnly = names(viewerManifest.dependencies).filter((d) => d !== 'rules-rr' && !rrDeps.has(d));
    expect(viewerOnly).toEqual(
      expect.arrayContaining(['three', 'elkjs', '@modelcontextprotocol/sdk', 'zod']),
    );
    expect(installed.has('rules-rr')).toBe(true);
    expect([...installed].filter((name) => name === 'rules-rr-viewer' || viewerOnly.includes(name))).toEqual(
      [],
    );
  });

  it(
    'validates the example it ships',
    async () => {
      const r = await npx(['rr', 'validate', 'node_modules/rules-rr/examples/infusion-pump']);
      console.log(`npx rr validate: exit ${r.code}\n${r.stdout}${r.stderr}`);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(
        /^node_modules\/rules-rr\/examples\/infusion-pump: 58 entities \(.*\) in \d+ files: 0 errors, 0 warnings\n$/,
      );
    },
    SERVER_TIME,
  );

  it(
    'reports over the example’s evidence, ending with its one deliberate multi-tag case',
    async () => {
      const example = 'node_modules/rules-rr/examples/infusion-pump';
      const r = await npx(['rr', 'report', '--model', example, '--evidence', `${example}/bazel-testlogs`]);
      console.log(`npx rr report: exit ${r.code}\n${r.stdout.split('\n').slice(-8).join('\n')}${r.stderr}`);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toMatch(/^REQ-003 +requirement +VERIFIED +4 cases$/m);
      expect(r.stdout).toMatch(
        /\n\d+ test cases, 1 quarantined; each case maps to at most one requirement\n/,
      );
      expect(r.stdout).toContain(
        `${example}/bazel-testlogs/pump/sensors/pressure_monitor_test/test.xml:8:1: error multi-tag: case //pump/sensors:pressure_monitor_test PressureMonitorTest/occlusion_and_air_alarms_share_motor_stop_path is tagged with REQ-026, REQ-029`,
      );
      expect(r.stdout).toMatch(/\n1 error, 0 warnings\n$/);
    },
    SERVER_TIME,
  );

  it(
    'serves the editor on a copy of the example (rr serve --demo) until stopped, leaving nothing running',
    async () => {
      const server = await startServer(
        'npx',
        ['rr', 'serve', '--demo', '--port', '0'],
        project,
        env,
        /rr editor: (http:\/\/\S+\/)/,
      );
      servers.push(server);
      console.log(`npx rr serve --demo: address after ${server.startedIn} ms\n${server.output()}`);
      const state = await fetch(new URL('/api/state', server.url));
      expect(state.status).toBe(200);
      const body = (await state.json()) as {
        counts: { entities: number; quarantined: number };
        invariant: string;
      };
      expect(body.counts).toMatchObject({ entities: 58, quarantined: 1 });
      const page = await fetch(server.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<rr-editor-app>');
      expect(await statusOf(new URL('/main.js', server.url))).toBe(200);
      // The copy is made in the temporary folder, never in the installed package.
      expect(server.output()).toContain(`new git repository at ${join(work, 'tmp')}`);
      console.log(`stopped (Ctrl-C) in ${await server.stop()} ms`);
      expect(server.running()).toBe(false);
      expect(processesMentioning(project)).toEqual([]);
    },
    SERVER_TIME,
  );

  it(
    'tags vitest results with rules-rr/vitest-reporter and rules-rr/vitest as docs/test-plugins.md shows',
    async () => {
      writeFileSync(
        join(project, 'vitest.config.mjs'),
        `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', ['rules-rr/vitest-reporter', { outputFile: 'reports/junit.xml' }]],
  },
});
`,
      );
      mkdirSync(join(project, 'src'));
      writeFileSync(
        join(project, 'src/dose.test.ts'),
        `import { describe, expect, test } from 'vitest';
import { verifies } from 'rules-rr/vitest';

describe('dose calculator', () => {
  test('computes the hourly rate', verifies('REQ-DOSE-1', { level: 'unit' }), () => {
    expect(100 / 4).toBe(25);
  });
});
`,
      );
      const r = await npx(['vitest', 'run']);
      console.log(`npx vitest run: exit ${r.code}\n${r.stdout}${r.stderr}`);
      expect(r.code, `${r.stdout}${r.stderr}`).toBe(0);
      const xml = readFileSync(join(project, 'reports/junit.xml'), 'utf8');
      expect(xml).toContain(
        '<testcase name="dose calculator &gt; computes the hourly rate" classname="src/dose.test.ts" file="src/dose.test.ts"',
      );
      expect(xml).toContain('<property name="requirement" value="REQ-DOSE-1"/>');
      expect(xml).toContain('<property name="level" value="unit"/>');
    },
    SERVER_TIME,
  );

  it(
    'says how to install the viewer when asked for rr view',
    async () => {
      const r = await npx(['rr', 'view', '--demo', '--port', '0']);
      console.log(`npx rr view (no viewer): exit ${r.code}\n${r.stderr}`);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('install it beside rr with `npm install rules-rr-viewer`');
    },
    SERVER_TIME,
  );
});

describe('rules-rr and rules-rr-viewer installed together into an empty project', () => {
  let project: string;

  beforeAll(async () => {
    project = createProject(work, 'rr-and-viewer');
    const install = await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', rr.tarball, viewer.tarball],
      project,
      env,
      INSTALL_TIME,
    );
    console.log(`npm install of both tarballs: exit ${install.code}\n${install.stdout}${install.stderr}`);
    if (install.code !== 0) throw new Error(`npm install of both tarballs failed:\n${install.stderr}`);
  }, INSTALL_TIME);

  it('uses the rules-rr tarball for the viewer’s dependency on rr', () => {
    const lock = readJson(join(project, 'package-lock.json')).packages as Record<
      string,
      { resolved?: string }
    >;
    expect(lock['node_modules/rules-rr']?.resolved).toMatch(/^file:.*rules-rr-0\.1\.0\.tgz$/);
    expect(Object.keys(lock).filter((key) => key.endsWith('/node_modules/rules-rr'))).toEqual([]);
  });

  it(
    'serves the live viewer on its demo (rr view --demo): the state, the page and its scripts',
    async () => {
      const server = await startServer(
        'npx',
        ['rr', 'view', '--demo', '--port', '0'],
        project,
        env,
        /rr view: serving at (http:\/\/\S+\/)/,
      );
      servers.push(server);
      console.log(`npx rr view --demo: address after ${server.startedIn} ms\n${server.output()}`);
      const state = await fetch(new URL('/api/state', server.url));
      expect(state.status).toBe(200);
      expect(((await state.json()) as { root: string }).root).toContain(join(work, 'tmp'));
      const page = await fetch(server.url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<script type="module" src="viewer.js"></script>');
      // Every script the page names (its own and, through the import map, the libraries') is served.
      const map = JSON.parse(/<script type="importmap">(.*?)<\/script>/.exec(html)![1]!) as {
        imports: Record<string, string>;
      };
      for (const script of ['viewer.js', 'viewer.css', ...Object.values(map.imports)])
        expect(await statusOf(new URL(script, server.url)), script).toBe(200);

      const { missing } = needsProgram('chromium');
      if (missing && underCi()) throw new Error(`CI must load the page in Chromium, but ${missing}`);
      if (!missing) {
        const browser = await launchBrowser();
        try {
          const tab = await browser.newPage();
          const errors: string[] = [];
          tab.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
          tab.on('console', (m) => {
            if (m.type() === 'error') errors.push(`console: ${m.text()}`);
          });
          await tab.goto(server.url.href);
          // The page's script ran: its app element is defined and has drawn itself.
          await tab.waitForFunction(
            "customElements.get('rr-viewer-app') !== undefined && document.querySelector('rr-viewer-app')?.shadowRoot?.childElementCount > 0",
            undefined,
            { timeout: 60_000 },
          );
          expect(errors).toEqual([]);
        } finally {
          await browser.close();
        }
      } else console.warn(`page not loaded in a browser: ${missing}`);

      console.log(`stopped (Ctrl-C) in ${await server.stop()} ms`);
      expect(server.running()).toBe(false);
      expect(processesMentioning(project)).toEqual([]);
      // The demo's experiment went into a temporary folder, which it removes when it stops.
      expect(readdirSync(join(work, 'tmp')).filter((f) => f.startsWith('rr-view-demo-'))).toEqual([]);
    },
    SERVER_TIME,
  );
});
