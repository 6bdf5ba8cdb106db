// Run by `npm ci` (the prepare script) in a checkout of rr: links `rr` into node_modules/.bin.
// npm links the bins of a project's dependencies there, never the project's own; without this link the
// first `npx rr` in a fresh clone installs the checkout into npx's cache and builds it all again, for
// 15 to 80 seconds with no output. With it, npx runs bin/rr.js at once.
import { lstatSync, mkdirSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
// Installed as someone's dependency (a git or file: install runs prepare too): their npm links the bin.
if (root.split(sep).includes('node_modules')) process.exit(0);

const binDir = join(root, 'node_modules', '.bin');
const link = join(binDir, 'rr');
const target = relative(binDir, join(root, 'bin', 'rr.js'));

try {
  mkdirSync(binDir, { recursive: true });
  let current;
  try {
    current = lstatSync(link).isSymbolicLink() ? readlinkSync(link) : 'not a link';
  } catch {
    current = undefined;
  }
  if (current === target) process.exit(0);
  if (current !== undefined) unlinkSync(link);
  symlinkSync(target, link);
} catch (error) {
  // Not fatal (a file system without symbolic links): npx still works, only its first run is slow.
  process.stderr.write(
    `rr: could not link node_modules/.bin/rr (${error.message}); the first npx rr will be slow\n`,
  );
}
