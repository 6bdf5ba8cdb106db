// Builds the browser front ends. Every folder under ui/ with an entry `src/main.ts` (or
// `src/<folder>.ts`) is bundled by esbuild into dist/ui/<folder>/<entry>.js; its static files (the
// `public/` folder, or else the .html and .css files beside `src/`) are copied beside the bundle.
// The servers serve dist/ui/<folder>/ when present. Plain ESM, so it runs before tsc.
import { build } from 'esbuild';
import { copyFile, cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
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

/** The entry of an app folder, or undefined when the folder is no app. */
async function entryOf(app) {
  for (const name of ['main.ts', `${app}.ts`]) {
    const path = join(uiRoot, app, 'src', name);
    if (await exists(path)) return path;
  }
  return undefined;
}

/** Copies an app's static files into its output folder. */
async function copyStatic(app, out) {
  const publicDir = join(uiRoot, app, 'public');
  if (await exists(publicDir)) return cp(publicDir, out, { recursive: true });
  for (const entry of await readdir(join(uiRoot, app), { withFileTypes: true }))
    if (entry.isFile() && /\.(html|css|svg|ico)$/.test(entry.name))
      await copyFile(join(uiRoot, app, entry.name), join(out, entry.name));
}

const folders = (await readdir(uiRoot, { withFileTypes: true }))
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
for (const app of folders.sort()) {
  const entry = await entryOf(app);
  if (!entry) continue;
  const out = join(outRoot, app);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  await build({
    entryPoints: [entry],
    outdir: out,
    entryNames: '[name]',
    bundle: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    minify: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    tsconfig: join(uiRoot, app, 'tsconfig.json'),
    logLevel: 'warning',
  });
  await copyStatic(app, out);
  process.stdout.write(`ui: built ${app} into dist/ui/${app}/\n`);
}
