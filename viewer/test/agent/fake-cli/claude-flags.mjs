// SPDX-License-Identifier: AGPL-3.0-or-later
// The flags of the real assistant CLI (Claude Code), for the fake: it refuses any other, as the real one
// does (`error: unknown option`), so a flag rr misspells fails a test instead of passing silently.
// From Claude Code's CLI reference (code.claude.com/docs/en/cli-reference, "CLI flags") and its
// `claude --help`; checked again when rr's flags change (docs/decisions/0111-the-fake-cli-refuses-flags-the-real-cli-lacks-and-a.md).
//
// Each flag: how many values it takes (none, one, optional, many: until the next flag) and, for flags
// with a fixed set of values, the values. Aliases map to one name.

const FLAGS = {
  '--print': 'none',
  '--continue': 'none',
  '--resume': 'optional',
  '--fork-session': 'none',
  '--from-pr': 'optional',
  '--session-id': 'one',
  '--name': 'one',
  '--no-session-persistence': 'none',
  '--add-dir': 'many',
  '--agent': 'one',
  '--agents': 'one',
  '--allowedTools': 'many',
  '--disallowedTools': 'many',
  '--tools': 'many',
  '--append-system-prompt': 'one',
  '--append-system-prompt-file': 'one',
  '--system-prompt': 'one',
  '--system-prompt-file': 'one',
  '--exclude-dynamic-system-prompt-sections': 'none',
  '--betas': 'many',
  '--dangerously-skip-permissions': 'none',
  '--allow-dangerously-skip-permissions': 'none',
  '--debug': 'optional',
  '--debug-file': 'one',
  '--disable-slash-commands': 'none',
  '--fallback-model': 'one',
  '--ide': 'none',
  '--init': 'none',
  '--init-only': 'none',
  '--maintenance': 'none',
  '--include-partial-messages': 'none',
  '--input-format': 'one',
  '--output-format': 'one',
  '--json-schema': 'one',
  '--max-budget-usd': 'one',
  '--max-turns': 'one',
  '--mcp-config': 'many',
  '--strict-mcp-config': 'none',
  '--mcp-debug': 'none',
  '--model': 'one',
  '--effort': 'one',
  '--permission-mode': 'one',
  '--permission-prompt-tool': 'one',
  '--plugin-dir': 'many',
  '--replay-user-messages': 'none',
  '--setting-sources': 'one',
  '--settings': 'one',
  '--verbose': 'none',
  '--chrome': 'none',
  '--no-chrome': 'none',
  '--remote': 'one',
  '--teleport': 'none',
  '--worktree': 'optional',
  '--version': 'none',
  '--help': 'none',
};

const ALIASES = {
  '-p': '--print',
  '-c': '--continue',
  '-r': '--resume',
  '-n': '--name',
  '-d': '--debug',
  '-w': '--worktree',
  '-v': '--version',
  '-h': '--help',
  '--allowed-tools': '--allowedTools',
  '--disallowed-tools': '--disallowedTools',
};

const CHOICES = {
  '--output-format': ['text', 'json', 'stream-json'],
  '--input-format': ['text', 'stream-json'],
  '--permission-mode': ['acceptEdits', 'auto', 'bypassPermissions', 'default', 'dontAsk', 'plan'],
};

/** Comma-separated, each one of these, or empty for none. */
const LIST_CHOICES = { '--setting-sources': ['user', 'project', 'local'] };

/** Parses the command line as the real CLI would: `{options: Map<flag, values>, prompt}` or `{error}`. */
export function parseClaudeArguments(argv) {
  const options = new Map();
  const positional = [];
  const isFlag = (a) => a.startsWith('-') && a.length > 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!isFlag(arg)) {
      positional.push(arg);
      continue;
    }
    const [given, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const name = ALIASES[given] ?? given;
    const arity = FLAGS[name];
    if (!arity) return { error: `error: unknown option '${given}'` };
    const values = options.get(name) ?? [];
    if (inline !== undefined) values.push(inline);
    else if (arity === 'one') {
      if (i + 1 >= argv.length) return { error: `error: option '${given}' argument missing` };
      values.push(argv[++i]);
    } else if (arity === 'optional') {
      if (i + 1 < argv.length && !isFlag(argv[i + 1])) values.push(argv[++i]);
    } else if (arity === 'many') {
      const start = values.length;
      while (i + 1 < argv.length && !isFlag(argv[i + 1])) values.push(argv[++i]);
      if (values.length === start) return { error: `error: option '${given}' argument missing` };
    }
    options.set(name, values);
    for (const value of arity === 'none' ? [] : values) {
      const allowed = CHOICES[name];
      if (allowed && !allowed.includes(value))
        return {
          error: `error: option '${name} <value>' argument '${value}' is invalid. Allowed choices are ${allowed.join(', ')}.`,
        };
      const listed = LIST_CHOICES[name];
      const bad = listed && value.split(',').find((v) => v !== '' && !listed.includes(v.trim()));
      if (bad) return { error: `Error processing --setting-sources: Invalid setting source: ${bad}.` };
    }
  }
  return { options, prompt: positional.join(' ') };
}
