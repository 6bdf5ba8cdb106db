import ignore, { type Ignore } from 'ignore';

interface Level {
  /** directory of the .gitignore, relative to the root ('' for the root itself) */
  base: string;
  rules: Ignore;
}

/**
 * The .gitignore files that apply in one directory: its own and its ancestors' up to the scan root.
 * As in git, a deeper file's rules override a shallower one's, and within a file the last matching
 * rule wins (so `!keep.ts` re-includes a file an earlier `*.ts` excluded).
 */
export class GitignoreRules {
  private constructor(private readonly levels: readonly Level[]) {}

  /** No rules at all. */
  static none(): GitignoreRules {
    return new GitignoreRules([]);
  }

  /** These rules plus the contents of the .gitignore in directory `base` (relative to the root). */
  with(base: string, gitignoreText: string): GitignoreRules {
    // Case-sensitive like git on Linux, so a tree scans the same on every machine.
    const rules = ignore({ ignorecase: false }).add(gitignoreText);
    return new GitignoreRules([...this.levels, { base, rules }]);
  }

  /** Whether a path (relative to the root, '/'-separated, below every level's base) is ignored. */
  ignores(path: string, isDirectory: boolean): boolean {
    let ignored = false;
    for (const { base, rules } of this.levels) {
      const relative = base === '' ? path : path.slice(base.length + 1);
      // A trailing slash lets directory-only rules such as `build/` match.
      const result = rules.test(isDirectory ? `${relative}/` : relative);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}
