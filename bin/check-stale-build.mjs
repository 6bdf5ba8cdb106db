// Run before `npm pack` and `npm publish` (the prepack script of rr and of the viewer package): fails
// when the compiled folder holds a module whose TypeScript source is gone. tsc never deletes the output
// of a removed or moved source, so a long-lived checkout keeps such files, and `files` in package.json
// would pack them (a checkout built before the viewer moved into its own package still has
// dist/tools/viewer/, AGPL code inside the Apache package). Not shipped: only a checkout packs.
// Usage: node bin/check-stale-build.mjs SOURCE_DIR OUT_DIR (relative to the current folder).
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import process from 'node:process';

const [sourceDir, outDir] = process.argv.slice(2);
if (!sourceDir || !outDir) {
  process.stderr.write('usage: node bin/check-stale-build.mjs SOURCE_DIR OUT_DIR\n');
  process.exit(2);
}

/** Every file under a folder, as paths relative to it. */
function filesUnder(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(dir, join(prefix, entry.name))
      : entry.isFile()
        ? [join(prefix, entry.name)]
        : [],
  );
}

// What tsc writes for one source x.ts: x.js, x.d.ts and their maps. Other files (the generated
// validators, *.cjs) come from build steps of their own and are left alone.
const COMPILED = /\.(js|d\.ts)(\.map)?$/;
const stale = existsSync(outDir)
  ? filesUnder(outDir).filter(
      (file) => COMPILED.test(file) && !existsSync(join(sourceDir, file.replace(COMPILED, '.ts'))),
    )
  : [];
if (stale.length > 0) {
  const shown = stale.slice(0, 10).map((file) => `  ${relative('.', join(outDir, file))}\n`);
  process.stderr.write(
    `${outDir} holds ${stale.length} compiled file(s) whose source is no longer in ${sourceDir}; they would be packed:\n` +
      shown.join('') +
      (stale.length > 10 ? `  … and ${stale.length - 10} more\n` : '') +
      `Delete ${outDir.split(/[\\/]/)[0]}/ and run npm run build, then pack again.\n`,
  );
  process.exit(1);
}
