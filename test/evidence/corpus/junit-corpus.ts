// The JUnit XML corpus kept beside this repository (114 files written by 41 real runners), read in place:
// it is never copied into the repository. The tests over it need it (test/requirements.ts): skipped with a
// message on a developer's machine without it, failed under CI, which has it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { needsData, type Need } from '../../requirements.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

/** The corpus folder: RR_JUNIT_CORPUS, or ../shared/junit-corpus beside the checkout. */
export const CORPUS = resolve(process.env.RR_JUNIT_CORPUS ?? join(REPO, '..', 'shared', 'junit-corpus'));

/** The corpus, for `available(…)`. */
export function needsJunitCorpus(): Need {
  return needsData(join(CORPUS, 'files'), 'the JUnit corpus', 'set RR_JUNIT_CORPUS to its folder');
}

/** One corpus file with what its manifest says of it. */
export interface CorpusFile {
  /** '/'-separated path below files/ */
  file: string;
  producer: string;
  text: string;
}

/** Every file below files/, in code-point order, with its producer from manifest.json. */
export function corpusFiles(): CorpusFile[] {
  if (!existsSync(join(CORPUS, 'files'))) return [];
  const manifest = JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as {
    file: string;
    producer: string;
  }[];
  const producers = new Map(manifest.map((entry) => [entry.file, entry.producer]));
  const root = join(CORPUS, 'files');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(root, path).split('\\').join('/'));
    }
  };
  walk(root);
  return files
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((file) => ({
      file,
      producer: producers.get(file) ?? 'unknown',
      text: readFileSync(join(root, file), 'utf8'),
    }));
}

/** A corpus file's bytes, for writing into an evidence directory unchanged. */
export function corpusBytes(file: string): Buffer {
  return readFileSync(join(CORPUS, 'files', file));
}
