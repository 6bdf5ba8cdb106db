// SPDX-License-Identifier: AGPL-3.0-or-later
// The folders an Ask turn may read (its working directory and --agent-read-dir), and the check of the
// paths its Read, Grep and Glob calls name. The CLI is told the same folders (agent-cli-arguments.ts);
// this check does not trust that it kept to them. Paths are compared after symbolic links are resolved
// (the longest part that exists, then the rest as written), so a link inside a folder that leads out of
// it counts as outside, and a glob pattern that climbs out with `..` after its first wildcard is refused
// because where it ends cannot be known before it runs.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, parse, resolve, sep } from 'node:path';

const WILDCARD = /[*?[\]{}]/;

/** The folders one turn may read, symlinks resolved. */
export class ReadScope {
  private constructor(
    /** Relative paths in tool calls are taken from here (the CLI's working directory). */
    readonly cwd: string,
    /** The folders as given, for messages. */
    readonly folders: readonly string[],
    private readonly roots: readonly string[],
  ) {}

  /** The scope of a turn: its working directory and the folders it may read (which must exist). */
  static of(cwd: string, readDirs: readonly string[]): ReadScope {
    const folders = [...new Set([cwd, ...readDirs])];
    return new ReadScope(cwd, folders, folders.map(realPath));
  }

  /** Why a read-only tool's call reaches outside the scope, or undefined when it stays inside. */
  refusal(tool: string, input: unknown): string | undefined {
    const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    const text = (key: string) => {
      const value = fields[key];
      return typeof value === 'string' ? value : undefined;
    };
    if (tool === 'Read') return this.pathRefusal(tool, text('file_path'));
    if (tool === 'Grep') return this.pathRefusal(tool, text('path') ?? this.cwd);
    if (tool === 'Glob') {
      const base = text('path') ?? this.cwd;
      return this.pathRefusal(tool, base) ?? this.patternRefusal(tool, text('pattern'), base);
    }
    return undefined;
  }

  private pathRefusal(tool: string, given: string | undefined): string | undefined {
    if (given === undefined || given === '') return undefined;
    const real = realPath(under(this.cwd, expandHome(given)));
    if (this.roots.some((root) => real === root || real.startsWith(root.endsWith(sep) ? root : root + sep)))
      return undefined;
    const lead = resolve(this.cwd, expandHome(given)) === real ? '' : ` (which leads to ${real})`;
    return `the tool ${tool} asked for ${given}${lead}, outside the folders this turn may read (${this.folders.join(', ')})`;
  }

  /** A glob pattern reaches as far as its part before the first wildcard, and no further. */
  private patternRefusal(tool: string, pattern: string | undefined, base: string): string | undefined {
    if (pattern === undefined) return undefined;
    const segments = expandHome(pattern).split(/[\\/]/);
    const first = segments.findIndex((s) => WILDCARD.test(s));
    const fixed = first < 0 ? segments : segments.slice(0, first);
    if (first >= 0 && segments.slice(first).includes('..'))
      return `the tool ${tool} was given the pattern ${pattern}, which climbs out with .. after a wildcard; only patterns within the folders this turn may read (${this.folders.join(', ')}) are run`;
    const prefix = fixed.join('/');
    if (prefix === '') return isAbsolute(pattern) ? this.pathRefusal(tool, '/') : undefined;
    return this.pathRefusal(tool, under(under(this.cwd, expandHome(base)), prefix));
  }
}

/** `path` taken from `base` when relative, without folding `..` away (realPath does that in order). */
function under(base: string, path: string): string {
  return isAbsolute(path) ? path : `${base}${sep}${path}`;
}

function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
}

/**
 * The path as the system would reach it: each part in turn, symbolic links resolved before a following
 * `..` applies (as the system does; resolving `..` first would let `link/../x` hide where it goes). From
 * the first part that does not exist, the rest is kept as written.
 */
function realPath(path: string): string {
  const absolute = isAbsolute(path) ? path : resolve(path);
  const { root } = parse(absolute);
  const parts = absolute
    .slice(root.length)
    .split(/[\\/]/)
    .filter((p) => p !== '' && p !== '.');
  let here = realpathSync.native(root);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '..') {
      here = dirname(here);
      continue;
    }
    try {
      here = realpathSync.native(join(here, part));
    } catch {
      return resolve(here, ...parts.slice(i));
    }
  }
  return here;
}
