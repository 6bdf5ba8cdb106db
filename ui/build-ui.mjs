// Builds the browser front ends: every folder under ui/ with a src/main.ts is bundled by esbuild into
// dist/ui/<name>/main.js, and the files of its public/ folder (index.html, style sheets) are copied
// beside it. The servers serve dist/ui/<name>/ when present. Plain ESM so it runs before tsc.
import { build } from 'esbuild';
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import process from 'node:process';

const uiRoot = dirname(fileURLToPath(import.meta.url));
const outRoot = join(uiRoot, '..', 'dist', 'ui');

/** Whether a path exists. */
async function exists(path) {
  return stat(path).then(
    () => true,
    () => false,
  );
}

const apps = [];
for (const entry of await readdir(uiRoot, { withFileTypes: true })) {
  if (entry.isDirectory() && (await exists(join(uiRoot, entry.name, 'src', 'main.ts'))))
    apps.push(entry.name);
}

for (const app of apps.sort()) {
  const out = join(outRoot, app);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await build({
    entryPoints: [join(uiRoot, app, 'src', 'main.ts')],
    outfile: join(out, 'main.js'),
    bundle: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    minify: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    tsconfig: join(uiRoot, app, 'tsconfig.json'),
    logLevel: 'warning',
  });
  if (await exists(join(uiRoot, app, 'public')))
    await cp(join(uiRoot, app, 'public'), out, { recursive: true });
  process.stdout.write(`ui: built ${app} into dist/ui/${app}/\n`);
}
