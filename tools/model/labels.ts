// Labels (docs/decisions/0021-canonical-spelling-of-labels.md): build targets and the pseudo-targets suite:NAME and record:STEM.
// Every spelling of one target parses to one canonical string, so labels can be compared as plain strings.

/** What a label names: a build target, a test suite, or a stored record. */
export type LabelKind = 'target' | 'suite' | 'record';

/** A parsed label in its normalized form. */
export interface Label {
  kind: LabelKind;
  /** the one normalized spelling, e.g. //pump/dose:dose_test, @lib//a:b, suite:Foo, record:bench */
  canonical: string;
  /** apparent repo name; '' for the main repository and for pseudo-targets */
  repo: string;
  /** package path ('' for root) for targets; suite name or record stem for pseudo-targets */
  pkg: string;
  /** target name; '' for pseudo-targets */
  name: string;
}

/** Settings from the config that change how labels normalize. */
export interface LabelOptions {
  /** config main_repo: `@<mainRepo>//x:y` means `//x:y` */
  mainRepo?: string;
}

/** The parsed label, or a message saying what is wrong with the text. */
export type LabelParse = { ok: true; label: Label } | { ok: false; message: string };

// JSON quoting keeps quotes and control characters in the offending text readable.
const quote = (text: string): string => JSON.stringify(text);

// Forbidden inside a segment besides whitespace and control characters; `/` and `:` only reach this check
// where they cannot be separators (suite names and record stems).
const FORBIDDEN_CHARS = ['#', '*', "'", '"', '\\', ':', '/'];

// bzlmod canonical repo names add `+` (Bazel 8) or `~` (Bazel 7) to the apparent-name characters.
const REPO_CHAR = /^[A-Za-z0-9._+~-]$/u;

/** Why one path segment is invalid, or undefined; `where` names the path, e.g. "package path". */
function segmentProblem(segment: string, where: string): string | undefined {
  if (segment === '.' || segment === '..') return `segment ${quote(segment)} is not allowed in a ${where}`;
  if (/\s/u.test(segment)) return `segment ${quote(segment)} contains whitespace`;
  for (const char of segment) {
    const code = char.codePointAt(0) ?? 0;
    if (/\p{Cc}/u.test(char)) {
      // C0, DEL and C1 controls, as the schema's \p{Cc}.
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      return `segment ${quote(segment)} contains control character U+${hex}`;
    }
    if (FORBIDDEN_CHARS.includes(char)) return `segment ${quote(segment)} contains ${quote(char)}`;
  }
  return undefined;
}

