// What a test needs from the machine that not every developer has: a real program (Chromium, Bazel,
// KiCad, git, nginx, libfaketime), an optional package, or data read in place (the test data in ../shared
// beside the checkout, KiCad's demo boards). On a developer's machine without it the tests that need it
// are skipped, and the run says what is missing and how to get it; under CI=true (.ci/run installs all of
// it) a missing one fails the test file instead: tests that must run, run
// (docs/decisions/0205-tests-that-need-a-program-or-data-fail-under-ci.md). The viewer's tests import this
// file by relative path too: test/licence/package-licences.test.ts keeps viewer/src and viewer/bench from
// reaching outside viewer/, not its tests, which its npm package does not ship.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Something a test needs, and why it is missing here (undefined when it is there). */
export interface Need {
  what: string;
  missing: string | undefined;
}

/** Where Debian's Chromium is (.ci/install-chromium installs it); playwright-core drives it. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** The Python that KiCad's pcbnew module is installed for (Debian's KiCad, .ci/install-kicad). */
export const KICAD_PYTHON = '/usr/bin/python3';

/** The real programs tests use, each with how to find it and how to install it. */
const PROGRAMS = {
  chromium: {
    find: () => (existsSync(CHROMIUM_PATH) ? CHROMIUM_PATH : undefined),
    install: `no Chromium at ${CHROMIUM_PATH}: install it with \`bash .ci/install-chromium\` (Debian's chromium package)`,
  },
  bazel: { find: () => onPath('bazel'), install: 'no `bazel` on PATH: apt-get install bazel-bootstrap' },
  git: { find: () => onPath('git'), install: 'no `git` on PATH: apt-get install git' },
  nginx: {
    find: () => onPath('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined),
    install: 'no `nginx`: apt-get install nginx',
  },
  libfaketime: { find: findLibfaketime, install: 'no libfaketime: apt-get install faketime' },
  'kicad-cli': {
    find: () => (runs('kicad-cli', ['version']) ? 'kicad-cli' : undefined),
    install: 'kicad-cli is not on PATH: run `bash .ci/install-kicad` (as root)',
  },
  pcbnew: {
    find: () => (runs(KICAD_PYTHON, ['-c', 'import pcbnew']) ? KICAD_PYTHON : undefined),
    install: `${KICAD_PYTHON} cannot import KiCad's pcbnew module: run \`bash .ci/install-kicad\` (as root)`,
  },
} satisfies Record<string, { find: () => string | undefined; install: string }>;

/** A program tests can need. */
export type Program = keyof typeof PROGRAMS;

const found = new Map<Program, string | undefined>();

/** Where a program is (a path, or its name when found by running it), or undefined; looked up once. */
export function programPath(name: Program): string | undefined {
  if (!found.has(name)) found.set(name, PROGRAMS[name].find());
  return found.get(name);
}

/** A real program the test runs. */
export function needsProgram(name: Program): Need {
  return { what: name, missing: programPath(name) === undefined ? PROGRAMS[name].install : undefined };
}

/** A file or folder the test reads in place; `howToGet` says where it comes from (an env variable, a script). */
export function needsData(path: string, what: string, howToGet: string): Need {
  return { what, missing: existsSync(path) ? undefined : `${what} not at ${path} (${howToGet})` };
}

/** An optional npm package (one `npm ci` installs unless told not to). */
export function needsPackage(name: string): Need {
  try {
    createRequire(import.meta.url).resolve(name);
    return { what: name, missing: undefined };
  } catch {
    return { what: name, missing: `the optional package ${name} is not installed (npm ci installs it)` };
  }
}

/** Whether this run must not skip: CI=true (any value but empty, 0 or false). */
export function underCi(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const ci = env.CI ?? '';
  return ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/**
 * Whether the tests that need these can run here: true when every need is met. When one is not, a
 * developer's run writes what is missing to stderr and the tests are skipped (false); under CI it throws,
 * which fails the test file with the same words. Call it where the file's tests are declared:
 * `describe.runIf(available(needsProgram('chromium')))(…)`.
 */
export function available(...needs: Need[]): boolean {
  const missing = needs.flatMap((n) => (n.missing === undefined ? [] : [n.missing]));
  if (missing.length === 0) return true;
  if (underCi()) throw new Error(`CI must run these tests, but ${missing.join('; ')}`);
  process.stderr.write(`skipped: ${missing.join('; ')}\n`);
  return false;
}

function onPath(command: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function runs(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/** Debian's libfaketime.so.1, under the multiarch folder of /usr/lib. */
function findLibfaketime(): string | undefined {
  return readdirSync('/usr/lib')
    .map((dir) => join('/usr/lib', dir, 'faketime', 'libfaketime.so.1'))
    .find((path) => existsSync(path));
}
