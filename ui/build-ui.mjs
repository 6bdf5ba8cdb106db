// Builds the browser front ends. Every folder under ui/ with an entry `src/main.ts` (or
// `src/<folder>.ts`) is bundled by esbuild into dist/ui/<folder>/<entry>.js; its static files (the
// `public/` folder, or else the .html and .css files beside `src/`) are copied beside the bundle.
// `node ui/build-ui.mjs --app DIR --name NAME --out DIR` builds one app folder elsewhere (the live
// viewer's package builds its page with it). The servers serve their built page when present. Plain
// ESM, so it runs before tsc.
//
// An app's `ui-build.json` may list third-party libraries (`thirdParty`) that are not bundled: every
// file of theirs the page reaches is copied unmodified into <out>/vendor/<package>/, beside the
// package's licence text, and the page's index.html gets an import map from the specifiers the code
// uses to those files; `thirdPartyFiles` names files a page loads by URL instead of importing them, and
// `licence` a licence file copied beside the page. The list of what was copied, with versions and
// licences, is <out>/third-party.json (the viewer's About dialog). `spdx` names the licence of the app's
// own code: every script the build writes then starts with its SPDX-License-Identifier comment, as the
// app's sources do (minifying drops their comments).
//
// An app without `thirdParty` (the editor) bundles its libraries into its script; each bundled
// package's full licence text is copied into <out>/licences/<package>/, listed in <out>/third-party.json,
// and linked from <out>/licences.html, which the app's page links to. docs/decisions/0204-the-editor-bundles-lit-and-ships-its-licence-texts.md says why.
import { build } from 'esbuild';
import { copyFile, cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import process from 'node:process';

const uiRoot = dirname(fileURLToPath(import.meta.url));
// Where node_modules is: the repository root (npm workspaces install every package's libraries there).
const repoRoot = join(uiRoot, '..');
const outRoot = join(repoRoot, 'dist', 'ui');

const LICENCE_FILES = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'LICENCE', 'LICENCE.md', 'COPYING', 'license'];

/** Whether a path exists. */
async function exists(path) {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The entry of an app folder, or undefined when the folder is no app. */
async function entryOf(app) {
  for (const name of ['main.ts', `${app.name}.ts`]) {
    const path = join(app.dir, 'src', name);
    if (await exists(path)) return path;
  }
  return undefined;
}

/** An app's build settings (ui-build.json), or none. */
async function settingsOf(app) {
  const file = join(app.dir, 'ui-build.json');
  return (await exists(file)) ? JSON.parse(await readFile(file, 'utf8')) : {};
}

/** Copies an app's static files (and the licence its settings name) into its output folder. */
async function copyStatic(app, out, settings) {
  const publicDir = join(app.dir, 'public');
  if (await exists(publicDir)) await cp(publicDir, out, { recursive: true });
  else
    for (const entry of await readdir(app.dir, { withFileTypes: true }))
      if (entry.isFile() && /\.(html|css|svg|ico)$/.test(entry.name))
        await copyFile(join(app.dir, entry.name), join(out, entry.name));
  if (settings.licence)
    await copyFile(join(app.dir, settings.licence), join(out, basename(settings.licence)));
}

/** The package folder (node_modules/<name> or node_modules/@scope/<name>) and path inside it of a file. */
function packageOf(file) {
  const parts = relative(join(repoRoot, 'node_modules'), file).split(sep);
  if (parts[0] === '..' || parts.length < 2) return undefined;
  const size = parts[0].startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, size).join('/'), path: parts.slice(size).join('/') };
}

/** The licence file of a package, or a build error naming it. */
async function licenceOf(name) {
  for (const file of LICENCE_FILES) if (await exists(join(repoRoot, 'node_modules', name, file))) return file;
  throw new Error(
    `ui: ${name} is served to the browser but has no licence file (${LICENCE_FILES.join(', ')})`,
  );
}

