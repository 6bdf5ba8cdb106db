// The real `git` binary, run through execFile with argument lists (never a shell), prompts off and a
// fixed locale, so answers parse the same everywhere. Paths always follow `--`; revisions are checked
// by ref-names.ts before they get here.
import { execFile } from 'node:child_process';
import type { GitErrorCode } from './git-error-codes.js';
import { checkNewRefName, checkRevision } from './ref-names.js';

/** git exited with an error; `stderr` says why. */
export class GitError extends Error {
  readonly code: Extract<GitErrorCode, 'git-failed'> = 'git-failed';
  readonly exitCode: number | null;
  readonly stderr: string;

  constructor(message: string, exitCode: number | null, stderr: string) {
    super(message);
    this.name = 'GitError';
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

/** Options of one git run. */
export interface GitRunOptions {
  /** bytes written to git's standard input */
  input?: string | Buffer;
  /** more environment variables (author and committer identities) */
  env?: Record<string, string>;
  /** most bytes of output kept; beyond them git is stopped and the run fails */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** Runs git with an argument list in `cwd` (execFile: no shell) and resolves to its standard output. */
export function runGit(cwd: string, args: readonly string[], options: GitRunOptions = {}): Promise<Buffer> {
  return new Promise((resolveRun, reject) => {
    const child = execFile(
      'git',
      args,
      {
        cwd,
        encoding: 'buffer',
        maxBuffer: options.maxBytes ?? DEFAULT_MAX_BYTES,
        env: {
          ...process.env,
          ...options.env,
          // Never wait for a password or an editor; never take the index lock for a status.
          GIT_TERMINAL_PROMPT: '0',
          GIT_OPTIONAL_LOCKS: '0',
          GIT_EDITOR: 'true',
          LC_ALL: 'C',
        },
      },
      (error, stdout, stderr) => {
        if (!error) return resolveRun(stdout);
        const text = stderr.toString('utf8').trim();
        const code = typeof error.code === 'number' ? error.code : null;
        const why =
          error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
            ? `printed more than ${options.maxBytes ?? DEFAULT_MAX_BYTES} bytes`
            : text || error.message;
        reject(new GitError(`git ${args[0]} failed: ${why}`, code, text));
      },
    );
    child.stdin?.on('error', () => {}); // git may exit before reading all input; its exit code tells
    child.stdin?.end(options.input ?? '');
  });
}

/** One changed path of `git status`. */
export interface StatusEntry {
  path: string;
  /** the path before a rename or copy */
  from?: string;
  /** index and work-tree status letters, as `git status --porcelain` prints them */
  index: string;
  worktree: string;
}

/** The checkout's branch and changes. */
export interface GitStatus {
  branch: string | null;
  head: string | null;
  upstream: string | null;
  ahead: number;
  behind: number;
  files: StatusEntry[];
}

/** A branch, tag or HEAD. */
export interface GitRef {
  name: string;
  kind: 'branch' | 'tag' | 'remote' | 'head';
  commit: string;
  subject: string;
  /** an annotated tag's message */
  annotation?: string;
}

/** One commit of the log. */
export interface GitCommit {
  commit: string;
  author: string;
  email: string;
  date: string;
  subject: string;
}

/** An author as the API takes it: a name followed by an e-mail address in angle brackets. */
export interface Author {
  name: string;
  email: string;
}

/** One file of a tree at a revision. */
export interface TreeFile {
  /** path relative to the repository root, '/'-separated */
  path: string;
  mode: string;
  object: string;
}

/** A git repository, addressed by its top-level folder. */
export class GitClient {
  private constructor(readonly root: string) {}

  /** The repository a folder lies in, or undefined when it is no git checkout (or git is missing). */
  static async open(dir: string): Promise<GitClient | undefined> {
    try {
      const top = (await runGit(dir, ['rev-parse', '--show-toplevel'])).toString('utf8').trim();
      return top ? new GitClient(top) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Runs git in the repository. */
  run(args: readonly string[], options?: GitRunOptions): Promise<Buffer> {
    return runGit(this.root, args, options);
  }

  /** Branch, upstream distance and changed paths (untracked files listed one by one). */
  async status(): Promise<GitStatus> {
    const text = (
      await this.run(['status', '--porcelain=v1', '-z', '--branch', '--untracked-files=all'])
    ).toString('utf8');
    const parts = text.split('\0');
    const status: GitStatus = { branch: null, head: null, upstream: null, ahead: 0, behind: 0, files: [] };
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (part === '') continue;
      if (part.startsWith('## ')) {
        parseBranchLine(part.slice(3), status);
        continue;
      }
      const entry: StatusEntry = { index: part[0]!, worktree: part[1]!, path: part.slice(3) };
      // A rename or copy is followed by its source path.
      if (entry.index === 'R' || entry.index === 'C') entry.from = parts[++i];
      status.files.push(entry);
    }
    status.head = await this.resolve('HEAD').catch(() => null);
    return status;
  }

  /** Branches, tags and remote branches, with their commits and subjects; HEAD first. */
  async refs(): Promise<GitRef[]> {
    const format = ['%(refname)', '%(objectname)', '%(*objectname)', '%(subject)', '%(objecttype)'].join(
      '%00',
    );
    const text = (
      await this.run(['for-each-ref', `--format=${format}`, 'refs/heads', 'refs/tags', 'refs/remotes'])
    ).toString('utf8');
    const refs: GitRef[] = [];
    const head = await this.resolve('HEAD').catch(() => undefined);
    if (head) refs.push({ name: 'HEAD', kind: 'head', commit: head, subject: await this.subject(head) });
    for (const line of text.split('\n')) {
      if (line === '') continue;
      const [full, object, peeled, subject, type] = line.split('\0') as [
        string,
        string,
        string,
        string,
        string,
      ];
      const kind = full.startsWith('refs/heads/')
        ? 'branch'
        : full.startsWith('refs/tags/')
          ? 'tag'
          : 'remote';
      const name = full.replace(/^refs\/(heads|tags|remotes)\//, '');
      const ref: GitRef = { name, kind, commit: peeled || object, subject };
      if (type === 'tag') ref.annotation = subject;
      refs.push(ref);
    }
    return refs;
  }

  /** The newest commits reachable from a revision (default HEAD), optionally touching some paths. */
  async log(options: { revision?: string; paths?: string[]; limit?: number } = {}): Promise<GitCommit[]> {
    const revision = checkRevision(options.revision ?? 'HEAD');
    const limit = Math.max(1, Math.min(options.limit ?? 50, 1000));
    const format = '%H%x00%an%x00%ae%x00%aI%x00%s%x1e';
    const args = ['log', `--max-count=${limit}`, `--format=${format}`, '--end-of-options', revision, '--'];
    const text = (await this.run([...args, ...(options.paths ?? [])])).toString('utf8');
    return text
      .split('\x1e')
      .map((record) => record.replace(/^\n/, ''))
      .filter((record) => record !== '')
      .map((record) => {
        const [commit, author, email, date, subject] = record.split('\0');
        return { commit: commit!, author: author!, email: email!, date: date!, subject: subject ?? '' };
      });
  }

  /** The commit a revision names; GitError when it names none. */
  async resolve(revision: string): Promise<string> {
    const checked = checkRevision(revision);
    const out = await this.run([
      'rev-parse',
      '--verify',
      '--quiet',
      '--end-of-options',
      `${checked}^{commit}`,
    ]);
    return out.toString('utf8').trim();
  }

  /** Files of the tree of a commit under a path (relative to the repository root). */
  async listTree(commit: string, path: string): Promise<TreeFile[]> {
    const args = ['ls-tree', '-r', '-z', '--full-tree', commit, '--', path === '' ? '.' : path];
    const text = (await this.run(args)).toString('utf8');
    const files: TreeFile[] = [];
    for (const record of text.split('\0')) {
      if (record === '') continue;
      const tab = record.indexOf('\t');
      const [mode, type, object] = record.slice(0, tab).split(' ') as [string, string, string];
      if (type === 'blob') files.push({ path: record.slice(tab + 1), mode, object });
    }
    return files;
  }

  /** The contents of blobs by object id, read in one `git cat-file --batch`. */
  async readBlobs(objects: readonly string[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    if (objects.length === 0) return out;
    const data = await this.run(['cat-file', '--batch'], { input: objects.join('\n') + '\n' });
    let at = 0;
    for (const object of objects) {
      const headerEnd = data.indexOf(0x0a, at);
      const header = data.subarray(at, headerEnd).toString('utf8').split(' ');
      if (header[1] === 'missing') throw new GitError(`git object ${object} is missing`, null, '');
      const size = Number(header[2]);
      out.set(object, data.subarray(headerEnd + 1, headerEnd + 1 + size));
      at = headerEnd + 1 + size + 1;
    }
    return out;
  }

  /** Stages the given paths (additions and removals) and commits them alone; resolves to the commit. */
  async commit(message: string, author: Author, paths: readonly string[]): Promise<string> {
    await this.run(['add', '-A', '--', ...paths]);
    await this.run(['commit', '--quiet', '--no-verify', `--message=${message}`, '--', ...paths], {
      env: identity(author),
    });
    return this.resolve('HEAD');
  }

  /** Creates an annotated tag at a revision; refuses a name that exists. */
  async tag(name: string, message: string, author: Author, revision = 'HEAD'): Promise<string> {
    const checked = checkNewRefName(name);
    await this.run(['check-ref-format', `refs/tags/${checked}`]);
    const commit = await this.resolve(revision);
    await this.run(['tag', '--annotate', `--message=${message}`, '--end-of-options', checked, commit], {
      env: identity(author),
    });
    return commit;
  }

  /** Whether a tag of that name exists. */
  async hasTag(name: string): Promise<boolean> {
    try {
      await this.run(['rev-parse', '--verify', '--quiet', `refs/tags/${checkNewRefName(name)}`]);
      return true;
    } catch {
      return false;
    }
  }

  private async subject(commit: string): Promise<string> {
    return (await this.run(['log', '-1', '--format=%s', commit, '--'])).toString('utf8').trim();
  }
}

/** The author is also the committer (the person at the editor commits), through git's variables. */
function identity(author: Author): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: author.name,
    GIT_COMMITTER_EMAIL: author.email,
  };
}

/** "main...origin/main [ahead 1, behind 2]", "No commits yet on main", "HEAD (no branch)". */
function parseBranchLine(line: string, status: GitStatus): void {
  const noCommits = /^No commits yet on (.+)$/.exec(line);
  if (noCommits) {
    status.branch = noCommits[1]!;
    return;
  }
  const match = /^(.+?)(?:\.\.\.(\S+))?(?: \[(.*)\])?$/.exec(line);
  if (!match) return;
  status.branch = match[1] === 'HEAD (no branch)' ? null : match[1]!;
  status.upstream = match[2] ?? null;
  status.ahead = Number(/ahead (\d+)/.exec(match[3] ?? '')?.[1] ?? 0);
  status.behind = Number(/behind (\d+)/.exec(match[3] ?? '')?.[1] ?? 0);
}
