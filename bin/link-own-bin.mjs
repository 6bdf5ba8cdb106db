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

/** Links node_modules/.bin/<name> to `script` (a path from the checkout's root). */
function link(name, script) {
  const path = join(binDir, name);
  const target = relative(binDir, join(root, script));
  try {
    mkdirSync(binDir, { recursive: true });
    let current;
    try {
      current = lstatSync(path).isSymbolicLink() ? readlinkSync(path) : 'not a link';
    } catch {
      current = undefined;
    }
    if (current === target) return;
    if (current !== undefined) unlinkSync(path);
    symlinkSync(target, path);
  } catch (error) {
    // Not fatal (a file system without symbolic links): npx still works, only its first run is slow.
    process.stderr.write(
      `rr: could not link node_modules/.bin/${name} (${error.message}); the first npx ${name} will be slow\n`,
    );
  }
}

link('rr', 'bin/rr.js');
// The live viewer's own command line, from its package in viewer/ (npm links the bins of dependencies,
// and the viewer is a workspace of this checkout, no dependency of it).
link('rr-viewer', 'viewer/bin/rr-viewer.js');
