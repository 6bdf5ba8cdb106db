// SPDX-License-Identifier: AGPL-3.0-or-later
// Which source the running viewer was built from, for GET /api/about and the page's header link:
// VIEWER_SOURCE_REVISION when set (a packaged build), else the HEAD of the checkout rr runs from, with
// a modified flag when tracked files have uncommitted changes. Looked up once, at start.
import { execFile } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { isJsonObject } from 'rules-rr/core/model/checked-json.js';

const run = promisify(execFile);

/** The source part of GET /api/about. */
export interface SourceInfo {
  repository: string | null;
  revision: string | null;
  revisionFrom: 'environment' | 'git' | 'unknown';
  modified: boolean;
  /** The source tree of the revision, when the repository is a web URL. */
  tree: string | null;
  /** Where the changes of a modified viewer are published (--source-url). */
  changes: string | null;
  /** Where the revision came from, in words, for a header without a link (no web remote). */
  from: string;
}

/** Looks up the source of the rr package at `packageRoot`. */
export async function sourceInfo(options: {
  packageRoot: string;
  env: Readonly<Record<string, string | undefined>>;
  sourceUrl?: string;
}): Promise<SourceInfo> {
  const git = await checkoutOf(options.packageRoot);
  const fromEnv = options.env.VIEWER_SOURCE_REVISION?.trim() || undefined;
  const revision = fromEnv ?? git?.head ?? null;
  // The checkout's own remote first: a clone of a fork is browsed on the fork, not on the upstream
  // that package.json names.
  // A clone of a repository on a path of this machine (or a shared drive) names that path: it is where
  // the revision's source is, though not a link.
  const repository =
    (git?.origin ? (webUrl(git.origin) ?? localRepository(git.origin)) : null) ??
    packageRepository(options.packageRoot);
  const from = fromEnv
    ? 'the environment variable VIEWER_SOURCE_REVISION'
    : git
      ? `the git checkout ${options.packageRoot}${git.origin ? ` (remote origin ${withoutCredentials(git.origin)})` : ' (no remote)'}`
      : `the installed package in ${options.packageRoot} (${packageLabel(options.packageRoot)}), not a git checkout; VIEWER_SOURCE_REVISION is not set`;
  return {
    repository,
    revision,
    revisionFrom: fromEnv ? 'environment' : revision ? 'git' : 'unknown',
    modified: fromEnv ? false : (git?.modified ?? false),
    tree: /^https?:\/\//.test(repository ?? '') && revision ? `${repository}/tree/${revision}` : null,
    changes: options.sourceUrl ?? null,
    from,
  };
}

/** HEAD, modified flag and origin of the git checkout whose top is `dir`; undefined when `dir` is not one. */
async function checkoutOf(
  dir: string,
): Promise<{ head: string; modified: boolean; origin?: string } | undefined> {
  const git = async (...args: string[]) =>
    (
      await run('git', ['-C', dir, ...args], {
        timeout: 5000,
        env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
      })
    ).stdout.trim();
  try {
    // The viewer installed inside someone's repository (node_modules) is not that repository's revision;
    // in rr's own checkout it is a folder of it (viewer/).
    const inside = relative(realpathSync(await git('rev-parse', '--show-toplevel')), realpathSync(dir));
    if (inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('node_modules'))
      return undefined;
    const head = await git('rev-parse', 'HEAD');
    const status = await git('status', '--porcelain', '--untracked-files=no');
    const origin = await git('config', '--get', 'remote.origin.url').catch(() => '');
    return { head, modified: status !== '', ...(origin ? { origin } : {}) };
  } catch {
    return undefined;
  }
}

function packageRepository(root: string): string | null {
  try {
    // Only for a link: a package.json without a usable "repository" just shows none.
    const pkg: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const repository = isJsonObject(pkg) ? pkg.repository : undefined;
    const url = isJsonObject(repository) ? repository.url : repository;
    return typeof url === 'string' && url !== '' ? webUrl(url) : null;
  } catch {
    return null;
  }
}

/** A remote that is a path on this machine (`/srv/git/rr.git`, `file:///srv/git/rr.git`), else null. */
function localRepository(remote: string): string | null {
  const text = remote.trim();
  if (text.startsWith('file://')) return decodeURIComponent(new URL(text).pathname);
  return isAbsolute(text) ? text : null;
}

/** `name version` of the package at `root`, as its package.json says. */
function packageLabel(root: string): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    if (isJsonObject(pkg) && typeof pkg.name === 'string')
      return `${pkg.name}${typeof pkg.version === 'string' ? ` ${pkg.version}` : ''}`;
  } catch {
    // no package.json: said as unknown
  }
  return 'no package.json';
}

/** A remote as given, with any user and password taken out. */
function withoutCredentials(remote: string): string {
  return remote.replace(/^([a-z+]+:\/\/)[^@/]+@/i, '$1');
}

/** A remote as a web URL without credentials or `.git`; null for local paths. */
export function webUrl(remote: string): string | null {
  const text = remote.trim().replace(/^git\+/, '');
  const scp = /^[\w.-]+@([\w.-]+):(.+?)(?:\.git)?\/?$/.exec(text);
  if (scp) return `https://${scp[1]}/${scp[2]}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!['https:', 'http:', 'ssh:', 'git:'].includes(url.protocol)) return null;
  const path = url.pathname.replace(/\.git$/, '').replace(/\/$/, '');
  // Web remotes keep their scheme and port; ssh and git remotes are browsed over https. Never credentials.
  return url.protocol === 'https:' || url.protocol === 'http:'
    ? `${url.protocol}//${url.host}${path}`
    : `https://${url.hostname}${path}`;
}