/** An installed package's package.json. */
async function packageJson(name) {
  return JSON.parse(await readFile(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'));
}

/** A third-party library's name, version, licence expression and homepage, from its package.json. */
async function libraryFacts(name) {
  const pkg = await packageJson(name);
  return { name, version: pkg.version, license: pkg.license, homepage: pkg.homepage ?? null };
}

/** Whether `name` is a listed library or a dependency of one (read from package.json files). */
async function allowedPackages(listed) {
  const allowed = new Set();
  const visit = async (name) => {
    if (allowed.has(name)) return;
    allowed.add(name);
    const pkg = await packageJson(name);
    for (const dep of Object.keys(pkg.dependencies ?? {})) await visit(dep);
  };
  for (const name of listed) await visit(name);
  return allowed;
}

/**
 * Copies the third-party files an app's code reaches (found by an analysis build's metafile) into
 * <out>/vendor/, unmodified, with each package's licence; returns the import map and the list.
 */
async function vendorThirdParty(app, entry, out, listed, listedFiles) {
  const analysis = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    tsconfig: join(app.dir, 'tsconfig.json'),
    // The metafile's paths are relative to this folder, the one node_modules is in.
    absWorkingDir: repoRoot,
    logLevel: 'silent',
    outdir: out,
  });
  const allowed = await allowedPackages(listed);
  const imports = {};
  const packages = new Map();
  for (const [input, info] of Object.entries(analysis.metafile.inputs)) {
    for (const edge of info.imports) {
      const target = packageOf(join(repoRoot, edge.path));
      if (!target || !edge.original || edge.original.startsWith('.')) continue;
      const url = `./vendor/${target.name}/${target.path}`;
      if (imports[edge.original] && imports[edge.original] !== url)
        throw new Error(`ui: ${edge.original} resolves to two files (${imports[edge.original]}, ${url})`);
      imports[edge.original] = url;
    }
    const pkg = packageOf(join(repoRoot, input));
    if (!pkg) continue;
    if (!allowed.has(pkg.name))
      throw new Error(
        `ui: ${app.name} reaches ${pkg.name} (${input}), which thirdParty in its ui-build.json does not list`,
      );
    if (!packages.has(pkg.name)) packages.set(pkg.name, []);
    packages.get(pkg.name).push(pkg.path);
  }
  for (const [name, files] of Object.entries(listedFiles ?? {})) {
    if (!allowed.has(name))
      throw new Error(`ui: thirdPartyFiles names ${name}, which thirdParty does not list`);
    if (!packages.has(name)) packages.set(name, []);
    for (const file of files) if (!packages.get(name).includes(file)) packages.get(name).push(file);
  }
  const list = [];
  for (const [name, files] of [...packages].sort(([a], [b]) => a.localeCompare(b))) {
    const dir = join(repoRoot, 'node_modules', name);
    const licence = await licenceOf(name);
    for (const file of [...files, licence]) {
      await mkdir(dirname(join(out, 'vendor', name, file)), { recursive: true });
      await copyFile(join(dir, file), join(out, 'vendor', name, file));
    }
    list.push({
      ...(await libraryFacts(name)),
      licenseFile: `vendor/${name}/${licence}`,
      files: files.sort().map((f) => `vendor/${name}/${f}`),
    });
  }
  await writeFile(join(out, 'third-party.json'), `${JSON.stringify({ libraries: list }, null, 2)}\n`);
  return { imports, external: Object.keys(imports) };
}

/** Copies the licence texts of the packages bundled into an app's script (from the build's metafile). */
async function bundledLicences(metafile, out) {
  const names = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const pkg = packageOf(join(repoRoot, input));
    if (pkg) names.add(pkg.name);
  }
  const list = [];
  for (const name of [...names].sort()) {
    const dir = join(repoRoot, 'node_modules', name);
    const licence = await licenceOf(name);
    await mkdir(join(out, 'licences', name), { recursive: true });
    await copyFile(join(dir, licence), join(out, 'licences', name, licence));
    list.push({ ...(await libraryFacts(name)), licenseFile: `licences/${name}/${licence}`, bundled: true });
  }
  await writeFile(join(out, 'third-party.json'), `${JSON.stringify({ libraries: list }, null, 2)}\n`);
  return list;
}