/** Why a `/`-separated path is invalid, or undefined. */
function pathProblem(path: string, where: string): string | undefined {
  const segments = path.split('/');
  if (segments.includes('')) {
    return `${where} ${quote(path)} has an empty segment (leading, trailing or doubled "/")`;
  }
  for (const segment of segments) {
    const problem = segmentProblem(segment, where);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function repoProblem(repo: string): string | undefined {
  if (repo === '.' || repo === '..') return `repository name ${quote(repo)} is not allowed`;
  const bad = [...repo].find((char) => !REPO_CHAR.test(char));
  if (bad === undefined) return undefined;
  return `repository name ${quote(repo)} contains ${quote(bad)} (allowed: letters, digits and . _ + ~ -)`;
}

function target(repo: string, pkg: string, name: string): Label {
  const canonical = `${repo === '' ? '' : `@${repo}`}//${pkg}:${name}`;
  return { kind: 'target', canonical, repo, pkg, name };
}

/** Parses what follows the `//` of a target label; returns a Label or a problem. */
function parseTarget(body: string, repo: string): Label | string {
  if (body.startsWith('/')) return 'has more than two leading slashes';
  const parts = body.split(':');
  if (parts.length > 2) return 'has more than one ":"';
  const [pkg = '', explicitName] = parts;
  // Check the package first so `//a/` reports the trailing slash rather than an empty derived name.
  const pkgProblem = pkg === '' ? undefined : pathProblem(pkg, 'package path');
  if (pkgProblem !== undefined) return pkgProblem;
  if (explicitName === undefined) {
    if (pkg === '') return 'names no package or target (use //:NAME for the root package)';
    // `//a/b` is Bazel shorthand for `//a/b:b`.
    return target(repo, pkg, pkg.slice(pkg.lastIndexOf('/') + 1));
  }
  if (explicitName === '') return 'target name after ":" is empty';
  return pathProblem(explicitName, 'target name') ?? target(repo, pkg, explicitName);
}

/** Parses a trimmed, non-empty label; returns a Label or a problem. */
function parseTrimmed(text: string, options: LabelOptions): Label | string {
  if (text.startsWith('suite:')) {
    const suite = text.slice('suite:'.length);
    if (suite === '') return 'suite name is empty';
    return (
      pathProblem(suite, 'suite name') ?? { kind: 'suite', canonical: text, repo: '', pkg: suite, name: '' }
    );
  }
  if (text.startsWith('record:')) {
    const stem = text.slice('record:'.length);
    if (stem === '') return 'record stem is empty';
    if (stem.includes('/')) return `record stem ${quote(stem)} may not contain "/"`;
    return (
      segmentProblem(stem, 'record stem') ?? {
        kind: 'record',
        canonical: text,
        repo: '',
        pkg: stem,
        name: '',
      }
    );
  }
  if (text.startsWith('//')) return parseTarget(text.slice(2), '');
  if (text.startsWith('@')) {
    // `@@repo` (canonical repo name) and `@repo` (apparent name) both normalize to the single-@ spelling.
    const rest = text.slice(text.startsWith('@@') ? 2 : 1);
    const slashes = rest.indexOf('//');
    const written = slashes === -1 ? rest : rest.slice(0, slashes);
    if (written === '' && slashes === -1) return 'repository name after "@" is empty';
    const problem = written === '' ? undefined : repoProblem(written);
    if (problem !== undefined) return problem;
    // `@//x`, `@@//x` and `@<main_repo>//x` all name this repository, spelled `//x`.
    const repo = written === options.mainRepo ? '' : written;
    // `@repo` is Bazel shorthand for `@repo//:repo`.
    return slashes === -1 ? target(repo, '', written) : parseTarget(rest.slice(slashes + 2), repo);
  }
  return 'a target label starts with // or @ (or use suite:NAME / record:STEM)';
}

// A model names the same targets over and over (a target per claim, thousands of claims): each spelling
// is parsed once. Results are frozen, so sharing them is safe; the memo is emptied when it grows large.
const parsedLabels = new Map<string, LabelParse>();
const MAX_REMEMBERED_LABELS = 50_000;

/** Parses and normalizes a label, or says what is wrong with it. */
export function parseLabel(text: string, options: LabelOptions = {}): LabelParse {
  const key = options.mainRepo === undefined ? text : `${options.mainRepo}\u0000${text}`;
  const known = parsedLabels.get(key);
  if (known) return known;
  if (parsedLabels.size >= MAX_REMEMBERED_LABELS) parsedLabels.clear();
  const parsed = deepFreeze(parseLabelNow(text, options));
  parsedLabels.set(key, parsed);
  return parsed;
}

function deepFreeze(parsed: LabelParse): LabelParse {
  if (parsed.ok) Object.freeze(parsed.label);
  return Object.freeze(parsed);
}

function parseLabelNow(text: string, options: LabelOptions): LabelParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'label is empty' };
  const result = parseTrimmed(trimmed, options);
  if (typeof result === 'string') return { ok: false, message: `label ${quote(trimmed)}: ${result}` };
  return { ok: true, label: result };
}

/** canonical spelling, or undefined when the text is not a valid label */
export function normalizeLabel(text: string, options: LabelOptions = {}): string | undefined {
  const parsed = parseLabel(text, options);
  return parsed.ok ? parsed.label.canonical : undefined;
}
