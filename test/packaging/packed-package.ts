// `npm pack` of one of the repository's packages, unpacked beside its tarball, so a test reads exactly
// the files a user's `npm install` of that tarball gets.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One packed file as `npm pack --json` lists it. */
export interface PackedFile {
  path: string;
  size: number;
}

/** A package packed into a tarball and unpacked again. */
export interface PackedPackage {
  name: string;
  /** the tarball's path */
  tarball: string;
  /** the unpacked tarball's `package/` folder */
  root: string;
  /** every packed file, '/'-separated paths from the package folder, sorted by code units */
  files: PackedFile[];
  /** the tarball's size and the files' total size, in bytes */
  size: number;
  unpackedSize: number;
}

/**
 * Packs the package in `dir` into `into` (its scripts are not run: the test builds first) and unpacks
 * the tarball into `into/<name>/`.
 */
export function packPackage(dir: string, into: string, env: NodeJS.ProcessEnv): PackedPackage {
  const json = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', into], {
    cwd: dir,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const [report] = JSON.parse(json) as {
    name: string;
    filename: string;
    size: number;
    unpackedSize: number;
    files: PackedFile[];
  }[];
  if (!report) throw new Error(`npm pack in ${dir} reported no package: ${json}`);
  const tarball = join(into, report.filename);
  const unpacked = join(into, report.name);
  mkdirSync(unpacked, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
  return {
    name: report.name,
    tarball,
    root: join(unpacked, 'package'),
    files: report.files.map(({ path, size }) => ({ path, size })).sort((a, b) => byCodeUnits(a.path, b.path)),
    size: report.size,
    unpackedSize: report.unpackedSize,
  };
}

/** Every file under a folder, as '/'-separated paths from it, sorted. */
export function filesUnder(root: string, prefix = ''): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      return entry.isDirectory() ? filesUnder(root, path) : [path];
    })
    .sort(byCodeUnits);
}

/** Orders strings by UTF-16 code units, as Array.prototype.sort does, whatever the locale. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