/** Text as HTML. */
function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Writes <out>/licences.html: each library bundled into `script`, with a link to its licence text. */
async function writeLicencePage(app, out, libraries, script) {
  const rows = libraries.map(
    (l) =>
      `      <li><a href="${escapeHtml(l.licenseFile)}">${escapeHtml(l.name)} ${escapeHtml(l.version)}</a> ` +
      `(${escapeHtml(l.license)})${l.homepage ? ` · <a href="${escapeHtml(l.homepage)}" rel="noreferrer">${escapeHtml(l.homepage)}</a>` : ''}</li>`,
  );
  const how = `The page's script ${script} contains these libraries, minified; here is each one's full licence text.`;
  const page = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    `    <title>rr ${escapeHtml(app.name)}: third-party licences</title>`,
    '  </head>',
    '  <body>',
    `    <h1>Third-party libraries of the rr ${escapeHtml(app.name)} page</h1>`,
    `    <p>${escapeHtml(how)}</p>`,
    '    <ul>',
    ...rows,
    '    </ul>',
    '  </body>',
    '</html>',
    '',
  ];
  await writeFile(join(out, 'licences.html'), page.join('\n'));
}

/** Puts the import map into the page's index.html, before its first module script. */
async function addImportMap(out, imports) {
  const page = join(out, 'index.html');
  if (!(await exists(page))) return;
  const html = await readFile(page, 'utf8');
  const map = `<script type="importmap">${JSON.stringify({ imports })}</script>`;
  const at = html.indexOf('<script type="module"');
  if (at < 0) throw new Error(`ui: ${page} has no module script to put the import map before`);
  await writeFile(page, `${html.slice(0, at)}${map}\n    ${html.slice(at)}`);
}

/** Builds one app: `app.dir` holds its src/ and static files, `out` receives the page. */
async function buildApp(app, out) {
  const entry = await entryOf(app);
  if (!entry) return;
  const settings = await settingsOf(app);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const listed = settings.thirdParty;
  const vendored = listed
    ? await vendorThirdParty(app, entry, out, listed, settings.thirdPartyFiles)
    : undefined;
  const built = await build({
    entryPoints: [entry],
    outdir: out,
    entryNames: '[name]',
    bundle: true,
    // Vendored libraries stay imports the page's import map resolves; a lazily imported part (the
    // 3D view) becomes a chunk of its own.
    ...(vendored ? { external: vendored.external, splitting: true, chunkNames: 'chunks/[name]-[hash]' } : {}),
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox115', 'safari16'],
    minify: true,
    ...(settings.spdx ? { banner: { js: `/* SPDX-License-Identifier: ${settings.spdx} */` } } : {}),
    sourcemap: 'linked',
    legalComments: 'linked',
    metafile: true,
    tsconfig: join(app.dir, 'tsconfig.json'),
    absWorkingDir: repoRoot,
    logLevel: 'warning',
  });
  await copyStatic(app, out, settings);
  if (vendored) await addImportMap(out, vendored.imports);
  // A vendoring app lists its libraries in its own About dialog; a bundling one links licences.html.
  if (!vendored)
    await writeLicencePage(
      app,
      out,
      await bundledLicences(built.metafile, out),
      `${basename(entry, '.ts')}.js`,
    );
  process.stdout.write(`ui: built ${app.name} into ${relative(process.cwd(), out) || '.'}/\n`);
}

/** The value of a `--flag VALUE` argument. */
function argument(flag) {
  const at = process.argv.indexOf(flag);
  return at < 0 ? undefined : process.argv[at + 1];
}

const one = argument('--app');
if (one) {
  const name = argument('--name') ?? basename(resolve(one));
  await buildApp({ name, dir: resolve(one) }, resolve(argument('--out') ?? join('dist', 'ui', name)));
} else {
  const folders = (await readdir(uiRoot, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  for (const name of folders.sort()) await buildApp({ name, dir: join(uiRoot, name) }, join(outRoot, name));
}
