import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** The `rr` settings section of a workspace (docs/ide.md); every key may be absent. */
export interface RrSettings {
  /** the model file or directory */
  model?: string;
  /** the evidence directory (bazel-testlogs); "" for none */
  evidence?: string;
  /** the verification-set lock; default config.sets_lock */
  lock?: string;
  /** the folder scanned for source annotations; absent or "": none, only the files open in the editor */
  sources?: string;
}

/** The settings in use, with paths made absolute and what discovery found for absent ones. */
export interface ResolvedSettings {
  model: string;
  evidence?: string;
  lock?: string;
  /** the folder whose files are scanned for source annotations (set by the user only) */
  sources?: string;
}

const CONFIG_NAMES = ['rr.yaml', 'rr.yml', 'rr.json'];
const SKIPPED = (name: string) =>
  name.startsWith('.') || name === 'node_modules' || name.startsWith('bazel-');

/**
 * Settings for a workspace folder: what the user set, else discovery: the model is the first folder
 * (breadth first, four levels deep) holding rr.yaml, rr.yml or rr.json, else the workspace itself;
 * the evidence is a bazel-testlogs folder beside the model or at the workspace root, when there is one.
 */
export function resolveSettings(root: string, given: RrSettings = {}): ResolvedSettings {
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(root, p));
  const model = given.model ? abs(given.model) : (discoverModel(root) ?? root);
  const out: ResolvedSettings = { model };
  const evidence =
    given.evidence === ''
      ? undefined
      : given.evidence
        ? abs(given.evidence)
        : [join(model, 'bazel-testlogs'), join(root, 'bazel-testlogs')].find(isDirectory);
  if (evidence) out.evidence = evidence;
  if (given.lock) out.lock = abs(given.lock);
  if (given.sources) out.sources = abs(given.sources);
  return out;
}

function discoverModel(root: string): string | undefined {
  let level = [root];
  for (let depth = 0; depth < 5 && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (CONFIG_NAMES.some((n) => existsSync(join(dir, n)))) return dir;
      let names: string[];
      try {
        names = readdirSync(dir).sort();
      } catch {
        continue;
      }
      for (const name of names)
        if (!SKIPPED(name) && isDirectory(join(dir, name))) next.push(join(dir, name));
    }
    level = next;
  }
  return undefined;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
